// What an operator's validation sees: its arguments, the operands built so far, and helpers that
// check operands against the operator's limit rows and phrase errors the one way
// ("[label] <op> <argument>: <reason>").
#pragma once

#include <string>

#include "graph/arguments.h"
#include "graph/graph.h"
#include "graph/op_registry.h"

namespace webnn::graph {

class ValidationContext {
 public:
  ValidationContext(const Graph& graph, const OpInfo& op, const Arguments& args, const std::string& label);

  const std::string& op() const { return op_name_; }
  ArgReader& args() { return reader_; }
  const Graph& graph() const { return graph_; }

  // Reads operand argument `arg` and checks it against limit row `limit` (default: same name).
  // Returns nullptr (with the error recorded) when absent-but-required or invalid; absent optional
  // operands return nullptr without error.
  const OperandDesc* Operand(const std::string& arg, bool required = true, const std::string& limit = "");
  OperandId last_operand() const { return last_operand_; }
  std::vector<const OperandDesc*> OperandList(const std::string& arg, const std::string& limit = "");
  std::vector<OperandId> last_operand_list() const { return last_list_; }

  // Checks `desc` against limit row `limit`; `arg` names it in the message.
  bool CheckLimits(const std::string& arg, const std::string& limit, const OperandDesc& desc);
  // Same data type as `other` (spec: "same type as").
  bool CheckSameType(const std::string& arg, const OperandDesc& desc, const std::string& other_arg,
                     const OperandDesc& other);

  // An MLNumber to be cast to `type`: see BigIntAllowed (graph/cast_number.h).
  bool CheckNumberFor(const std::string& arg, const std::optional<Number>& n, DataType type);

  const Status& Fail(const std::string& arg, const std::string& reason) { return reader_.Fail(arg, reason); }
  bool ok() const { return reader_.status().ok(); }
  const Status& status() const { return reader_.status(); }

  // Finishes: checks each output against the "output" row (or `output_limits` in order) and returns the spec.
  Expected<NodeSpec> Finish(NodeSpec spec, std::vector<std::string> output_limits = {"output"});

 private:
  const OperandLimit* Limit(const std::string& name) const;
  const Graph& graph_;
  std::string op_name_;
  std::vector<OperandLimit> limits_;
  ArgReader reader_;
  OperandId last_operand_ = 0;
  std::vector<OperandId> last_list_;
};

// The spec's "check dimensions" (#mloperanddescriptor-check-dimensions), in its order: every dimension a
// "valid dimension" (1 to 2^31 - 1, the range of long), the rank ours (kMaxRank), the element count a valid
// dimension too, the byte length at most kMaxTensorByteLength. Empty when valid, else the reason.
std::string DimensionsProblem(DataType type, const Shape& shape);

// "[label] op" prefix.
std::string MessagePrefix(const std::string& op, const std::string& label);
// Result shape of numpy-style broadcasting, or nullopt when the shapes are incompatible.
std::optional<Shape> BroadcastShapes(const Shape& a, const Shape& b);

}  // namespace webnn::graph
