// Rewrites of the compiler IR. Each keeps the Subgraph valid: removed nodes are flagged `removed`,
// and values are redirected with ReplaceAllUses.
#pragma once

#include "base/status.h"
#include "compiler/ir.h"

namespace webnn::compiler {

// Flags every node whose outputs reach no graph output.
void RemoveDeadNodes(Subgraph& g);
// Evaluates nodes whose inputs are all constants (when the result is not much larger than its inputs, or, with
// widen_dequantized, when it is a dequantizeLinear of constants: the last fold, once the fusions that keep
// quantized weights as stored have taken theirs).
Status FoldConstants(Subgraph& g, bool widen_dequantized = false);
// Cancels transpose pairs and moves transposes through layout-agnostic nodes so NHWC flows between
// convolutions even when the graph is NCHW.
void OptimizeLayout(Subgraph& g);
// Folds relu / clamp into the conv2d, gemm or binary node that produces their only input, and
// mul(x, sigmoid(x)) (SiLU, as ONNX exporters write it) into one swish unary node.
void FuseActivations(Subgraph& g);
// conv2d(pad(x with zeros around H and W)) -> conv2d(x) with the pad in its padding (NHWC, after OptimizeLayout).
void FusePadIntoConv(Subgraph& g);
// add(a, pad(x with zeros at the end of the last axis)) in float32, a of the sum's shape -> add(a, x) reading x's
// narrower rows as if padded (BinaryParams::padded_b_width): no padded copy of x.
void FusePadIntoAdd(Subgraph& g);
// Turns cast(conv2d(dequantizeLinear(x_uint8, 1, x_zero_point), dequantizeLinear(w_uint8 constant, 1,
// w_zero_point)), int32) — ONNX ConvInteger as onnxruntime-web's WebNN EP sends it — into one ConvInteger node,
// the same with matmul (ONNX MatMulInteger) into one MatMulInteger node, and the float epilogue after either
// (cast to float32, mul by a scale, add a bias) into them.
void FuseIntegerOps(Subgraph& g);
// quantizeLinear (one constant scale and zero point) of a concat's float32 output that nothing else reads ->
// the concat of its inputs quantized, an input dequantized with the same scale and zero point taken as its bytes
// (a QDQ network's skip connections concatenate bytes).
void QuantizeConcatInputs(Subgraph& g);
// quantizeLinear (one constant scale and zero point, to uint8 or int8) of an integer conv's or matmul's float32
// output that nothing else reads -> the integer node writes the quantized output (a QDQ model's requantization).
// After FuseActivations: the activation comes before the quantization.
void FuseOutputQuantization(Subgraph& g);
// conv2d(x, cast(float16 constant -> float32)) and matmul(a of 256 rows or more, cast(...)), through reshapes
// and transposes: the conv or matmul reads the float16 constant (kept at its size; widened per run), the
// cast goes.
void KeepHalfWeights(Subgraph& g);
// matmul(a, transpose(dequantizeLinear(4- or 8-bit constant, scale, zero point per block along K))) - and the same
// without the transpose for weights stored [K, N] - through reshapes: one BlockwiseMatMul node that reads the
// quantized constant (packed at its size; no float copy of the weights), in place of the chain folding would widen
// (or, too large to fold, run at every dispatch).
void KeepBlockwiseWeights(Subgraph& g);
// int4 / uint4 constants arrive two elements a byte (Value::nibbles): widens to a byte per element every one that
// anything but a BlockwiseMatMul's or BlockwiseGather's quantized input reads (a zero point included), so that
// the passes and lowerings after it see the engine's form, and the packed 4-bit weights are never held twice
// their size. Runs right after KeepBlockwiseWeights (or in its place, when nothing is folded). Constants that hold
// an earlier build's packing instead of bytes (Value::source) are read back here unless only such a step's
// quantized input or scale reads them (then as the step is lowered): no pass after this one meets them.
Status UnpackFourBitConstants(Subgraph& g);
// matmul(a, transpose(b) of its last two axes) -> matmul reading b transposed (attention's q . K^T): no pass over b
// to transpose it, and one row against a b computed at run time reads b once where it lies.
void FuseTransposedB(Subgraph& g);
// reduceMin and reduceMax of the same float32 tensor over all of it (DynamicQuantizeLinear's pair) -> one node
// with both outputs, which reads the tensor once from memory.
void PairMinMaxReductions(Subgraph& g);
// Replaces nodes by cheaper ones that compute the same bits: pow(x, 2) by mul(x, x).
void ReduceStrength(Subgraph& g);

// Shared helpers.
void ReplaceAllUses(Subgraph& g, ValueId from, ValueId to);
std::vector<int> ConsumerCounts(const Subgraph& g);  // per value: live consumers (+1 per graph output use)
int ProducerOf(const Subgraph& g, ValueId v);        // live node index or -1
bool IsOneElementConstant(const Subgraph& g, ValueId v, DataType type);  // a constant of `type` with one element
// A quantizeLinear / dequantizeLinear node's scale and zero point are one-element constants (float32, and `type`:
// uint8 or int8), known at build.
bool IsPerTensorQuantization(const Subgraph& g, const Node& n, DataType type);

}  // namespace webnn::compiler
