// conv2d(pad(x, zeros around H and W only)) -> conv2d(x) with the pad added to its padding: TFLite models write
// "VALID" convolutions after an explicit PAD (LiteRT.js's WebNN delegate sends both), and the pad step copied the
// whole activation to move it by a pixel (face_detection_full_range_sparse: 43 pads, 3.3 ms of its 17.7 ms). The
// conv's padding taps read zeros, which is what the pad wrote. Runs before FuseIntegerOps, so a dequantized
// activation padded in float (0 = its zero point) still reaches the integer conv, whose padding reads the zero
// point.
#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

// The pad node producing v when it pads a rank-4 NHWC tensor with zeros on axes 1 and 2 alone, else nullptr.
const Node* SpatialZeroPad(const Subgraph& g, ValueId v) {
  const int p = ProducerOf(g, v);
  if (p < 0) return nullptr;
  const Node& n = g.nodes[p];
  const auto* pad = std::get_if<PadParams>(&n.params);
  if (!pad || pad->mode != PadMode::kConstant || pad->value != 0.0 || pad->begin.size() != 4 || pad->end.size() != 4) return nullptr;
  if (pad->begin[0] || pad->end[0] || pad->begin[3] || pad->end[3]) return nullptr;
  return &n;
}

}  // namespace

void FusePadIntoConv(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (Node& conv : g.nodes) {
    auto* params = std::get_if<Conv2dParams>(&conv.params);
    if (conv.removed || !params || g.values[conv.inputs[0]].type != DataType::kFloat32) continue;
    const Node* pad = SpatialZeroPad(g, conv.inputs[0]);
    if (!pad || consumers[conv.inputs[0]] != 1) continue;
    const auto& p = std::get<PadParams>(pad->params);
    params->pad_top += p.begin[1];
    params->pad_bottom += p.end[1];
    params->pad_left += p.begin[2];
    params->pad_right += p.end[2];
    conv.inputs[0] = pad->inputs[0];
  }
  RemoveDeadNodes(g);
}

}  // namespace webnn::compiler
