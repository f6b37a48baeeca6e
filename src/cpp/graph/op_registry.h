// The operator table (ops.def) and the interface each family implements. One family's validation,
// shape inference, supported types and lowering live in one file: graph/ops/<family>.cc.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/data_type.h"
#include "base/status.h"
#include "compiler/ir.h"
#include "graph/arguments.h"
#include "graph/graph.h"

namespace webnn::graph {

constexpr uint32_t kMaxRank = 8;
// The spec's "valid tensor count": at most this many inputs of concat or outputs of split.
constexpr size_t kMaxTensorCount = 8192;

// One row of an operator's support limits: the data types and ranks one operand accepts. Validation
// checks operands against these rows, and opSupportLimits() reports them, so the two cannot disagree.
struct OperandLimit {
  std::string name;  // IDL member of the op's MLxxxSupportLimits ("input", "filter", "output", ...)
  DataTypeSet types;
  uint32_t min_rank = 0, max_rank = kMaxRank;
};

class ValidationContext;
class LoweringContext;

// What a family's validation returns: the node's inputs (absent optional ones are left out; the
// attributes say which are present), its attributes and its output descriptors.
struct NodeSpec {
  std::vector<OperandId> inputs;
  std::shared_ptr<const OpAttrs> attrs;
  std::vector<OperandDesc> outputs;
};

struct OpFamily {
  // Returns the node to add, or the Status (TypeError with "<op> <argument>: ..." message).
  Expected<NodeSpec> (*validate)(ValidationContext& ctx);
  std::vector<OperandLimit> (*limits)(std::string_view op);
  Status (*lower)(LoweringContext& ctx, const Node& node);
};

struct OpInfo {
  const char* name;
  const OpFamily* family;
};

const OpInfo* FindOp(std::string_view name);
const std::vector<OpInfo>& AllOps();

// The families, declared from ops.def (a family named on several rows is declared again; harmless).
#define OP(name, family) extern const OpFamily k##family##Family;
#include "graph/ops.def"
#undef OP

}  // namespace webnn::graph
