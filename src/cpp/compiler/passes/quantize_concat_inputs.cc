// quantizeLinear(concat(x1, ..., xn)) -> concat(quantizeLinear(x1), ..., quantizeLinear(xn)), and an input that is
// dequantizeLinear(q) with the same scale and zero point is q itself: a QDQ network's skip connections (the
// decoder's upsampled features beside the encoder's, both dequantized, concatenated in float32 and quantized
// again) then concatenate bytes. Per-tensor quantization is elementwise, so quantizing the parts is quantizing the
// whole; and quantizeLinear(dequantizeLinear(q)) is q exactly for these scales: (q - z) * s, divided by s again,
// is within |q - z| * 2^-23 <= 3e-5 of the integer q - z, so it rounds back to it (neither product nor
// quotient leaves the normal range). What goes: the float concat and the quantization of the inputs that were
// quantized already (the U-Net's skip half), a pass over 4 + 1 bytes per element each.
#include <cmath>
#include <cstring>

#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

// The one float of a one-element float32 constant.
float ScalarOf(const Subgraph& g, ValueId v) {
  float s;
  std::memcpy(&s, g.values[v].data->data(), sizeof(s));
  return s;
}

// A per-tensor quantization whose scale is positive, normal and small enough that 255 steps stay finite.
bool PerTensor(const Subgraph& g, const Node& n, DataType type) {
  if (!IsPerTensorQuantization(g, n, type)) return false;
  const float s = ScalarOf(g, n.inputs[1]);
  return std::isnormal(s) && s > 0 && s <= 1e36f;
}

// Whether two per-tensor quantizations have the same scale and zero point (equal values, not the same constants:
// each QDQ pair of an exported model has its own).
bool SameParameters(const Subgraph& g, const Node& a, const Node& b) {
  return ScalarOf(g, a.inputs[1]) == ScalarOf(g, b.inputs[1]) &&
         g.values[a.inputs[2]].data->data()[0] == g.values[b.inputs[2]].data->data()[0];
}

}  // namespace

void QuantizeConcatInputs(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& q = g.nodes[i];
    const auto* qp = std::get_if<QuantizeParams>(&q.params);
    if (q.removed || !qp || qp->dequantize) continue;
    const ValueId y = q.inputs[0], out = q.outputs[0];
    const DataType type = g.values[out].type;
    if (!PerTensor(g, q, type) || g.values[y].type != DataType::kFloat32) continue;
    if (consumers[y] != 1 || !g.values[y].output_indices.empty()) continue;
    const int c = ProducerOf(g, y);
    if (c < 0 || !std::holds_alternative<ConcatParams>(g.nodes[c].params)) continue;
    // Each input quantized by a node inserted just before the concat (nodes stay in topological order), unless
    // it is the dequantization of bytes quantized the same way.
    const Node quantize = q;
    std::vector<ValueId> parts;
    size_t concat = static_cast<size_t>(c);
    for (size_t k = 0; k < g.nodes[concat].inputs.size(); ++k) {
      const ValueId x = g.nodes[concat].inputs[k];
      const int d = ProducerOf(g, x);
      if (d >= 0) {
        const Node& dq = g.nodes[d];
        const auto* dp = std::get_if<QuantizeParams>(&dq.params);
        if (dp && dp->dequantize && g.values[dq.inputs[0]].type == type && PerTensor(g, dq, type) && SameParameters(g, dq, quantize)) {
          parts.push_back(dq.inputs[0]);
          continue;
        }
      }
      const ValueId part = g.AddValue(type, g.values[x].shape);
      g.nodes.insert(g.nodes.begin() + concat, Node{QuantizeParams{}, {x, quantize.inputs[1], quantize.inputs[2]}, {part}, quantize.label});
      ++concat;
      parts.push_back(part);
    }
    i += concat - static_cast<size_t>(c);  // the quantizeLinear node moved along with the concat
    g.nodes[concat].inputs = parts;
    g.nodes[concat].outputs[0] = out;
    g.nodes[concat].label += "+" + quantize.label;
    g.nodes[i].removed = true;
  }
}

}  // namespace webnn::compiler
