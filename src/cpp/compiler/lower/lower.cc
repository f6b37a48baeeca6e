#include "compiler/lower/lower.h"

namespace webnn::compiler {

Expected<StepPtr> LowerNode(const LowerArgs& a) {
  using LowerFn = Expected<StepPtr> (*)(const LowerArgs&);
  // Indexed like NodeParams: both follow nodes.def.
  static constexpr LowerFn kLower[] = {
#define WEBNN_NODE(kind, name) &Lower##kind,
#include "compiler/nodes.def"
#undef WEBNN_NODE
  };
  static_assert(std::size(kLower) == std::variant_size_v<NodeParams>);
  return kLower[a.node.params.index()](a);
}

}  // namespace webnn::compiler
