// MLGraphBuilder's engine: records operands and validated operators, and compiles the part of the
// graph that reaches the requested outputs. Spec: #api-mlgraphbuilder.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "compiler/compiler.h"
#include "graph/arguments.h"
#include "graph/graph.h"
#include "runtime/compiled_graph.h"
#include "runtime/tensor.h"

namespace webnn::graph {

class GraphBuilder {
 public:
  explicit GraphBuilder(uint32_t context_id, compiler::CompileOptions options = {}) : context_id_(context_id), options_(options) {}

  Expected<OperandId> Input(const std::string& name, DataType type, const Shape& shape);
  // `data` as the API gives it (4-bit values packed two to a byte; see base/data_type.h).
  Expected<OperandId> Constant(DataType type, const Shape& shape, const uint8_t* data, size_t bytes);
  // Takes `buffer` as the constant's storage (constant() copies a page's bytes once, into it), 4-bit data as
  // the page packed it (two to a byte): the compile widens only what more than a blockwise weight reads.
  Expected<OperandId> Constant(DataType type, const Shape& shape, std::shared_ptr<runtime::Buffer> buffer);
  // A constant whose bytes an earlier build packed (constant() found them equal, runtime/weight_sources.h): held as
  // that packing, its bytes read back when build() lowers their reader.
  Expected<OperandId> Constant(DataType type, const Shape& shape, std::shared_ptr<const runtime::WeightSource> source);
  Expected<OperandId> ConstantFromTensor(const std::shared_ptr<runtime::Tensor>& tensor);
  // constant(dataType, value): a scalar holding the spec's cast of value to dataType.
  Expected<OperandId> ConstantNumber(DataType type, const Number& value);
  // Validates and records one operator call; returns its output operands.
  Expected<std::vector<OperandId>> AddOperation(const std::string& op, const Arguments& args, const std::string& label);
  using NamedOutputs = std::vector<std::pair<std::string, OperandId>>;
  // build() in two halves: the checks the spec makes before it returns a promise (after which the
  // builder is spent), then the compile, which may run on another thread and takes the constants' bytes
  // (so that each is freed once packed, not after the whole compile).
  Status PrepareBuild(const NamedOutputs& outputs);
  Expected<std::shared_ptr<runtime::CompiledGraph>> Compile(const NamedOutputs& outputs);
  Expected<std::shared_ptr<runtime::CompiledGraph>> Build(const NamedOutputs& outputs);
  // After the compile: frees the operands and their constant data (the compiled graph holds what it uses,
  // packed weights mostly), so a built builder the page keeps does not keep a second copy of the weights.
  // Only the compile reads the graph once PrepareBuild has succeeded; every later call fails CheckUsable.
  void ReleaseGraph() { graph_ = Graph{}; }

  const OperandDesc* Desc(OperandId id) const;
  bool built() const { return built_; }

 private:
  Status CheckUsable(const char* method) const;
  Expected<OperandId> AddOperand(Operand operand);
  Status CheckConstantBytes(DataType type, const Shape& shape, size_t bytes) const;
  Expected<OperandId> AddConstant(DataType type, const Shape& shape, std::shared_ptr<runtime::Buffer> buffer);
  std::vector<bool> Reachable(const NamedOutputs& outputs) const;

  uint32_t context_id_;
  compiler::CompileOptions options_;
  Graph graph_;
  bool built_ = false;
};

// The spec's "check dimensions" of a descriptor (DimensionsProblem), as a TypeError prefixed by `prefix`.
Status ValidateDescriptor(const std::string& prefix, DataType type, const Shape& shape);

}  // namespace webnn::graph
