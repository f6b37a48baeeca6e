// What an operator's lowering sees: the compiler Subgraph being built and the mapping from the
// WebNN graph's operands to compiler values, with helpers for the patterns lowerings share (layout
// transposes, reshapes, float16 computed through float32).
#pragma once

#include <string>
#include <vector>

#include "compiler/ir.h"
#include "graph/graph.h"

namespace webnn::graph {

class LoweringContext {
 public:
  LoweringContext(const Graph& graph, compiler::Subgraph& subgraph, std::vector<compiler::ValueId>& values)
      : graph_(graph), g_(subgraph), values_(values) {}

  compiler::Subgraph& subgraph() { return g_; }
  const OperandDesc& desc(OperandId id) const { return graph_.operands[id].desc; }
  // The compiler value of an input operand of the node.
  compiler::ValueId In(const Node& node, size_t i) const { return values_[node.inputs[i]]; }
  // The compiler value the node's output `i` must be written to.
  compiler::ValueId Out(const Node& node, size_t i = 0) const { return values_[node.outputs[i]]; }

  compiler::ValueId NewValue(DataType type, Shape shape) { return g_.AddValue(type, std::move(shape)); }
  void Emit(compiler::NodeParams params, std::vector<compiler::ValueId> in, std::vector<compiler::ValueId> out);

  compiler::ValueId Transpose(compiler::ValueId x, const std::vector<uint32_t>& perm);
  compiler::ValueId Reshape(compiler::ValueId x, Shape shape);
  compiler::ValueId Cast(compiler::ValueId x, DataType type);
  compiler::ValueId Constant(DataType type, Shape shape, const void* data);
  // A scalar 0 of `type` (all bits zero is 0 in every data type).
  compiler::ValueId Zero(DataType type);
  // a OP b broadcast (numpy rules) into a new value; predicates give uint8.
  compiler::ValueId Binary(compiler::BinaryOp op, compiler::ValueId a, compiler::ValueId b);
  // op(x) into a new value of x's type and shape.
  compiler::ValueId Unary(compiler::UnaryParams params, compiler::ValueId x);
  const compiler::Value& value(compiler::ValueId v) const { return g_.values[v]; }

  void set_label(std::string label) { label_ = std::move(label); }

 private:
  const Graph& graph_;
  compiler::Subgraph& g_;
  std::vector<compiler::ValueId>& values_;
  std::string label_;
};

}  // namespace webnn::graph
