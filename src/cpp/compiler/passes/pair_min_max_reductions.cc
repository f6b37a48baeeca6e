// reduceMin(x) and reduceMax(x) over all of a float32 x -> one kMinMax node: DynamicQuantizeLinear as
// onnxruntime-web's WebNN EP sends it reduces each activation twice (its min and max, for the scale and zero
// point), then quantizes it; the pair read a U-Net's activations from memory twice (52 reduce steps, 12.3 of
// 246 ms at 1 thread). The fused step reads each chunk once from memory and the second time from cache.
#include <algorithm>

#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

// A live reduceMin or reduceMax of all of a float32 tensor that is not a constant.
bool WholeExtreme(const Subgraph& g, const Node& n, ReduceOp op) {
  const auto* p = std::get_if<ReduceParams>(&n.params);
  if (n.removed || !p || p->op != op || n.inputs.size() != 1 || n.outputs.size() != 1) return false;
  const Value& x = g.values[n.inputs[0]];
  if (x.type != DataType::kFloat32 || x.kind == ValueKind::kConstant || x.shape.empty() || *NumElements(x.shape) == 0) {
    return false;
  }
  std::vector<uint32_t> axes = p->axes;
  std::sort(axes.begin(), axes.end());
  for (size_t d = 0; d < axes.size(); ++d) {
    if (axes[d] != d) return false;
  }
  return axes.size() == x.shape.size();
}

}  // namespace

void PairMinMaxReductions(Subgraph& g) {
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const bool is_min = WholeExtreme(g, g.nodes[i], ReduceOp::kMin);
    if (!is_min && !WholeExtreme(g, g.nodes[i], ReduceOp::kMax)) continue;
    const ReduceOp other = is_min ? ReduceOp::kMax : ReduceOp::kMin;
    for (size_t j = i + 1; j < g.nodes.size(); ++j) {
      Node& partner = g.nodes[j];
      if (!WholeExtreme(g, partner, other) || partner.inputs[0] != g.nodes[i].inputs[0]) continue;
      // The first of the two becomes the pair (both outputs exist from there on: each one's readers come after
      // its own node, so after the first).
      Node& first = g.nodes[i];
      const ValueId min = is_min ? first.outputs[0] : partner.outputs[0], max = is_min ? partner.outputs[0] : first.outputs[0];
      std::get<ReduceParams>(first.params).op = ReduceOp::kMinMax;
      first.outputs = {min, max};
      first.label += "+" + partner.label;
      partner.removed = true;
      break;
    }
  }
}

}  // namespace webnn::compiler
