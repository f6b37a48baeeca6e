// FuseTransposedB (passes.h): the transpose before a matmul's b folds into the matmul when it swaps the last two axes
// and nothing else reads its result. onnxruntime-web's WebNN EP sends attention's scores as matmul(q, transpose(K))
// with the keys [.., S, H] as they sit in the cache; the matmul then reads them as [.., H, S] in place.
#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

bool SwapsLastTwoAxes(const std::vector<uint32_t>& perm) {
  const size_t r = perm.size();
  if (r < 2 || perm[r - 2] != r - 1 || perm[r - 1] != r - 2) return false;
  for (size_t i = 0; i + 2 < r; ++i) {
    if (perm[i] != i) return false;
  }
  return true;
}

}  // namespace

void FuseTransposedB(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (Node& matmul : g.nodes) {
    auto* p = std::get_if<MatMulParams>(&matmul.params);
    if (matmul.removed || !p || p->b_transposed) continue;
    const ValueId b = matmul.inputs[1];
    const int t = ProducerOf(g, b);
    if (t < 0 || consumers[b] != 1 || !g.values[b].output_indices.empty() || g.values[b].type != DataType::kFloat32) continue;
    const auto* transpose = std::get_if<TransposeParams>(&g.nodes[t].params);
    if (!transpose || !SwapsLastTwoAxes(transpose->perm)) continue;
    matmul.inputs[1] = g.nodes[t].inputs[0];
    p->b_transposed = true;
  }
  RemoveDeadNodes(g);
}

}  // namespace webnn::compiler
