// Float activations against blockwise-quantized weights of 4 bits ("qb4w", XNNPACK's name for the weight form)
// or 8 bits ("qb8w"): the matmul of onnxruntime's MatMulNBits as WebNN receives it, dequantizeLinear(4- or 8-bit
// constant [N, K], scale and zero point per block of `bl` along K) -> transpose -> matmul, without a float copy of
// the weights. Per-column weights (one block of K) are the same form.
//
// W[k][n] = (q[n][k] - z[n][k / bl]) * s[n][k / bl]; q and z are held as offset binary in the packed form (uint4
// and uint8 as they are, int4 plus 8, int8 plus 128, so q - z is unchanged).
//
// Packed layout: two planes, each in blocks of 8 output columns (columns past nc are zero weights), block j of one
// plane beside block j of the other:
//   groups:  the block's q in k order, qb4w: kc / 4 groups of 16 bytes, each 4 rows k..k+3: byte 4 * c + r holds
//            q[k + r][n0 + c] in its low nibble and q[k + r][n0 + 4 + c] in its high nibble (c < 4), so one mask
//            and one shift give the two halves, each 32-bit lane a column's 4 rows; qb8w: kc / 2 groups of 16
//            bytes, each 2 rows k, k+1: byte 8 * r + c holds q[k + r][n0 + c]. A block is kc * bits bytes: exactly
//            those of its 8 columns' rows in an [N, K] constant, so the groups can be packed in that constant's own
//            bytes (Pack), and a build needs no second copy of its weights;
//   headers: per block of bl rows of k, 8 floats s[n0 .. n0 + 7] then 8 bytes z[n0 .. n0 + 7].
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

constexpr size_t kQbwNr = 8;

// Bytes of one block of 8 columns over kc rows, in each plane, and of a whole plane.
inline constexpr size_t kQbwHeaderBytes = kQbwNr * sizeof(float) + kQbwNr;
inline size_t QbwHeaderBlockBytes(size_t kc, size_t bl) { return kc / bl * kQbwHeaderBytes; }
inline size_t Qb4wGroupBlockBytes(size_t kc) { return kc * 4; }
inline size_t Qb8wGroupBlockBytes(size_t kc) { return kc * 8; }
inline size_t QbwColumnBlocks(size_t nc) { return (nc + kQbwNr - 1) / kQbwNr; }
inline size_t QbwHeadersSize(size_t nc, size_t kc, size_t bl) { return QbwColumnBlocks(nc) * QbwHeaderBlockBytes(kc, bl); }

// Where the weights come from: element (n, k) of q at index n * q_n + k * q_k (a byte each: int4 sign-extended or
// uint4, int8 or uint8; with `q_nibbles`, 4-bit q two to a byte, low nibble first, as constant() takes them), its
// scale and zero point at index n * s_n + (k / bl) * s_b of s and z (a byte each, or two to a byte with
// `z_nibbles`). `is_signed`: q and z are int4 / int8.
struct QbwSource {
  const uint8_t* q;
  int64_t q_n, q_k;
  const float* s;
  const uint8_t* z;
  int64_t s_n, s_b;
  bool is_signed;
  bool q_nibbles = false;
  bool z_nibbles = false;
};
// Packs the groups and the headers. `groups` may be q itself (in place) when q is [N, K] (q_k = 1, q_n = kc, 4-bit
// q as nibbles) and nc a multiple of 8: each block's rows are copied out before its groups are written over them.
void Qb4wPack(size_t nc, size_t kc, size_t bl, const QbwSource& source, uint8_t* groups, uint8_t* headers);
void Qb8wPack(size_t nc, size_t kc, size_t bl, const QbwSource& source, uint8_t* groups, uint8_t* headers);
// Qb4wPack's inverse for weights it packed from [N, K] nibbles (q_n = kc, q_k = 1, q_nibbles): rows [first, first +
// count) of that source, kc / 2 bytes each, low nibble first, as constant() took them, from the groups. A second
// session of a model is recognised by these bytes (runtime/weight_sources.h) instead of holding its own copy.
void Qb4wReadRows(size_t kc, bool is_signed, const uint8_t* groups, size_t first, size_t count, uint8_t* out);

// One row: c[j] = sum over k of a[k] * W[k][j] for j < nc, computed per block of bl rows as
// s * (sum of a[k] * (q - z)) and summed over the blocks in k order. Walks nc in 8-column blocks (groups and
// headers each advancing by their block bytes). No write past nc columns; no read of a past kc.
using F32QbwGemmUkernelFn = void (*)(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* groups,
                                     const uint8_t* headers, float* c);

// Widens one 8-column block of packed weights into the f32 GEMM's packed layout (kernels/gemm.h, NR 8, zero
// bias): W[k][j] = (q - z) * s, the float dequantizeLinear gives, so a GEMM on it computes what the unfused graph
// does. Each wasmsimd kernel is bit-exact with its scalar twin.
using QbwF32UnpackUkernelFn = void (*)(size_t kc, size_t bl, const uint8_t* groups, const uint8_t* headers, float* gemm_block);
void qb4w_f32_unpack_ukernel__wasmsimd_magic(size_t kc, size_t bl, const uint8_t* groups, const uint8_t* headers, float* gemm_block);
void qb4w_f32_unpack_ukernel__scalar(size_t kc, size_t bl, const uint8_t* groups, const uint8_t* headers, float* gemm_block);
void qb8w_f32_unpack_ukernel__wasmsimd_magic(size_t kc, size_t bl, const uint8_t* groups, const uint8_t* headers, float* gemm_block);
void qb8w_f32_unpack_ukernel__scalar(size_t kc, size_t bl, const uint8_t* groups, const uint8_t* headers, float* gemm_block);

// Rows of quantized values as they are gathered (an embedding table kept at its size, not the GEMM's packing):
// y[i] = (q[i] - z[i / bl]) * s[i / bl] for i < n, q and z offset binary as above; qb4w's q two to a byte, low
// nibble first, qb8w's a byte each.
void qb4w_f32_vcvt_ukernel__scalar(size_t n, size_t bl, const uint8_t* q, const float* s, const uint8_t* z, float* y);
void qb8w_f32_vcvt_ukernel__scalar(size_t n, size_t bl, const uint8_t* q, const float* s, const uint8_t* z, float* y);

#define WEBNN_F32_QBW_GEMM_UKERNEL(mr, nr, name) \
  void name(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* groups, const uint8_t* headers, float* c);
#include "kernels/f32-qb4w-gemm/f32-qb4w-gemm.inc"
#include "kernels/f32-qb8w-gemm/f32-qb8w-gemm.inc"
#undef WEBNN_F32_QBW_GEMM_UKERNEL

// The integer-dot GEMV (relaxed SIMD): a row's activations split per block of bl into a power-of-two unit and three
// int8 digits, x = unit * (h * 2^16 + m * 2^8 + l) to within half a unit (2^-22 of the block's largest |x|), laid out
// per group of 4 rows as 4 bytes of h, 4 of m, 4 of l (limbs: 3 * kc bytes), with each block's unit and the sums of
// its h, m and l (3 int32). False (limbs unusable) when a value is NaN or infinite.
using F32QbwSplitLimbsFn = bool (*)(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales,
                                    int32_t* block_sums);
bool f32_qbw_split_limbs__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
bool f32_qbw_split_limbs__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
// The same units and integers X as two balanced base-4096 digits of 16 bits (h, l in [-2048, 2048]), for the plain
// SIMD integer GEMV: per group of 4 rows 4 int16 of h then 4 of l (limbs: 4 * kc bytes), each block's unit and the
// sums of its h and l (2 int32).
bool f32_qbw_split_digits16__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
bool f32_qbw_split_digits16__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
// One row against qb4w weights from the split activations: c[j] = sum over blocks of s * unit * sum of (q - z) * X,
// the sums exact in integers (each block's 16 products of digits and nibbles one i16x8.relaxed_dot_i8x16_i7x16_s:
// exact, the nibbles being within i7), joined and scaled in float.
using F32QbwDotGemvFn = void (*)(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                 const int32_t* block_sums, const uint8_t* groups, const uint8_t* headers, float* c);
// The same from the 16-bit digits on plain SIMD: each 8 products of two digits and 8 nibbles widened to int16 one
// i32x4.dot_i16x8_s (exact), for Firefox and Safari without relaxed SIMD, pages that are not cross-origin isolated
// and Node 20 (the artefacts without relaxed SIMD).
void f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                               const int32_t* block_sums, const uint8_t* groups, const uint8_t* headers, float* c);
// qb8w's, for the plain artefact (in the relaxed one the float tile reads qb8w as fast; the relaxed dot takes 7-bit
// values, not bytes): exact for blocks up to 4096 rows.
void f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                               const int32_t* block_sums, const uint8_t* groups, const uint8_t* headers, float* c);
// qd8: the activations as one int8 per value, X = x * 127 / (the block's largest |x|) rounded (limbs: kc bytes in
// row order), each block's unit (largest / 127) and the sum of its X; false with NaN, infinity or a block whose
// largest |x| is below 2^-100 but not 0. What onnxruntime's MatMulNBits does at accuracy level 4.
bool f32_qbw_split_qd8__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
bool f32_qbw_split_qd8__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
void qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                                   const int32_t* block_sums, const uint8_t* groups, const uint8_t* headers, float* c);
// qd16: X = x * 32512 / (the block's largest |x|) rounded (within 2^-16 of the largest), each block's unit (largest /
// 32512); the same refusals as qd8. The digits split, for the relaxed GEMV: X as two balanced int8 digits X = 256 h +
// l, per group of 4 rows 4 bytes of h then 4 of l (limbs: 2 * kc bytes), and the sums of each block's h and l; the
// plain split: X as int16 in row order (limbs: 2 * kc bytes) and each block's sum of X.
bool f32_qbw_split_qd16_digits__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
bool f32_qbw_split_qd16_digits__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
bool f32_qbw_split_qd16__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
bool f32_qbw_split_qd16__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums);
void qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                                    const int32_t* block_sums, const uint8_t* groups, const uint8_t* headers, float* c);
#if WEBNN_RELAXED_SIMD
void qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot(size_t nc, size_t kc, size_t bl, const int8_t* limbs,
                                                        const float* block_scales, const int32_t* block_sums,
                                                        const uint8_t* groups, const uint8_t* headers, float* c);
void qd8_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot(size_t nc, size_t kc, size_t bl, const int8_t* limbs,
                                                       const float* block_scales, const int32_t* block_sums,
                                                       const uint8_t* groups, const uint8_t* headers, float* c);
void f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot(size_t nc, size_t kc, size_t bl, const int8_t* limbs,
                                                    const float* block_scales, const int32_t* block_sums,
                                                    const uint8_t* groups, const uint8_t* headers, float* c);
#endif

// An integer-dot GEMV and its split of the activations (null where there is none), with the split's bytes per element
// of the row, its sums per block and the longest block the GEMV's int32 sums hold exactly.
struct QbwDotGemv {
  F32QbwDotGemvFn gemv = nullptr;
  F32QbwSplitLimbsFn split = nullptr;
  size_t limb_bytes_per_k = 0, sums_per_block = 0, max_block = 0;
};
// A family as the runtime uses it: the size of its groups, the packing, the GEMV tile and the GEMM path's widening;
// the integer-dot GEMVs on the activations' digits (float32's accuracy), on 16-bit ones (qd16) and on int8 ones (qd8).
struct QbwConfig {
  size_t (*group_block_bytes)(size_t kc);
  void (*pack)(size_t nc, size_t kc, size_t bl, const QbwSource& source, uint8_t* groups, uint8_t* headers);
  F32QbwGemmUkernelFn gemv;
  QbwF32UnpackUkernelFn unpack;
  QbwDotGemv digits = {}, qd16 = {}, qd8 = {};
};
// The qb4w family for bits 4, qb8w for 8.
const QbwConfig& GetQbwConfig(int bits);

}  // namespace webnn::kernels
