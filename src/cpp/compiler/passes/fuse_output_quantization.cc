// quantizeLinear(y) where y is an integer conv's or matmul's float32 output seen by nothing else -> the integer
// node writes the quantized bytes itself (a QDQ model's requantization: conv -> [activation] -> Q before the next
// layer's DQ). The float tensor between them was written and read again in full (1.8 MB for a [1, 56, 56, 144]
// activation); the tile is now quantized while in cache, with the operations of the separate step, so the bytes
// are the same. The time is about the separate step's (the quantize kernel is compute-bound): what goes is the
// float tensor.
#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

// The node's QuantizedOutputParams if it may take a quantizeLinear in (an integer node with its float epilogue),
// and the index of the quantization's first input in *first.
QuantizedOutputParams* QuantizableOutput(Node& n, size_t* first) {
  if (auto* p = std::get_if<ConvIntegerParams>(&n.params); p && p->float_output) {
    *first = ConvIntegerParams::kQuantizationInput;
    return p;
  }
  if (auto* p = std::get_if<MatMulIntegerParams>(&n.params); p && p->float_output) {
    *first = MatMulIntegerParams::kQuantizationInput;
    return p;
  }
  return nullptr;
}

}  // namespace

void FuseOutputQuantization(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (Node& q : g.nodes) {
    const auto* qp = std::get_if<QuantizeParams>(&q.params);
    if (q.removed || !qp || qp->dequantize) continue;
    const ValueId y = q.inputs[0], out = q.outputs[0];
    const DataType type = g.values[out].type;
    // One scale and zero point, known at build: the integer node runs before anything computing them would.
    if (!IsPerTensorQuantization(g, q, type) || g.values[y].type != DataType::kFloat32) continue;
    if (consumers[y] != 1 || !g.values[y].output_indices.empty()) continue;
    const int p = ProducerOf(g, y);
    if (p < 0) continue;
    Node& node = g.nodes[p];
    size_t first = 0;
    QuantizedOutputParams* params = QuantizableOutput(node, &first);
    if (!params || params->quantized_output) continue;
    params->quantized_output = true;
    node.inputs.resize(first, kNoValue);
    node.inputs.insert(node.inputs.end(), {q.inputs[1], q.inputs[2]});
    node.outputs[0] = out;
    node.label += "+" + q.label;
    q.removed = true;
  }
}

}  // namespace webnn::compiler
