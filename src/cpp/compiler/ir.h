// The compiler's IR: a small, closed set of kernel-level operations in NHWC (in the manner of XNNPACK's
// subgraph), into which each WebNN operator lowers (src/cpp/graph/ops/*). Passes (fold, fuse, layout)
// rewrite it; lower/*.cc turn each node into runtime steps with packed weights and arena offsets.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "base/data_type.h"
#include "base/shape.h"
#include "kernels/elementwise_math.h"
#include "runtime/buffer.h"
#include "runtime/weight_sources.h"

namespace webnn::compiler {

using ValueId = uint32_t;
constexpr ValueId kNoValue = 0xffffffffu;

enum class ValueKind : uint8_t { kInternal, kInput, kConstant };

struct Value {
  DataType type = DataType::kFloat32;
  Shape shape;
  ValueKind kind = ValueKind::kInternal;
  uint32_t input_index = 0;                    // kInput: index into Subgraph::inputs
  std::shared_ptr<runtime::Buffer> data;       // kConstant
  // kConstant of int4 / uint4: `data` holds two elements a byte, low nibble first, as constant() took them (a
  // byte per element otherwise); passes/unpack_four_bit_constants.cc widens those that more than the blockwise
  // weights' packing reads.
  bool nibbles = false;
  // kConstant that constant() recognised as the bytes of an earlier build's packing (runtime/weight_sources.h):
  // `data` is null until ReadSourceBytes() reads them back, as the one step or pass that needs them runs.
  std::shared_ptr<const runtime::WeightSource> source;
  std::vector<uint32_t> output_indices;        // graph outputs this value is (usually 0 or 1)
};

struct MinMax {
  float min = -std::numeric_limits<float>::infinity();
  float max = std::numeric_limits<float>::infinity();
  bool IsIdentity() const { return std::isinf(min) && min < 0 && std::isinf(max) && max > 0; }
};

// Elementwise operations are the kernels' own enums (kernels/unary_ops.def, binary_ops.def).
using kernels::BinaryOp;
using kernels::UnaryOp;

// kMinMax: reduceMin and reduceMax of one float32 tensor over all of it as one node of two outputs (min, max),
// made by PairMinMaxReductions only.
enum class ReduceOp : uint8_t { kSum, kMean, kMax, kMin, kProduct, kL1, kL2, kLogSum, kLogSumExp, kSumSquare, kMinMax };
enum class PoolKind : uint8_t { kMax, kAverage, kL2 };
enum class PadMode : uint8_t { kConstant, kEdge, kReflection };

// The window of a convolution (conv2d, convTranspose2d) and its fused output clamp.
struct ConvWindow {
  uint32_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  uint32_t stride_h = 1, stride_w = 1, dilation_h = 1, dilation_w = 1;
  uint32_t groups = 1;
  MinMax clamp;
};
// A float32 unary activation other than a clamp (swish, hardSwish, sigmoid, ...) that alone read a convolution's
// float32 output, applied after the clamp to each block of output while it is in cache (FuseActivations); the same
// kernel on the same values as the unfused step, so the same bits. kIdentity for none.
struct ConvActivationParams {
  UnaryOp activation = UnaryOp::kIdentity;
  float activation_alpha = 0.0f, activation_beta = 0.0f;
};
// A depthwise convolution: one filter per channel (groups = input channels = output channels), which the
// lowerings run on the dwconv kernels.
inline bool IsDepthwise(uint32_t groups, uint32_t input_channels, uint32_t output_channels) {
  return groups == input_channels && output_channels == input_channels;
}
// input NHWC [N, H, W, C]; filter OHWI [O, KH, KW, C/groups]; optional bias [O] as inputs[2].
struct Conv2dParams : ConvWindow, ConvActivationParams {};
// An integer convolution (ONNX ConvInteger): inputs x uint8 NHWC [N, H, W, C], x's zero point (uint8, one
// element), and the filter less its zero point as a float32 constant of exact integers in [-255, 255], OHWI
// [O, KH, KW, C/groups]; output int32 NHWC: sum of (x - zero point) * filter, exact. Made from
// dequantizeLinear / conv2d / cast chains by FuseIntegerOps. With float_output, the cast to float32
// that followed and the mul by a scale and add of a bias that may follow it are fused in (optional inputs 3
// and 4, float32, one element or one per output channel; kNoValue for none), and `clamp` applies: the output
// is float32 clamp(float(sum) * scale + bias), each operation rounded as the unfused ones.
// With quantized_output (FuseOutputQuantization; float_output too) the node ends with a quantizeLinear: two more
// inputs after the epilogue's, its scale (float32 constant, one element) and zero point (uint8 or int8 constant,
// one element, the output's type), and the output holds clamp(roundEven(y / scale) + zero point) of the float32
// y it would have written (after the activation), as the separate quantizeLinear computes it.
struct QuantizedOutputParams {
  bool quantized_output = false;
};
struct ConvIntegerParams : ConvWindow, ConvActivationParams, QuantizedOutputParams {
  bool float_output = false;  // the activation (ConvActivationParams) applies only with it
  static constexpr size_t kQuantizationInput = 5;
};
// input NHWC [N, H, W, Cin]; filter IHWO [Cin, KH, KW, Cout/groups] (input channel i belongs to group
// i / (Cin/groups)); optional bias [Cout] as inputs[2]. The output NHWC [N, OH, OW, Cout] comes from
// the output value's shape (outputPadding / outputSizes already applied): output pixel oy receives
// input row iy through tap ky when oy = iy * stride_h + ky * dilation_h - pad_top (likewise x).
struct ConvTranspose2dParams : ConvWindow {};
enum class InterpolationMode : uint8_t { kNearestNeighbor, kLinear };
// NHWC [N, H, W, C] -> [N, OH, OW, C] (sizes from the output value), half-pixel centers:
// in = clamp((out + 0.5) * H / OH - 0.5, 0, H - 1); nearest takes ceil(in - 0.5), linear blends the
// two neighbours on each axis.
struct Resample2dParams {
  InterpolationMode mode = InterpolationMode::kNearestNeighbor;
};
// out[M, N] = alpha * op(a) x op(b) + beta * c; c (inputs[2], optional) broadcasts to [M, N].
struct GemmParams {
  bool a_transpose = false, b_transpose = false;
  float alpha = 1.0f, beta = 1.0f;
  MinMax clamp;
};
// batched [..., M, K] x [..., K, N] with broadcast batch dims; with b_transposed, input b is [..., N, K] (a
// transpose of its last two axes folded in by FuseTransposedB).
struct MatMulParams {
  bool b_transposed = false;
};
// A matmul of at most this many multiply-adds accumulates in double and rounds once (lower/gemm.cc), which WPT's
// 0-ULP matmul cases need; KeepBlockwiseWeights leaves such products to it.
inline constexpr uint64_t kExactMatMulMacs = 16384;
// An integer matmul (ONNX MatMulInteger): inputs a uint8 [..., M, K], a's zero point (uint8, one element), b
// as given (a uint8 constant [K, N]) and b's zero point (a uint8 constant [N], or [1] for all); output int32
// [..., M, N]: sum over k of (a - a zero point) * (b - b zero point), exact. float_output, inputs 4 and 5
// (scale, bias) and clamp: as ConvIntegerParams' inputs 3 and 4; quantized_output, inputs 6 and 7. Made from
// dequantizeLinear / matmul / cast chains by FuseIntegerOps.
struct MatMulIntegerParams : QuantizedOutputParams {
  bool float_output = false;
  bool b_transposed = false;  // b stored [N, K] (a QDQ gemm's bTranspose), its zero point one or [N]
  MinMax clamp;
  static constexpr size_t kQuantizationInput = 6;
};
// matmul of float32 a [..., M, K] by 4- or 8-bit weights kept at their stored size (onnxruntime's MatMulNBits as
// the WebNN EP sends it: dequantizeLinear of an int4/uint4/int8/uint8 constant with a scale and zero point per
// block of `block` along K, then a transpose; or weights [K, N] with a scale per column): inputs a, q (the
// constant, a byte per element), scale (float32 constant) and zero point (constant of q's type); output float32
// [..., M, N]. Element (n, k) of the weights is q[n * q_n + k * q_k], its scale and zero point at
// n * s_n + (k / block) * s_b. Made by KeepBlockwiseWeights.
struct BlockwiseMatMulParams {
  uint32_t n = 0, k = 0, block = 0;
  int64_t q_n = 0, q_k = 0, s_n = 0, s_b = 0;
};
// gather along axis 0 of rows of 4- or 8-bit values kept at their stored size (onnxruntime's GatherBlockQuantized
// as the WebNN EP sends it: gather(dequantizeLinear(int4/uint4/int8/uint8 constant [rows, row], scale and zero
// point per block of `block` along the row))): inputs indices, q (the constant, a byte per element, row-major),
// scale (float32 constant) and zero point (constant of q's type); output float32 [...indices, row]. The scale
// and zero point of element (r, i) are at r * s_n + (i / block) * s_b. Made by KeepBlockwiseWeights.
struct BlockwiseGatherParams {
  uint32_t rows = 0, row = 0, block = 0;
  int64_t s_n = 0, s_b = 0;
};
struct BinaryParams {
  BinaryOp op = BinaryOp::kAdd;
  MinMax clamp;
  // kAdd of float32 only (passes/fuse_pad.cc FusePadIntoAdd): when nonzero, input 1 holds rows of this many
  // elements, read as if zero-padded at the end to the output's last dimension; input 0 has the output's shape.
  int64_t padded_b_width = 0;
};
struct UnaryParams {
  UnaryOp op = UnaryOp::kIdentity;
  float alpha = 0.0f, beta = 0.0f;
  double min = -INFINITY, max = INFINITY;  // kClamp bounds (exact for integer types up to 2^53)
};
// NHWC pooling.
struct Pool2dParams {
  PoolKind kind = PoolKind::kMax;
  uint32_t window_h = 1, window_w = 1;
  uint32_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  uint32_t stride_h = 1, stride_w = 1, dilation_h = 1, dilation_w = 1;
};
struct SoftmaxParams { uint32_t axis = 0; };
// inputs: x, [scale], [bias]; scale/bias have the shape of x's dims at `axes`.
// channel_axis >= 0 (instanceNormalization): scale/bias are [C], indexed by that (not normalized) axis.
struct LayerNormParams {
  std::vector<uint32_t> axes;
  float epsilon = 1e-5f;
  bool has_scale = false, has_bias = false;
  int32_t channel_axis = -1;
};
struct TransposeParams { std::vector<uint32_t> perm; };
struct CopyParams {};  // reshape / identity: bytes copied unchanged
// reverse (optional, per axis): walk that axis from its end (reverse() is a full-range slice).
struct SliceParams { std::vector<uint32_t> starts, sizes, strides; std::vector<uint8_t> reverse; };
struct ConcatParams { uint32_t axis = 0; };
struct PadParams {
  std::vector<uint32_t> begin, end;
  PadMode mode = PadMode::kConstant;
  double value = 0.0;  // constant mode, converted to the element type when run
};
struct ExpandParams {};  // broadcast inputs[0] to the output shape
struct GatherParams { uint32_t axis = 0; };
struct WhereParams {};   // inputs: condition (uint8), true, false, all broadcast to the output
struct ReduceParams {
  ReduceOp op = ReduceOp::kSum;
  std::vector<uint32_t> axes;  // output keeps the reduced dims as 1 (a Copy reshapes afterwards)
};
struct CastParams {};
// quantizeLinear / dequantizeLinear: inputs x, scale, zeroPoint, the last two broadcast to x (blockwise
// scales arrive as broadcastable views). Dequantize: (x - zeroPoint) * scale, in float32, rounded once to
// the output type. Quantize: clamp(roundEven(x / scale) + zeroPoint) to the output type's range (NaN -> 0).
struct QuantizeParams { bool dequantize = false; };
// Index of the max (or min) along `axis`, first one on ties; output (int32 or int64) keeps the axis as 1.
struct ArgMinMaxParams {
  bool max = true;
  uint32_t axis = 0;
};
struct CumulativeSumParams {
  uint32_t axis = 0;
  bool exclusive = false, reversed = false;
};
// Indices (inputs[1]) are int32, uint32 or int64; negative ones count from the end, out-of-range ones
// are clamped (the spec leaves them implementation-defined; they must never reach outside a tensor).
struct GatherElementsParams { uint32_t axis = 0; };  // out[.., j, ..] = x[.., indices[.., j, ..], ..]
struct GatherNDParams {};                            // indices [..., k] address x's first k dims
struct ScatterElementsParams { uint32_t axis = 0; };  // inputs: x, indices, updates; later updates win
struct ScatterNDParams {};

namespace detail {
template <typename... T>
struct TypeList {};
template <typename L>
struct VariantOfRest;
template <typename First, typename... Rest>
struct VariantOfRest<TypeList<First, Rest...>> {
  using type = std::variant<Rest...>;
};
}  // namespace detail

// One alternative per row of nodes.def, in its order.
using NodeParams = typename detail::VariantOfRest<detail::TypeList<void
#define WEBNN_NODE(kind, name) , kind##Params
#include "compiler/nodes.def"
#undef WEBNN_NODE
                                                                   >>::type;

struct Node {
  NodeParams params;
  std::vector<ValueId> inputs;
  std::vector<ValueId> outputs;
  std::string label;  // the WebNN operator (and user label) it came from, for messages
  bool removed = false;
};

const char* NodeTypeName(const NodeParams& params);

struct GraphInput {
  std::string name;
  ValueId value;
};
struct GraphOutput {
  std::string name;
  ValueId value;
};

// Reads a constant that holds a packing instead of its bytes (Value::source) back into `data`; nothing for others.
Status ReadSourceBytes(Value& value);

class Subgraph {
 public:
  ValueId AddValue(DataType type, Shape shape);
  ValueId AddInput(const std::string& name, DataType type, Shape shape);
  ValueId AddConstant(DataType type, Shape shape, std::shared_ptr<runtime::Buffer> data, bool nibbles = false);
  void AddNode(NodeParams params, std::vector<ValueId> inputs, std::vector<ValueId> outputs, std::string label);
  void AddOutput(const std::string& name, ValueId value);

  std::vector<Value> values;
  std::vector<Node> nodes;
  std::vector<GraphInput> inputs;
  std::vector<GraphOutput> outputs;
  // The activations of a 4-bit matmul of one row: 16, 8 or 32 bits (CompileOptions::activation_bits).
  int activation_bits = 16;
};

}  // namespace webnn::compiler
