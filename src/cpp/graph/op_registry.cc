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

}  // namespace webnn::graph
