// Quantized matmul weights stay quantized: onnxruntime-web's WebNN EP sends MatMulNBits as dequantizeLinear(uint4
// or uint8 constant [N, K / block, block], scale [N, K / block, 1], zero point) -> reshape [N, K] -> transpose ->
// matmul (and an int4/uint4/int8/uint8 initializer feeding DequantizeLinear -> MatMul, weight-only quantization,
// as the same without the transpose, [K, N]). Folding that chain would keep a float32 copy of the weights, 4-8x the
// bytes the page gave, and above 64 KiB it is not folded at all but dequantized at every dispatch; instead the
// matmul becomes one BlockwiseMatMul node reading the constant, its scale and zero point as they are
// (lower/blockwise.cc packs them once for the qb4w / qb8w kernels). The same for a gather of rows of such a
// constant (GatherBlockQuantized, an embedding table): one BlockwiseGather node. 8-bit weights beside activations
// that are themselves dequantized (ONNX MatMulInteger) are left to FuseIntegerOps, which runs them on integer
// kernels.
//
// The dequantized tensor D has the broadcast views of its quantize node: x [d0, ..., dr] and scale [s0, ..., sr]
// with each si 1 or di. Seen as the weights, D is [N, K] (before a transpose) or [K, N]: its dims split into an
// n part and a k part. The scale must be blockwise along k - the k dims it varies over come before the ones it
// is 1 over, which make the block - and it varies over all of the n part or none of it.
#include <optional>

#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

// The value a chain of reshapes (Copy nodes) starts from: the same elements in the same order.
ValueId ThroughReshapes(const Subgraph& g, ValueId v) {
  for (;;) {
    const int p = ProducerOf(g, v);
    if (p < 0 || !std::holds_alternative<CopyParams>(g.nodes[p].params)) return v;
    v = g.nodes[p].inputs[0];
  }
}

struct Split {
  uint32_t block = 0;
  int64_t s_n = 0, s_b = 0;
};

// The n and k parts of x's dims (n first when `n_first`), and the scale's strides over them, or nullopt when the
// scale is not blockwise along k.
std::optional<Split> SplitDims(const Shape& x, const Shape& scale, uint64_t n, uint64_t k, bool n_first) {
  const std::vector<uint64_t> stride = Strides(scale);
  // The dims of each part, in order, without the 1s (which carry no index).
  std::vector<size_t> n_dims, k_dims;
  std::vector<size_t>& leading = n_first ? n_dims : k_dims;
  std::vector<size_t>& trailing = n_first ? k_dims : n_dims;
  const uint64_t first = n_first ? n : k;
  uint64_t seen = 1;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] == 1) continue;
    if (seen < first) {
      leading.push_back(i);
      seen *= x[i];
    } else {
      trailing.push_back(i);
    }
  }
  if (seen != first) return std::nullopt;  // a dim straddles the two parts
  Split split;
  // n part: the scale varies over all of it (its last dim's stride steps n) or none of it.
  size_t varying = 0;
  for (size_t i : n_dims) varying += scale[i] != 1;
  if (varying != 0 && varying != n_dims.size()) return std::nullopt;
  if (varying) split.s_n = static_cast<int64_t>(stride[n_dims.back()]);
  // k part: dims the scale varies over (blocks), then dims it is 1 over (within a block).
  uint64_t block = 1;
  bool in_block = false;
  int64_t s_b = 0;
  for (size_t i : k_dims) {
    if (scale[i] == 1) {
      in_block = true;
      block *= x[i];
    } else {
      if (in_block) return std::nullopt;  // the scale varies faster than some dim it is constant over
      s_b = static_cast<int64_t>(stride[i]);
    }
  }
  if (block % 4 != 0 || k % block != 0) return std::nullopt;
  split.block = static_cast<uint32_t>(block);
  split.s_b = s_b;
  return split;
}

// The dequantizeLinear node v comes from, back through single-use reshapes and, when `kn` is given, at most one
// 2-D transpose whose output is kn ([N, K] -> [K, N]: reshapes after it keep the elements' order, not
// necessarily b's dims; *transposed tells whether there was one); -1 if there is none.
int DequantizeBehind(const Subgraph& g, const std::vector<int>& consumers, ValueId v, const Shape* kn, bool* transposed) {
  while (consumers[v] == 1 && g.values[v].output_indices.empty()) {
    const int p = ProducerOf(g, v);
    if (p < 0) return -1;
    const Node& node = g.nodes[p];
    if (const auto* q = std::get_if<QuantizeParams>(&node.params)) return q->dequantize ? p : -1;
    if (const auto* t = std::get_if<TransposeParams>(&node.params)) {
      if (!kn || *transposed || t->perm != std::vector<uint32_t>{1, 0} || g.values[node.outputs[0]].shape != *kn) return -1;
      *transposed = true;
    } else if (!std::holds_alternative<CopyParams>(node.params)) {
      return -1;
    }
    v = node.inputs[0];
  }
  return -1;
}

// The quantized constant a dequantizeLinear node reads, when it is one the blockwise kernels take: a 4- or 8-bit
// constant (through reshapes) with float32 constant scales and constant zero points, dequantized to float32.
struct QuantizedConstant {
  ValueId q, s, z;
  bool eight_bit;
};

std::optional<QuantizedConstant> QuantizedConstantOf(const Subgraph& g, const Node& dequantize) {
  const ValueId q = ThroughReshapes(g, dequantize.inputs[0]), s = ThroughReshapes(g, dequantize.inputs[1]),
                z = ThroughReshapes(g, dequantize.inputs[2]);
  const DataType q_type = g.values[q].type;
  const bool eight_bit = q_type == DataType::kInt8 || q_type == DataType::kUint8;
  if (!(IsFourBit(q_type) || eight_bit) || g.values[q].kind != ValueKind::kConstant || g.values[s].kind != ValueKind::kConstant ||
      g.values[z].kind != ValueKind::kConstant || g.values[s].type != DataType::kFloat32 ||
      g.values[dequantize.outputs[0]].type != DataType::kFloat32) {
    return std::nullopt;
  }
  return QuantizedConstant{q, s, z, eight_bit};
}

// gather(dequantizeLinear(...) through single-use reshapes, indices) along axis 0, rows blockwise along their
// elements -> one BlockwiseGather node (an embedding table kept at its size; GatherBlockQuantized as the EP sends
// it).
void KeepBlockwiseGather(Subgraph& g, const std::vector<int>& consumers, Node& gather) {
  const Shape& table = g.values[gather.inputs[0]].shape;
  if (std::get<GatherParams>(gather.params).axis != 0 || table.size() < 2) return;
  const int dq = DequantizeBehind(g, consumers, gather.inputs[0], nullptr, nullptr);
  if (dq < 0) return;
  const Node& dequantize = g.nodes[dq];
  const auto constant = QuantizedConstantOf(g, dequantize);
  if (!constant) return;
  const uint64_t rows = table[0], row = *NumElements(table) / rows;
  const auto split = SplitDims(g.values[dequantize.inputs[0]].shape, g.values[dequantize.inputs[1]].shape, rows, row, true);
  if (!split) return;
  BlockwiseGatherParams params;
  params.rows = static_cast<uint32_t>(rows);
  params.row = static_cast<uint32_t>(row);
  params.block = split->block;
  params.s_n = split->s_n;
  params.s_b = split->s_b;
  gather.params = params;
  gather.inputs = {gather.inputs[1], constant->q, constant->s, constant->z};
}

// matmul(a, b) with b a dequantized 4- or 8-bit constant (see the top of the file) -> one BlockwiseMatMul node.
void KeepBlockwiseMatMul(Subgraph& g, const std::vector<int>& consumers, Node& matmul) {
  const Value& a = g.values[matmul.inputs[0]];
  const Shape& b_shape = g.values[matmul.inputs[1]].shape;
  if (a.type != DataType::kFloat32 || b_shape.size() < 2) return;
  bool shared_b = true;
  for (size_t d = 0; d + 2 < b_shape.size(); ++d) shared_b = shared_b && b_shape[d] == 1;
  const uint64_t k = b_shape[b_shape.size() - 2], n = b_shape.back();
  if (!shared_b || *NumElements(a.shape) * n <= kExactMatMulMacs) return;
  bool transposed = false;
  const Shape kn{static_cast<uint32_t>(k), static_cast<uint32_t>(n)};
  const int dq = DequantizeBehind(g, consumers, matmul.inputs[1], &kn, &transposed);
  if (dq < 0) return;
  const Node& dequantize = g.nodes[dq];
  const auto constant = QuantizedConstantOf(g, dequantize);
  if (!constant) return;
  if (constant->eight_bit) {
    const int a_producer = ProducerOf(g, ThroughReshapes(g, matmul.inputs[0]));
    if (a_producer >= 0 && std::holds_alternative<QuantizeParams>(g.nodes[a_producer].params)) return;
  }
  const Shape& x_view = g.values[dequantize.inputs[0]].shape;
  const auto split = SplitDims(x_view, g.values[dequantize.inputs[1]].shape, n, k, transposed);
  if (!split) return;
  BlockwiseMatMulParams params;
  params.n = static_cast<uint32_t>(n);
  params.k = static_cast<uint32_t>(k);
  params.block = split->block;
  params.q_n = transposed ? static_cast<int64_t>(k) : 1;
  params.q_k = transposed ? 1 : static_cast<int64_t>(n);
  params.s_n = split->s_n;
  params.s_b = split->s_b;
  matmul.params = params;
  matmul.inputs = {matmul.inputs[0], constant->q, constant->s, constant->z};
}

}  // namespace

void KeepBlockwiseWeights(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (Node& node : g.nodes) {
    if (node.removed) continue;
    if (std::holds_alternative<MatMulParams>(node.params)) KeepBlockwiseMatMul(g, consumers, node);
    if (std::holds_alternative<GatherParams>(node.params)) KeepBlockwiseGather(g, consumers, node);
  }
  RemoveDeadNodes(g);
}

}  // namespace webnn::compiler
