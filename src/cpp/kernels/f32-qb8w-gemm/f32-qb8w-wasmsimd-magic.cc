// The qb8w kernels, wasmsimd: each 16-byte group is 2 rows of k by 8 columns; the bytes become floats by the
// magic number as in the qb4w tile (interleave with zero bytes, then under 0x4B00: 2^23 + q; minus 2^23 + z gives
// q - z exactly, up to 255 in magnitude). Per lane the arithmetic is the scalar twins' (products in k order, no fused
// multiply-add), so the results are bit-exact.
#include <wasm_simd128.h>

#include "kernels/qbw.h"
#include "kernels/qbw_magic.h"

namespace webnn::kernels {
using namespace qbw_magic;

void f32_qb8w_gemm_ukernel_1x8__wasmsimd_magic(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, float* c) {
  const v128_t zero = wasm_i32x4_splat(0);
  const v128_t magic = wasm_i16x8_splat(0x4B00);
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    v128_t total_lo = wasm_f32x4_splat(0.0f), total_hi = wasm_f32x4_splat(0.0f);
    for (size_t b = 0; b < kc / bl; ++b) {
      const v128_t s_lo = wasm_v128_load(w), s_hi = wasm_v128_load(w + 16);
      v128_t mz_lo, mz_hi;
      MagicZeroPoints(w + 32, &mz_lo, &mz_hi);
      w += 40;
      v128_t acc_lo = wasm_f32x4_splat(0.0f), acc_hi = wasm_f32x4_splat(0.0f);
      const float* ak = a + b * bl;
      for (size_t k = 0; k < bl; k += 4, w += 32, ak += 4) {
        const v128_t v01 = wasm_v128_load(w), v23 = wasm_v128_load(w + 16);
        const v128_t r0 = BytesLow(v01, zero), r1 = BytesHigh(v01, zero), r2 = BytesLow(v23, zero), r3 = BytesHigh(v23, zero);
        const v128_t a4 = wasm_v128_load(ak);
        const v128_t a0 = wasm_i32x4_shuffle(a4, a4, 0, 0, 0, 0), a1 = wasm_i32x4_shuffle(a4, a4, 1, 1, 1, 1);
        const v128_t a2 = wasm_i32x4_shuffle(a4, a4, 2, 2, 2, 2), a3 = wasm_i32x4_shuffle(a4, a4, 3, 3, 3, 3);
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a0, wasm_f32x4_sub(MagicLow(r0, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a0, wasm_f32x4_sub(MagicHigh(r0, magic), mz_hi)));
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a1, wasm_f32x4_sub(MagicLow(r1, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a1, wasm_f32x4_sub(MagicHigh(r1, magic), mz_hi)));
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a2, wasm_f32x4_sub(MagicLow(r2, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a2, wasm_f32x4_sub(MagicHigh(r2, magic), mz_hi)));
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a3, wasm_f32x4_sub(MagicLow(r3, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a3, wasm_f32x4_sub(MagicHigh(r3, magic), mz_hi)));
      }
      total_lo = wasm_f32x4_add(total_lo, wasm_f32x4_mul(acc_lo, s_lo));
      total_hi = wasm_f32x4_add(total_hi, wasm_f32x4_mul(acc_hi, s_hi));
    }
    if (n0 + kQbwNr <= nc) {
      wasm_v128_store(c + n0, total_lo);
      wasm_v128_store(c + n0 + 4, total_hi);
    } else {
      float t[kQbwNr];
      wasm_v128_store(t, total_lo);
      wasm_v128_store(t + 4, total_hi);
      for (size_t j = 0; n0 + j < nc; ++j) c[n0 + j] = t[j];
    }
  }
}

void qb8w_f32_unpack_ukernel__wasmsimd_magic(size_t kc, size_t bl, const uint8_t* w, float* out) {
  const v128_t zero = wasm_i32x4_splat(0);
  const v128_t magic = wasm_i16x8_splat(0x4B00);
  wasm_v128_store(out, zero);  // the GEMM layout's bias
  wasm_v128_store(out + 4, zero);
  out += kQbwNr;
  for (size_t b = 0; b < kc / bl; ++b) {
    const v128_t s_lo = wasm_v128_load(w), s_hi = wasm_v128_load(w + 16);
    v128_t mz_lo, mz_hi;
    MagicZeroPoints(w + 32, &mz_lo, &mz_hi);
    w += 40;
    for (size_t k = 0; k < bl; k += 2, w += 16, out += 2 * kQbwNr) {
      const v128_t v = wasm_v128_load(w);
      const v128_t r0 = BytesLow(v, zero), r1 = BytesHigh(v, zero);
      wasm_v128_store(out, wasm_f32x4_mul(wasm_f32x4_sub(MagicLow(r0, magic), mz_lo), s_lo));
      wasm_v128_store(out + 4, wasm_f32x4_mul(wasm_f32x4_sub(MagicHigh(r0, magic), mz_hi), s_hi));
      wasm_v128_store(out + 8, wasm_f32x4_mul(wasm_f32x4_sub(MagicLow(r1, magic), mz_lo), s_lo));
      wasm_v128_store(out + 12, wasm_f32x4_mul(wasm_f32x4_sub(MagicHigh(r1, magic), mz_hi), s_hi));
    }
  }
}

}  // namespace webnn::kernels
