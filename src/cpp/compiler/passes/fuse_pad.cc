// conv2d(pad(x, zeros around H and W only)) -> conv2d(x) with the pad added to its padding: TFLite models write
// "VALID" convolutions after an explicit PAD (LiteRT.js's WebNN delegate sends both), and the pad step copied the
// whole activation to move it by a pixel (face_detection_full_range_sparse: 43 pads, 3.3 ms of its 17.7 ms). The
// conv's padding taps read zeros, which is what the pad wrote. Runs before FuseIntegerOps, so a dequantized
// activation padded in float (0 = its zero point) still reaches the integer conv, whose padding reads the zero
// point.
// add(a, pad(x, zeros at the end of the last axis)) -> one add reading x's rows as if padded: BlazeFace's residual
// blocks widen their channels that way (face_detection_short_range: 11 pads, 0.19 ms of its 2.2 ms steps).
#include <cmath>

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

// The pad node producing v when it pads float32 with zeros at the end of the last axis alone (TFLite's channel
// pad before a residual add: BlazeFace's blocks), else nullptr.
const Node* LastAxisZeroPad(const Subgraph& g, ValueId v) {
  const int p = ProducerOf(g, v);
  if (p < 0 || g.values[v].type != DataType::kFloat32) return nullptr;
  const Node& n = g.nodes[p];
  const auto* pad = std::get_if<PadParams>(&n.params);
  // +0 only: the kernel's padding is +0, and -0 + -0 is -0 where -0 + +0 is +0.
  if (!pad || pad->mode != PadMode::kConstant || pad->value != 0.0 || std::signbit(pad->value) || pad->end.empty() ||
      pad->end.back() <= 0) {
    return nullptr;
  }
  for (size_t d = 0; d < pad->begin.size(); ++d) {
    if (pad->begin[d] || (d + 1 < pad->end.size() && pad->end[d])) return nullptr;
  }
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

void FusePadIntoAdd(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (Node& add : g.nodes) {
    auto* params = std::get_if<BinaryParams>(&add.params);
    if (add.removed || !params || params->op != BinaryOp::kAdd || params->padded_b_width || add.inputs.size() != 2) continue;
    const Shape& out = g.values[add.outputs[0]].shape;
    for (int i = 0; i < 2; ++i) {
      const Node* pad = LastAxisZeroPad(g, add.inputs[i]);
      const ValueId other = add.inputs[1 - i];
      // The other operand has the output's shape (no broadcast), and the pad reads something narrower.
      if (!pad || consumers[add.inputs[i]] != 1 || g.values[other].shape != out || g.values[other].type != DataType::kFloat32) continue;
      const Shape& narrow = g.values[pad->inputs[0]].shape;
      if (narrow.empty() || narrow.back() <= 0) continue;
      params->padded_b_width = narrow.back();
      add.inputs = {other, pad->inputs[0]};  // add commutes
      break;
    }
  }
  RemoveDeadNodes(g);
}

}  // namespace webnn::compiler
