#include "graph/op_registry.h"

#include "graph/lowering_context.h"
#include "graph/validation_context.h"

namespace webnn::graph {

const std::vector<OpInfo>& AllOps() {
  static const std::vector<OpInfo> ops = {
#define OP(name, family) {#name, &k##family##Family},
#include "graph/ops.def"
#undef OP
  };
  return ops;
}

const OpInfo* FindOp(std::string_view name) {
  for (const OpInfo& op : AllOps()) {
    if (name == op.name) return &op;
  }
  return nullptr;
}

// Operators that exist on MLGraphBuilder but are not implemented yet: the call fails with
// NotSupportedError naming the operator, and opSupportLimits() reports no data types for them.
const OpFamily kNotYetFamily = {
    [](ValidationContext& ctx) -> Expected<NodeSpec> {
      return NotSupported(ctx.op() + ": not supported yet by webnn-wasm.");
    },
    [](std::string_view) { return std::vector<OperandLimit>{}; },
    [](LoweringContext&, const Node&) { return NotSupported("not supported yet."); },
};

}  // namespace webnn::graph
