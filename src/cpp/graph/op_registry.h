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

#define WEBNN_DECLARE_FAMILY(family) extern const OpFamily k##family##Family;
WEBNN_DECLARE_FAMILY(NotYet)
WEBNN_DECLARE_FAMILY(ElementwiseUnary)
WEBNN_DECLARE_FAMILY(ElementwiseBinary)
WEBNN_DECLARE_FAMILY(Activation)
WEBNN_DECLARE_FAMILY(Clamp)
WEBNN_DECLARE_FAMILY(Cast)
WEBNN_DECLARE_FAMILY(Conv2d)
WEBNN_DECLARE_FAMILY(Pool2d)
WEBNN_DECLARE_FAMILY(Gemm)
WEBNN_DECLARE_FAMILY(MatMul)
WEBNN_DECLARE_FAMILY(Softmax)
WEBNN_DECLARE_FAMILY(LayerNormalization)
WEBNN_DECLARE_FAMILY(BatchNormalization)
WEBNN_DECLARE_FAMILY(Transpose)
WEBNN_DECLARE_FAMILY(Reshape)
WEBNN_DECLARE_FAMILY(Slice)
WEBNN_DECLARE_FAMILY(Concat)
WEBNN_DECLARE_FAMILY(Split)
WEBNN_DECLARE_FAMILY(Pad)
WEBNN_DECLARE_FAMILY(Expand)
WEBNN_DECLARE_FAMILY(Gather)
WEBNN_DECLARE_FAMILY(Where)
WEBNN_DECLARE_FAMILY(Reduce)
#undef WEBNN_DECLARE_FAMILY

}  // namespace webnn::graph
