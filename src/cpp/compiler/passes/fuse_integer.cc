// ConvInteger as onnxruntime-web's WebNN EP sends it (../shared/notes/onnxruntime-webnn-quantized.md):
//   x_float = dequantizeLinear(x_uint8, scale 1, x_zero_point)       (x_zero_point one value)
//   w_float = dequantizeLinear(w_uint8 constant, scale 1, w_zero_point constant), transposed to OHWI
//   y = cast(conv2d(x_float, w_float), int32)
// becomes ConvInteger(x_uint8, x_zero_point, w - w_zero_point): integer products summed exactly in int32 (the
// float conv rounded its sums above 2^24, and ran on 4-byte activations). The filter less its zero point is
// computed here once, as exact integers, whether the compiler had folded w_float into a constant (small
// filters) or not; the filter may be uint8 or int8. Left as they are: other scales (the QDQ form), a conv with
// a bias or a fused activation, int8 activations, a w_zero_point per input channel (the EP puts a
// per-channel one there: its math would then be wrong anyway), and fewer than 8 input channels per group unless
// depthwise (the IGEMM kernels read k 8 at a time; the dwconv kernel takes one filter per channel).
// MatMulInteger likewise: cast(matmul(dequantizeLinear(a_uint8, 1, a_zero_point), dequantizeLinear(b_uint8
// constant [K, N], 1, b_zero_point one value or one per column)), int32) becomes MatMulInteger(a_uint8,
// a_zero_point, b_uint8, b_zero_point), b as given; K below 8 is left to the float path.
// Then the float epilogue: what onnxruntime's dynamic quantization puts after a ConvInteger or MatMulInteger —
// cast to float32, mul by the product of the scales, add the bias — joins the integer node
// (FuseIntegerEpilogue), which converts each output tile in place while it is in cache, where three passes
// went over the tensor.
#include <algorithm>
#include <cstring>

#include "compiler/lower/integer_gemm.h"
#include "compiler/passes/passes.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

constexpr uint32_t kMinChannelsPerGroup = 8;

// Whether conv2d node `conv` has a shape the integer kernels take: 8 or more input channels per group (the IGEMM
// kernels read k 8 at a time), or depthwise (the dwconv kernel).
bool IntegerKernelsTake(const Subgraph& g, const Node& conv, const Conv2dParams& params) {
  const Shape& filter = g.values[conv.inputs[1]].shape;  // OHWI
  const Shape& x = g.values[conv.inputs[0]].shape;       // NHWC
  if (filter.size() != 4 || x.size() != 4) return false;
  return filter[3] >= kMinChannelsPerGroup || IsDepthwise(params.groups, x[3], filter[0]);
}

bool IsConstant(const Subgraph& g, ValueId v) { return v != kNoValue && g.values[v].kind == ValueKind::kConstant; }

// Whether constant v is float32 and every element 1.
bool AllOnes(const Subgraph& g, ValueId v) {
  if (!IsConstant(g, v) || g.values[v].type != DataType::kFloat32) return false;
  const float* f = reinterpret_cast<const float*>(g.values[v].data->data());
  for (uint64_t i = 0, n = *NumElements(g.values[v].shape); i < n; ++i) {
    if (f[i] != 1.0f) return false;
  }
  return true;
}

// The dequantizeLinear node producing v, or nullptr.
const Node* DequantizeOf(const Subgraph& g, ValueId v) {
  const int p = ProducerOf(g, v);
  if (p < 0) return nullptr;
  const auto* q = std::get_if<QuantizeParams>(&g.nodes[p].params);
  return q && q->dequantize ? &g.nodes[p] : nullptr;
}

// A live cast to int32: where both patterns end.
bool IsCastToInt32(const Subgraph& g, const Node& n) {
  return !n.removed && std::holds_alternative<CastParams>(n.params) && g.values[n.outputs[0]].type == DataType::kInt32;
}

// The dequantizeLinear of uint8 activations with scale 1 and one zero point producing v (how the EP hands a
// ConvInteger's or MatMulInteger's activations over), or nullptr.
const Node* UnitDequantizedActivation(const Subgraph& g, ValueId v) {
  const Node* dq = DequantizeOf(g, v);
  if (!dq || g.values[dq->inputs[0]].type != DataType::kUint8 || !AllOnes(g, dq->inputs[1]) ||
      *NumElements(g.values[dq->inputs[2]].shape) != 1) {
    return nullptr;
  }
  return dq;
}

// The dequantizeLinear of uint8 activations with one constant float32 scale and one zero point producing v (the
// QDQ form's activations), or nullptr.
const Node* ScaledDequantizedActivation(const Subgraph& g, ValueId v) {
  const Node* dq = DequantizeOf(g, v);
  if (!dq || g.values[dq->inputs[0]].type != DataType::kUint8) return nullptr;
  if (!IsOneElementConstant(g, dq->inputs[1], DataType::kFloat32) || *NumElements(g.values[dq->inputs[2]].shape) != 1) {
    return nullptr;
  }
  return dq;
}

// The integer node's epilogue scale: a float32 constant [n] of the activation's scale times each weight scale.
ValueId EpilogueScales(Subgraph& g, const Node& activation_dq, const std::vector<float>& weight_scales) {
  const float activation_scale = *reinterpret_cast<const float*>(g.values[activation_dq.inputs[1]].data->data());
  auto buffer = runtime::Buffer::Allocate(weight_scales.size() * sizeof(float));
  if (!buffer.ok()) return kNoValue;
  float* scale = reinterpret_cast<float*>((*buffer)->data());
  for (size_t i = 0; i < weight_scales.size(); ++i) scale[i] = activation_scale * weight_scales[i];
  return g.AddConstant(DataType::kFloat32, {static_cast<uint32_t>(weight_scales.size())}, std::move(*buffer));
}

// An int8 constant's uint8 twin of the same shape, each value + 128 (its bits ^ 0x80): differences of values are
// kept, so an int8 tensor less its int8 zero point equals its twin less the zero point's twin. kNoValue when out of
// memory.
ValueId UnsignedTwin(Subgraph& g, ValueId v) {
  const size_t count = *NumElements(g.values[v].shape);
  auto bytes = runtime::Buffer::Allocate(count);
  if (!bytes.ok()) return kNoValue;
  const uint8_t* from = g.values[v].data->data();
  for (size_t i = 0; i < count; ++i) (*bytes)->data()[i] = from[i] ^ 0x80;
  const Shape shape = g.values[v].shape;
  return g.AddConstant(DataType::kUint8, shape, std::move(*bytes));
}

// The strides of `shape` broadcast (numpy, right-aligned) to `full`: 0 where it broadcasts.
std::vector<uint64_t> BroadcastStrides(const Shape& shape, const Shape& full) {
  std::vector<uint64_t> strides(full.size(), 0);
  uint64_t stride = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const size_t d = shape.size() - 1 - i, f = full.size() - 1 - i;
    strides[f] = shape[d] == 1 ? 0 : stride;
    stride *= shape[d];
  }
  return strides;
}

// v, or the input of the transpose producing v (its perm in *perm): an activation may reach a conv through the
// NCHW -> NHWC transpose (a graph input's).
ValueId BehindTranspose(const Subgraph& g, ValueId v, std::vector<uint32_t>* perm) {
  if (const int t = ProducerOf(g, v); t >= 0 && std::holds_alternative<TransposeParams>(g.nodes[t].params)) {
    *perm = std::get<TransposeParams>(g.nodes[t].params).perm;
    return g.nodes[t].inputs[0];
  }
  return v;
}

// The uint8 activation x transposed by perm to `shape`, by a node inserted after node *i (which *i then names):
// the uint8 tensor is transposed instead of its float form, a quarter of the bytes.
ValueId TransposedAfter(Subgraph& g, size_t* i, ValueId x, const std::vector<uint32_t>& perm, const Shape& shape,
                        const std::string& label) {
  const ValueId y = g.AddValue(DataType::kUint8, shape);
  g.nodes.insert(g.nodes.begin() + *i + 1, Node{TransposeParams{perm}, {x}, {y}, label + "/layout"});
  ++*i;
  return y;
}

// The filter conv2d reads, less its zero point, as float32 exact integers, or nullptr when `filter` is not the
// dequantized uint8 or int8 constant of the pattern (optionally transposed, or already folded to a constant of
// small integers). The zero point may vary along the filter's axis 0 (the output channels) only. Without
// `scales` the dequantization's scale must be 1; with it, a constant scale varying along the output channels
// at most is allowed and given there, one float per output channel (the QDQ form).
std::shared_ptr<runtime::Buffer> IntegerFilter(const Subgraph& g, ValueId filter, std::vector<float>* scales = nullptr) {
  const Shape& out_shape = g.values[filter].shape;
  const uint64_t n = *NumElements(out_shape);
  if (IsConstant(g, filter)) {  // folded: (w - zero point) * 1, already exact integers
    if (scales) return nullptr;  // the scale is lost
    if (g.values[filter].type != DataType::kFloat32) return nullptr;
    const float* f = reinterpret_cast<const float*>(g.values[filter].data->data());
    for (uint64_t i = 0; i < n; ++i) {
      if (f[i] != static_cast<float>(static_cast<int32_t>(f[i])) || f[i] < -255.0f || f[i] > 255.0f) return nullptr;
    }
    return g.values[filter].data;
  }
  // The filter's elements are walked in its own order over `walk` (its shape; or, through a reshape that keeps
  // the output channels on axis 0 - a 1x1 filter's OIHW -> OHWI - the reshape's source shape, whose element
  // order is the same), mapped to the stored weights by `perm`.
  Shape walk = out_shape;
  std::vector<uint32_t> perm(out_shape.size());
  for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<uint32_t>(i);
  ValueId source = filter;
  if (const int t = ProducerOf(g, filter); t >= 0) {
    if (const auto* transpose = std::get_if<TransposeParams>(&g.nodes[t].params)) {
      perm = transpose->perm;
      source = g.nodes[t].inputs[0];
    } else if (std::holds_alternative<CopyParams>(g.nodes[t].params)) {
      const Shape& from = g.values[g.nodes[t].inputs[0]].shape;
      if (from.size() != out_shape.size() || from[0] != out_shape[0]) return nullptr;
      walk = from;
      source = g.nodes[t].inputs[0];
    }
  }
  const Node* dq = DequantizeOf(g, source);
  // uint8 or int8 weights (ONNX ConvInteger takes either beside uint8 activations); less their zero point
  // they are integers in [-255, 255] either way.
  if (!dq || !IsConstant(g, dq->inputs[0]) || !IsConstant(g, dq->inputs[2])) return nullptr;
  if (scales ? !IsConstant(g, dq->inputs[1]) || g.values[dq->inputs[1]].type != DataType::kFloat32 : !AllOnes(g, dq->inputs[1])) {
    return nullptr;
  }
  const DataType w_type = g.values[dq->inputs[0]].type;
  if (w_type != DataType::kUint8 && w_type != DataType::kInt8) return nullptr;
  const auto value = [w_type](const uint8_t* p, uint64_t at) {
    return w_type == DataType::kInt8 ? int32_t{static_cast<int8_t>(p[at])} : int32_t{p[at]};
  };
  const Shape& w_shape = g.values[dq->inputs[0]].shape;
  const Shape& zp_shape = g.values[dq->inputs[2]].shape;
  const std::vector<uint64_t> zp_strides = BroadcastStrides(zp_shape, w_shape);
  // A zero point varying along anything but the output channels (the filter's axis 0 after the transpose).
  for (size_t d = 0; d < w_shape.size(); ++d) {
    if (zp_strides[d] != 0 && d != perm[0]) return nullptr;
  }
  if (scales) {
    const Shape& scale_shape = g.values[dq->inputs[1]].shape;
    if (scale_shape.size() > w_shape.size()) return nullptr;
    const std::vector<uint64_t> scale_strides = BroadcastStrides(scale_shape, w_shape);
    for (size_t d = 0; d < w_shape.size(); ++d) {
      if (scale_strides[d] != 0 && d != perm[0]) return nullptr;
    }
    const float* s = reinterpret_cast<const float*>(g.values[dq->inputs[1]].data->data());
    scales->resize(out_shape[0]);
    for (uint32_t o = 0; o < out_shape[0]; ++o) (*scales)[o] = s[o * scale_strides[perm[0]]];
  }
  const uint8_t* w = g.values[dq->inputs[0]].data->data();
  const uint8_t* zp = g.values[dq->inputs[2]].data->data();
  auto buffer = runtime::Buffer::Allocate(n * sizeof(float));
  if (!buffer.ok()) return nullptr;
  float* out = reinterpret_cast<float*>((*buffer)->data());
  // Row by row of the output's last axis, each row's offsets into w and zp found once (build time grows
  // with the weights: this runs over every one of them).
  const std::vector<uint64_t> w_strides = Strides(w_shape);
  const size_t rank = walk.size(), last = rank - 1;
  const uint64_t row = walk[last], w_step = w_strides[perm[last]], zp_step = zp_strides[perm[last]];
  std::vector<uint64_t> index(rank, 0);
  for (uint64_t i = 0; i < n; i += row) {
    uint64_t w_at = 0, zp_at = 0;
    for (size_t d = 0; d < last; ++d) {
      w_at += index[d] * w_strides[perm[d]];
      zp_at += index[d] * zp_strides[perm[d]];
    }
    if (zp_step == 0 && w_type == DataType::kUint8) {  // the common case, without a branch per weight
      const int32_t z = value(zp, zp_at);
      for (uint64_t j = 0; j < row; ++j) out[i + j] = static_cast<float>(int32_t{w[w_at + j * w_step]} - z);
    } else {
      for (uint64_t j = 0; j < row; ++j) {
        out[i + j] = static_cast<float>(value(w, w_at + j * w_step) - value(zp, zp_at + j * zp_step));
      }
    }
    for (size_t d = last; d-- > 0;) {
      if (++index[d] < walk[d]) break;
      index[d] = 0;
    }
  }
  return *buffer;
}

// Whether float32 value v broadcasts over an NHWC output of `out_shape` as one value per output channel (or
// one value for all): one element, or its last axis the channels and every other axis 1.
bool IsChannelVector(const Subgraph& g, ValueId v, const Shape& out_shape) {
  const Value& value = g.values[v];
  if (value.type != DataType::kFloat32 || value.shape.size() > out_shape.size()) return false;
  const uint64_t n = *NumElements(value.shape);
  return n == 1 || (!value.shape.empty() && value.shape.back() == out_shape.back() && n == out_shape.back());
}

// The one live node reading value v, or -1 (none, several, or v is a graph output).
int SoleConsumer(const Subgraph& g, const std::vector<int>& consumers, ValueId v) {
  if (consumers[v] != 1 || !g.values[v].output_indices.empty()) return -1;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& n = g.nodes[i];
    if (!n.removed && std::find(n.inputs.begin(), n.inputs.end(), v) != n.inputs.end()) return static_cast<int>(i);
  }
  return -1;
}

// The binary `op` node that alone reads v with a channel vector as its other operand: its index, and that
// operand in *other.
int ChannelwiseBinary(const Subgraph& g, const std::vector<int>& consumers, ValueId v, BinaryOp op, const Shape& out_shape,
                      ValueId* other) {
  const int b = SoleConsumer(g, consumers, v);
  if (b < 0) return -1;
  const Node& n = g.nodes[b];
  const auto* p = std::get_if<BinaryParams>(&n.params);
  if (!p || p->op != op || !p->clamp.IsIdentity() || n.inputs.size() != 2 || n.inputs[0] == n.inputs[1]) return -1;
  const ValueId operand = n.inputs[0] == v ? n.inputs[1] : n.inputs[0];
  if (!IsChannelVector(g, operand, out_shape) || g.values[n.outputs[0]].shape != out_shape) return -1;
  *other = operand;
  return b;
}

void FuseIntegerEpilogue(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (size_t c = 0; c < g.nodes.size(); ++c) {
    Node& conv = g.nodes[c];  // a ConvInteger or MatMulInteger node
    NodeParams fused = conv.params;
    bool* float_output = nullptr;
    if (auto* p = std::get_if<ConvIntegerParams>(&fused)) float_output = &p->float_output;
    if (auto* p = std::get_if<MatMulIntegerParams>(&fused)) float_output = &p->float_output;
    if (conv.removed || !float_output || *float_output) continue;
    const Shape out_shape = g.values[conv.outputs[0]].shape;
    const int cast = SoleConsumer(g, consumers, conv.outputs[0]);
    if (cast < 0 || !std::holds_alternative<CastParams>(g.nodes[cast].params) ||
        g.values[g.nodes[cast].outputs[0]].type != DataType::kFloat32) {
      continue;
    }
    std::vector<int> chain{cast};
    ValueId y = g.nodes[cast].outputs[0], scale = kNoValue, bias = kNoValue;
    if (const int mul = ChannelwiseBinary(g, consumers, y, BinaryOp::kMul, out_shape, &scale); mul >= 0) {
      chain.push_back(mul);
      y = g.nodes[mul].outputs[0];
    }
    if (const int add = ChannelwiseBinary(g, consumers, y, BinaryOp::kAdd, out_shape, &bias); add >= 0) {
      chain.push_back(add);
      y = g.nodes[add].outputs[0];
    }
    // The fused node takes the place of the chain's last node: the scale and bias are computed by then
    // (onnxruntime multiplies the two scales after the ConvInteger).
    *float_output = true;
    std::vector<ValueId> inputs = conv.inputs;  // then the scale and bias
    inputs.insert(inputs.end(), {scale, bias});
    Node node{std::move(fused), std::move(inputs), {y}, conv.label};
    conv.removed = true;
    for (int i : chain) g.nodes[i].removed = true;
    g.nodes[chain.back()] = std::move(node);
  }
}

// b of an integer matmul as given, a uint8 constant [K, N], and its zero point, a uint8 constant of one or
// N elements, from the matmul's float b: dequantizeLinear(b uint8 constant, 1, zero point constant varying
// along N at most) — no copy: the lowering packs the stored bytes — or, where the compiler folded that, a
// float32 constant of exact integers, each column spanning at most 255 (small: rewritten as (f - min f)
// with zero point -min f per column).
bool IntegerMatMulB(Subgraph& g, ValueId bf, uint32_t k, uint32_t n, ValueId* b, ValueId* zero_point) {
  if (const Node* dq = DequantizeOf(g, bf)) {
    if (!IsConstant(g, dq->inputs[0]) || g.values[dq->inputs[0]].type != DataType::kUint8 || !AllOnes(g, dq->inputs[1]) ||
        !IsConstant(g, dq->inputs[2])) {
      return false;
    }
    const Shape& zp_shape = g.values[dq->inputs[2]].shape;
    const uint64_t zp_n = *NumElements(zp_shape);
    if (zp_n != 1 && (zp_n != n || zp_shape.empty() || zp_shape.back() != n)) return false;  // along N only
    *b = dq->inputs[0];
    *zero_point = dq->inputs[2];
    return true;
  }
  if (!IsConstant(g, bf) || g.values[bf].type != DataType::kFloat32) return false;
  const float* f = reinterpret_cast<const float*>(g.values[bf].data->data());
  auto bytes = runtime::Buffer::Allocate(size_t{k} * n), zps = runtime::Buffer::Allocate(n);
  if (!bytes.ok() || !zps.ok()) return false;
  for (uint32_t j = 0; j < n; ++j) {  // column j: k values n apart
    if (!ColumnAsBytes(f + j, k, n, (*bytes)->data() + j, n, (*zps)->data() + j)) return false;
  }
  *b = g.AddConstant(DataType::kUint8, {k, n}, std::move(*bytes));
  *zero_point = g.AddConstant(DataType::kUint8, {n}, std::move(*zps));
  return true;
}

// cast(matmul(dequantizeLinear(a), dequantizeLinear(b constant)), int32) -> MatMulInteger (see the top).
void FuseIntegerMatMuls(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& cast = g.nodes[i];
    if (!IsCastToInt32(g, cast)) continue;
    const int m = ProducerOf(g, cast.inputs[0]);
    if (m < 0 || consumers[cast.inputs[0]] != 1 || !std::holds_alternative<MatMulParams>(g.nodes[m].params)) continue;
    const Node& matmul = g.nodes[m];
    const Node* dqa = UnitDequantizedActivation(g, matmul.inputs[0]);
    if (!dqa) continue;
    const Shape a_shape = g.values[matmul.inputs[0]].shape, b_shape = g.values[matmul.inputs[1]].shape;
    // One b for every row of a: rank 2, or leading axes of 1 that broadcast to a's batch.
    if (a_shape.size() < 2 || b_shape.size() < 2 || b_shape.size() > a_shape.size() || *NumElements(b_shape) != uint64_t{b_shape[b_shape.size() - 2]} * b_shape.back()) {
      continue;
    }
    const uint32_t k = b_shape[b_shape.size() - 2], n = b_shape.back();
    if (k < kMinChannelsPerGroup) continue;
    ValueId b = kNoValue, b_zero_point = kNoValue;
    if (!IntegerMatMulB(g, matmul.inputs[1], k, n, &b, &b_zero_point)) continue;
    Node node{MatMulIntegerParams{}, {dqa->inputs[0], dqa->inputs[2], b, b_zero_point}, {cast.outputs[0]}, matmul.label};
    g.nodes[m].removed = true;
    g.nodes[i] = std::move(node);
  }
  RemoveDeadNodes(g);
}

// int8 activations between a quantizeLinear and the dequantizeLinears that alone read them (a QDQ model's
// Q -> DQ pairs, int8 as onnxruntime's static quantization writes them by default) become uint8 with their zero
// point + 128: q + 128 = clamp(round(y / s) + z + 128, 0, 255), and (q + 128) - (z + 128) = q - z, so every
// value is the same; the integer kernels read uint8 activations. The zero points must be one constant value.
void UnsignQuantizedActivations(Subgraph& g) {
  const auto one_int8_constant = [&](ValueId v) { return IsOneElementConstant(g, v, DataType::kInt8); };
  std::vector<std::vector<int>> readers(g.values.size());
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i].removed) continue;
    for (ValueId v : g.nodes[i].inputs) {
      if (v != kNoValue) readers[v].push_back(static_cast<int>(i));
    }
  }
  std::vector<ValueId> unsigned_of(g.values.size(), kNoValue);  // an int8 zero point's uint8 twin, made once
  const auto unsigned_zero_point = [&](ValueId z) {
    if (unsigned_of[z] == kNoValue) unsigned_of[z] = UnsignedTwin(g, z);
    return unsigned_of[z];
  };
  for (Node& q : g.nodes) {
    const auto* p = std::get_if<QuantizeParams>(&q.params);
    if (q.removed || !p || p->dequantize || q.inputs.size() < 3 || !one_int8_constant(q.inputs[2])) continue;
    const ValueId y = q.outputs[0];
    if (g.values[y].type != DataType::kInt8 || !g.values[y].output_indices.empty() || readers[y].empty()) continue;
    bool all_dequantize = true;
    for (int r : readers[y]) {
      const Node& dq = g.nodes[r];
      const auto* rp = std::get_if<QuantizeParams>(&dq.params);
      all_dequantize = all_dequantize && rp && rp->dequantize && dq.inputs[0] == y && dq.inputs[2] != y &&
                       one_int8_constant(dq.inputs[2]);
    }
    if (!all_dequantize) continue;
    const ValueId qz = unsigned_zero_point(q.inputs[2]);
    if (qz == kNoValue) continue;
    std::vector<ValueId> dz;
    for (int r : readers[y]) dz.push_back(unsigned_zero_point(g.nodes[r].inputs[2]));
    if (std::find(dz.begin(), dz.end(), kNoValue) != dz.end()) continue;
    q.inputs[2] = qz;
    g.values[y].type = DataType::kUint8;
    for (size_t k = 0; k < dz.size(); ++k) g.nodes[readers[y][k]].inputs[2] = dz[k];
  }
}

// The QDQ form: conv2d(dequantizeLinear(x uint8, sx, zx), dequantizeLinear(w uint8/int8 constant, sw, zw), bias)
// with sx one constant value and sw one or one per output channel -> ConvInteger(x, zx, w - zw) with the float
// epilogue: scale sx * sw per output channel, the conv's bias (and, later, its activation). The sums of
// (x - zx)(w - zw) are exact integers, scaled once, where the float conv rounded each product and each sum.
// int8 activations, a run-time scale, and fewer than 8 input channels per group (but depthwise) stay on the float
// path.
void FuseQdqConvs(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  // ConvInteger as the EP sends it (scales 1, the sums cast to int32, perhaps through a reshape) is the pass
  // below's, which keeps the sums as integers.
  const auto cast_to_int32 = [&](ValueId v) {
    int c = SoleConsumer(g, consumers, v);
    if (c >= 0 && std::holds_alternative<CopyParams>(g.nodes[c].params)) c = SoleConsumer(g, consumers, g.nodes[c].outputs[0]);
    return c >= 0 && IsCastToInt32(g, g.nodes[c]);
  };
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& conv = g.nodes[i];
    const auto* params = std::get_if<Conv2dParams>(&conv.params);
    if (conv.removed || !params || !params->clamp.IsIdentity() || cast_to_int32(conv.outputs[0])) continue;
    std::vector<uint32_t> x_perm;
    const Node* dqx = ScaledDequantizedActivation(g, BehindTranspose(g, conv.inputs[0], &x_perm));
    if (!dqx || g.values[conv.inputs[0]].type != DataType::kFloat32) continue;
    const Shape filter_shape = g.values[conv.inputs[1]].shape;  // OHWI
    if (!IntegerKernelsTake(g, conv, *params)) continue;
    std::vector<float> scales;
    std::shared_ptr<runtime::Buffer> filter = IntegerFilter(g, conv.inputs[1], &scales);
    if (!filter) continue;
    const ValueId s = EpilogueScales(g, *dqx, scales);
    if (s == kNoValue) continue;
    ConvIntegerParams fused{static_cast<const ConvWindow&>(*params)};
    fused.float_output = true;
    const std::string label = conv.label;
    const ValueId y = conv.outputs[0], bias = conv.inputs.size() > 2 ? conv.inputs[2] : kNoValue, zx = dqx->inputs[2];
    ValueId x = dqx->inputs[0];
    const Shape x_shape = g.values[conv.inputs[0]].shape;
    const ValueId w = g.AddConstant(DataType::kFloat32, filter_shape, std::move(filter));
    g.nodes[i].removed = true;
    if (!x_perm.empty()) x = TransposedAfter(g, &i, x, x_perm, x_shape, label);
    g.nodes.insert(g.nodes.begin() + i + 1, Node{fused, {x, zx, w, s, bias}, {y}, label});
    ++i;
  }
}

// b of a QDQ matmul or gemm for MatMulInteger: dequantizeLinear(b uint8/int8 constant, sb, zb) with sb (float32)
// and zb constants, one value or one per column - along b's last axis, or along its first when b is stored
// transposed ([N, K], a gemm's bTranspose). int8 b is stored as uint8 less 128 (b + 128, zb + 128: the same
// differences), one pass over its bytes. The weight scale per column in *scales; false when b is not of that form.
bool QdqIntegerB(Subgraph& g, ValueId bf, bool transposed, uint32_t n, ValueId* b, ValueId* zero_point,
                 std::vector<float>* scales) {
  const Node* dqb = DequantizeOf(g, bf);
  if (!dqb) return false;
  const ValueId bq = dqb->inputs[0], sb = dqb->inputs[1], zb = dqb->inputs[2];
  const DataType b_type = g.values[bq].type;
  const Shape& b_shape = g.values[bq].shape;
  if (!IsConstant(g, bq) || !IsConstant(g, sb) || !IsConstant(g, zb) || (b_type != DataType::kUint8 && b_type != DataType::kInt8) ||
      b_shape != g.values[bf].shape || g.values[sb].type != DataType::kFloat32) {
    return false;
  }
  // Scales and zero points: one, or one per column, varying along the columns' axis only.
  const size_t column_axis = transposed ? b_shape.size() - 2 : b_shape.size() - 1;
  uint64_t column_stride = 0;
  for (const ValueId v : {sb, zb}) {
    if (g.values[v].shape.size() > b_shape.size()) return false;
    const std::vector<uint64_t> strides = BroadcastStrides(g.values[v].shape, b_shape);
    for (size_t d = 0; d < strides.size(); ++d) {
      if (strides[d] != 0 && d != column_axis) return false;
    }
    if (v == sb) column_stride = strides[column_axis];
  }
  const float* s = reinterpret_cast<const float*>(g.values[sb].data->data());
  scales->resize(n);
  for (uint32_t j = 0; j < n; ++j) (*scales)[j] = s[j * column_stride];
  *b = bq;
  *zero_point = zb;
  if (b_type == DataType::kInt8) {
    *b = UnsignedTwin(g, bq);
    *zero_point = UnsignedTwin(g, zb);
    if (*b == kNoValue || *zero_point == kNoValue) return false;
  }
  return true;
}

// The QDQ form of a matmul: matmul(dequantizeLinear(a uint8, sa, za), dequantizeLinear(b uint8/int8 constant
// [K, N], sb, zb)) [+ a bias per column], sa one constant value, sb and zb one or one per column -> MatMulInteger
// with the float epilogue (scale sa * sb per column, the bias).
void FuseQdqMatMuls(Subgraph& g) {
  const std::vector<int> consumers = ConsumerCounts(g);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& matmul = g.nodes[i];
    if (matmul.removed || !std::holds_alternative<MatMulParams>(matmul.params)) continue;
    const ValueId y = matmul.outputs[0];
    if (const int c = SoleConsumer(g, consumers, y); c >= 0 && IsCastToInt32(g, g.nodes[c])) continue;  // MatMulInteger's
    const Node* dqa = ScaledDequantizedActivation(g, matmul.inputs[0]);
    if (!dqa) continue;
    const Shape a_shape = g.values[matmul.inputs[0]].shape, b_shape = g.values[matmul.inputs[1]].shape;
    if (a_shape.size() < 2 || b_shape.size() < 2 || b_shape.size() > a_shape.size() ||
        *NumElements(b_shape) != uint64_t{b_shape[b_shape.size() - 2]} * b_shape.back()) {
      continue;
    }
    const uint32_t k = b_shape[b_shape.size() - 2], n = b_shape.back();
    ValueId b = kNoValue, b_zero_point = kNoValue;
    std::vector<float> weight_scales;
    if (k < kMinChannelsPerGroup || !QdqIntegerB(g, matmul.inputs[1], false, n, &b, &b_zero_point, &weight_scales)) continue;
    const ValueId s = EpilogueScales(g, *dqa, weight_scales);
    if (s == kNoValue) continue;
    // A following add of one value per column is the epilogue's bias.
    ValueId bias = kNoValue, out = y;
    int add = ChannelwiseBinary(g, consumers, y, BinaryOp::kAdd, g.values[y].shape, &bias);
    if (add >= 0) out = g.nodes[add].outputs[0];
    MatMulIntegerParams fused;
    fused.float_output = true;
    Node node{fused, {dqa->inputs[0], dqa->inputs[2], b, b_zero_point, s, bias}, {out}, matmul.label};
    g.nodes[i].removed = true;
    if (add >= 0) {
      g.nodes[add] = std::move(node);  // in the add's place: the bias is computed by then
    } else {
      g.nodes[i] = std::move(node);
    }
  }
}

// The QDQ form of a gemm (ONNX Gemm, a classifier's or a Linear layer's): gemm(dequantizeLinear(a uint8 [M, K], sa,
// za), dequantizeLinear(b uint8/int8 constant, [K, N] or [N, K] with bTranspose, sb, zb), c) with alpha and beta 1,
// no aTranspose, c absent or one value per column -> MatMulInteger with the float epilogue (c its bias), b packed
// from its stored layout either way.
void FuseQdqGemms(Subgraph& g) {
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& gemm = g.nodes[i];
    const auto* p = std::get_if<GemmParams>(&gemm.params);
    if (gemm.removed || !p || p->a_transpose || p->alpha != 1.0f || p->beta != 1.0f || !p->clamp.IsIdentity()) continue;
    const Node* dqa = ScaledDequantizedActivation(g, gemm.inputs[0]);
    if (!dqa) continue;
    const Shape& y_shape = g.values[gemm.outputs[0]].shape;
    const uint32_t k = g.values[gemm.inputs[0]].shape[1], n = y_shape[1];
    const ValueId c = gemm.inputs.size() > 2 ? gemm.inputs[2] : kNoValue;
    if (k < kMinChannelsPerGroup || (c != kNoValue && !IsChannelVector(g, c, y_shape))) continue;
    ValueId b = kNoValue, b_zero_point = kNoValue;
    std::vector<float> weight_scales;
    if (!QdqIntegerB(g, gemm.inputs[1], p->b_transpose, n, &b, &b_zero_point, &weight_scales)) continue;
    const ValueId s = EpilogueScales(g, *dqa, weight_scales);
    if (s == kNoValue) continue;
    MatMulIntegerParams fused;
    fused.float_output = true;
    fused.b_transposed = p->b_transpose;
    g.nodes[i] = Node{fused, {dqa->inputs[0], dqa->inputs[2], b, b_zero_point, s, c}, {gemm.outputs[0]}, gemm.label};
  }
}

}  // namespace

void FuseIntegerOps(Subgraph& g) {
  UnsignQuantizedActivations(g);
  FuseQdqConvs(g);
  FuseQdqMatMuls(g);
  FuseQdqGemms(g);
  const std::vector<int> consumers = ConsumerCounts(g);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& cast = g.nodes[i];
    if (!IsCastToInt32(g, cast)) continue;
    // A reshape may stand between them (a 1-channel conv's NHWC -> NCHW transpose became one).
    ValueId conv_out = cast.inputs[0];
    int c = ProducerOf(g, conv_out);
    const bool reshaped = c >= 0 && std::holds_alternative<CopyParams>(g.nodes[c].params);
    if (reshaped) {
      if (consumers[conv_out] != 1) continue;
      conv_out = g.nodes[c].inputs[0];
      c = ProducerOf(g, conv_out);
    }
    if (c < 0 || consumers[conv_out] != 1) continue;
    const Node& conv = g.nodes[c];
    const auto* params = std::get_if<Conv2dParams>(&conv.params);
    if (!params || (conv.inputs.size() > 2 && conv.inputs[2] != kNoValue)) continue;
    if (!params->clamp.IsIdentity()) continue;
    std::vector<uint32_t> x_perm;
    const ValueId xf = BehindTranspose(g, conv.inputs[0], &x_perm);
    const Node* dqx = UnitDequantizedActivation(g, xf);
    if (!dqx || g.values[conv.inputs[0]].type != DataType::kFloat32) continue;
    const Shape filter_shape = g.values[conv.inputs[1]].shape;  // OHWI
    if (!IntegerKernelsTake(g, conv, *params)) continue;
    std::shared_ptr<runtime::Buffer> filter = IntegerFilter(g, conv.inputs[1]);
    if (!filter) continue;
    ValueId x = dqx->inputs[0];
    const ValueId x_zero_point = dqx->inputs[2], y = cast.outputs[0];
    const Shape x_shape = g.values[conv.inputs[0]].shape;
    const ConvIntegerParams fused{static_cast<const ConvWindow&>(*params)};
    const std::string label = conv.label;
    const Shape conv_shape = g.values[conv_out].shape;
    const ValueId w = g.AddConstant(DataType::kFloat32, filter_shape, std::move(filter));
    g.nodes[i].removed = true;
    g.nodes[c].removed = true;
    if (!x_perm.empty()) x = TransposedAfter(g, &i, x, x_perm, x_shape, label);
    if (reshaped) {
      const ValueId z = g.AddValue(DataType::kInt32, conv_shape);
      g.nodes.insert(g.nodes.begin() + i + 1, Node{CopyParams{}, {z}, {y}, label});
      g.nodes.insert(g.nodes.begin() + i + 1, Node{fused, {x, x_zero_point, w}, {z}, label});
    } else {
      g.nodes.insert(g.nodes.begin() + i + 1, Node{fused, {x, x_zero_point, w}, {y}, label});
    }
  }
  RemoveDeadNodes(g);
  FuseIntegerMatMuls(g);
  FuseIntegerEpilogue(g);
  RemoveDeadNodes(g);
}

}  // namespace webnn::compiler
