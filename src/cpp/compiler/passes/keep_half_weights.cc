// Float16 weights stay float16: a model exported in half precision for float32 inputs reaches WebNN as
// constant(float16) -> cast(float32) -> conv2d filter or matmul b (onnxruntime-web's EP sends each
// initializer with its Cast). Folding the cast would keep a float32 copy of every weight, twice the bytes the page gave. Instead
// the cast is dropped and the conv reads the float16 constant (through the reshapes and transposes between
// them, which move float16 as well); its lowering packs the weights as float16 and widens them per run into
// the plan's scratch (lower/half_weights.h). Only where the weights are a conv's alone and its bias is
// constant or absent, or a matmul's of 256 rows or more; anything else keeps the folded float32.
#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

// A matmul keeps a float16 B when it has 256 rows or more and one 2-D B for all of them: widening B per run
// is a pass over it, which products of fewer rows feel (6 layers of 768x768, 2 threads: +20-25% at 16 rows,
// +5-14% at 128, none measurable at 512); those keep the folded float32 B until a kernel reads float16 B
// itself. Small products take matmul's exact path, which reads B as float32.
bool WorthKeepingHalf(const Subgraph& g, const Node& matmul) {
  const Shape& a = g.values[matmul.inputs[0]].shape;
  const Shape& b = g.values[matmul.inputs[1]].shape;
  if (a.size() < 2 || b.size() < 2) return false;
  for (size_t d = 0; d + 2 < b.size(); ++d) {
    if (b[d] != 1) return false;
  }
  const uint64_t rows = a[a.size() - 2], k = a.back(), n = b.back();
  return rows >= 256 && *NumElements(a) / k * k * n > 16384;
}

}  // namespace

void KeepHalfWeights(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    Node& conv = g.nodes[i];  // a conv2d, or a matmul
    if (conv.removed || conv.inputs.size() < 2) continue;
    if (std::holds_alternative<Conv2dParams>(conv.params)) {
      if (conv.inputs.size() > 2 && conv.inputs[2] != kNoValue && g.values[conv.inputs[2]].kind != ValueKind::kConstant) continue;
    } else if (std::holds_alternative<MatMulParams>(conv.params)) {
      if (!WorthKeepingHalf(g, conv)) continue;
    } else {
      continue;
    }
    // Back from the filter through single-use reshapes and transposes to a cast of a float16 constant.
    std::vector<int> chain;
    ValueId v = conv.inputs[1];
    int cast = -1;
    while (consumers[v] == 1 && g.values[v].output_indices.empty() && g.values[v].type == DataType::kFloat32) {
      const int p = ProducerOf(g, v);
      if (p < 0) break;
      const Node& n = g.nodes[p];
      if (std::holds_alternative<CastParams>(n.params)) {
        const Value& source = g.values[n.inputs[0]];
        if (source.kind == ValueKind::kConstant && source.type == DataType::kFloat16) cast = p;
        break;
      }
      if (!std::holds_alternative<TransposeParams>(n.params) && !std::holds_alternative<CopyParams>(n.params)) break;
      chain.push_back(p);
      v = n.inputs[0];
    }
    if (cast < 0) continue;
    // The values from the cast to the conv become float16; the cast goes.
    const ValueId half = g.nodes[cast].inputs[0];
    for (int p : chain) g.values[g.nodes[p].outputs[0]].type = DataType::kFloat16;
    if (chain.empty()) {
      conv.inputs[1] = half;
    } else {
      g.nodes[chain.back()].inputs[0] = half;
    }
    g.nodes[cast].removed = true;
  }
  RemoveDeadNodes(g);
}

}  // namespace webnn::compiler
