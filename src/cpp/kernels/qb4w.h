// Float activations against blockwise-quantized 4-bit weights ("qb4w", XNNPACK's name for the weight form):
// the matmul of onnxruntime's MatMulNBits as WebNN receives it, dequantizeLinear(4-bit constant [N, K], scale
// and zero point per block of `bl` along K) -> transpose -> matmul, without a float copy of the weights.
//
// W[k][n] = (q[n][k] - z[n][k / bl]) * s[n][k / bl]; q and z are held as offset binary 0..15 in the packed form
// (uint4 as is; int4 plus 8, so q - z is unchanged).
//
// Packed layout, per block of 8 output columns (columns past nc are zero weights), per block of bl rows of k:
//   8 floats   s[n0 .. n0 + 7]
//   8 bytes    z[n0 .. n0 + 7]
//   bl / 4 groups of 16 bytes, each 4 rows k..k+3: byte 4 * r + c holds q[k + r][n0 + c] in its low nibble and
//   q[k + r][n0 + 4 + c] in its high nibble (c < 4), so one mask and one shift give the two column halves.
// bl is a multiple of 4; a block of columns is Qb4wBlockBytes(kc, bl) bytes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

constexpr size_t kQb4wNr = 8;

inline size_t Qb4wBlockBytes(size_t kc, size_t bl) { return kc / bl * (8 * sizeof(float) + 8 + bl * 4); }
inline size_t Qb4wPackedSize(size_t nc, size_t kc, size_t bl) {
  return (nc + kQb4wNr - 1) / kQb4wNr * Qb4wBlockBytes(kc, bl);
}

// Where the weights come from: element (n, k) of q at q[n * q_n + k * q_k] (one byte each, int4 sign-extended
// or uint4), its scale and zero point at index n * s_n + (k / bl) * s_b of s and z. `int4` says q and z are int4.
struct Qb4wSource {
  const uint8_t* q;
  int64_t q_n, q_k;
  const float* s;
  const uint8_t* z;
  int64_t s_n, s_b;
  bool int4;
};
void Qb4wPack(size_t nc, size_t kc, size_t bl, const Qb4wSource& source, uint8_t* packed);

// One row: c[j] = sum over k of a[k] * W[k][j] for j < nc, computed per block of bl rows as
// s * (sum of a[k] * (q - z)) and summed over the blocks in k order. Walks nc in 8-column blocks (packed_w
// advancing by Qb4wBlockBytes). No write past nc columns; no read of a past kc.
using F32Qb4wGemmUkernelFn = void (*)(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* packed_w, float* c);

// Widens one 8-column block of packed weights into the f32 GEMM's packed layout (kernels/gemm.h, NR 8, zero
// bias): W[k][j] = (q - z) * s, the float dequantizeLinear gives, so a GEMM on it computes what the unfused graph
// does. The wasmsimd kernel is bit-exact with the scalar one.
using Qb4wF32UnpackUkernelFn = void (*)(size_t kc, size_t bl, const uint8_t* packed_block, float* gemm_block);
void qb4w_f32_unpack_ukernel__wasmsimd_magic(size_t kc, size_t bl, const uint8_t* packed_block, float* gemm_block);
void qb4w_f32_unpack_ukernel__scalar(size_t kc, size_t bl, const uint8_t* packed_block, float* gemm_block);

#define WEBNN_F32_QB4W_GEMM_UKERNEL(mr, nr, name) \
  void name(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* packed_w, float* c);
#include "kernels/f32-qb4w-gemm/f32-qb4w-gemm.inc"
#undef WEBNN_F32_QB4W_GEMM_UKERNEL

}  // namespace webnn::kernels
