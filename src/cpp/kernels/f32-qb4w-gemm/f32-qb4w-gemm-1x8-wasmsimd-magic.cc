// The qb4w kernels, wasmsimd: each 16-byte group is 4 rows of k by 8 columns; a mask and a shift split it into
// the two 4-column halves, whose nibbles become floats by the magic number (kernels/qbw_magic.h). Per lane the
// arithmetic is the scalar twins' (products in k order, no fused multiply-add), so the results are bit-exact.
#include <wasm_simd128.h>

#include "kernels/qbw.h"
#include "kernels/qbw_magic.h"

namespace webnn::kernels {
using namespace qbw_magic;

// The GEMM path's widening (kernels/qbw.h): (q - z) * s per element, by the same magic-number conversion.
void qb4w_f32_unpack_ukernel__wasmsimd_magic(size_t kc, size_t bl, const uint8_t* w, float* out) {
  const v128_t low_mask = wasm_i8x16_splat(0x0F);
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
    for (size_t k = 0; k < bl; k += 4, w += 16, out += 4 * kQbwNr) {
      const v128_t v = wasm_v128_load(w);
      const v128_t lo = wasm_v128_and(v, low_mask), hi = wasm_u8x16_shr(v, 4);
      const v128_t lo01 = BytesLow(lo, zero), lo23 = BytesHigh(lo, zero);
      const v128_t hi01 = BytesLow(hi, zero), hi23 = BytesHigh(hi, zero);
      wasm_v128_store(out, wasm_f32x4_mul(wasm_f32x4_sub(MagicLow(lo01, magic), mz_lo), s_lo));
      wasm_v128_store(out + 4, wasm_f32x4_mul(wasm_f32x4_sub(MagicLow(hi01, magic), mz_hi), s_hi));
      wasm_v128_store(out + 8, wasm_f32x4_mul(wasm_f32x4_sub(MagicHigh(lo01, magic), mz_lo), s_lo));
      wasm_v128_store(out + 12, wasm_f32x4_mul(wasm_f32x4_sub(MagicHigh(hi01, magic), mz_hi), s_hi));
      wasm_v128_store(out + 16, wasm_f32x4_mul(wasm_f32x4_sub(MagicLow(lo23, magic), mz_lo), s_lo));
      wasm_v128_store(out + 20, wasm_f32x4_mul(wasm_f32x4_sub(MagicLow(hi23, magic), mz_hi), s_hi));
      wasm_v128_store(out + 24, wasm_f32x4_mul(wasm_f32x4_sub(MagicHigh(lo23, magic), mz_lo), s_lo));
      wasm_v128_store(out + 28, wasm_f32x4_mul(wasm_f32x4_sub(MagicHigh(hi23, magic), mz_hi), s_hi));
    }
  }
}

void f32_qb4w_gemm_ukernel_1x8__wasmsimd_magic(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, float* c) {
  const v128_t low_mask = wasm_i8x16_splat(0x0F);
  const v128_t zero = wasm_i32x4_splat(0);
  const v128_t magic = wasm_i16x8_splat(0x4B00);  // the high half of 2^23's bits
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    v128_t total_lo = wasm_f32x4_splat(0.0f), total_hi = wasm_f32x4_splat(0.0f);
    for (size_t b = 0; b < kc / bl; ++b) {
      const v128_t s_lo = wasm_v128_load(w), s_hi = wasm_v128_load(w + 16);
      v128_t mz_lo, mz_hi;
      MagicZeroPoints(w + 32, &mz_lo, &mz_hi);
      w += 40;
      v128_t acc_lo = wasm_f32x4_splat(0.0f), acc_hi = wasm_f32x4_splat(0.0f);
      const float* ak = a + b * bl;
      for (size_t k = 0; k < bl; k += 4, w += 16, ak += 4) {
        const v128_t v = wasm_v128_load(w);
        const v128_t lo = wasm_v128_and(v, low_mask), hi = wasm_u8x16_shr(v, 4);
        const v128_t lo01 = BytesLow(lo, zero), lo23 = BytesHigh(lo, zero);
        const v128_t hi01 = BytesLow(hi, zero), hi23 = BytesHigh(hi, zero);
        const v128_t a4 = wasm_v128_load(ak);
        const v128_t a0 = wasm_i32x4_shuffle(a4, a4, 0, 0, 0, 0), a1 = wasm_i32x4_shuffle(a4, a4, 1, 1, 1, 1);
        const v128_t a2 = wasm_i32x4_shuffle(a4, a4, 2, 2, 2, 2), a3 = wasm_i32x4_shuffle(a4, a4, 3, 3, 3, 3);
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a0, wasm_f32x4_sub(MagicLow(lo01, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a0, wasm_f32x4_sub(MagicLow(hi01, magic), mz_hi)));
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a1, wasm_f32x4_sub(MagicHigh(lo01, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a1, wasm_f32x4_sub(MagicHigh(hi01, magic), mz_hi)));
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a2, wasm_f32x4_sub(MagicLow(lo23, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a2, wasm_f32x4_sub(MagicLow(hi23, magic), mz_hi)));
        acc_lo = wasm_f32x4_add(acc_lo, wasm_f32x4_mul(a3, wasm_f32x4_sub(MagicHigh(lo23, magic), mz_lo)));
        acc_hi = wasm_f32x4_add(acc_hi, wasm_f32x4_mul(a3, wasm_f32x4_sub(MagicHigh(hi23, magic), mz_hi)));
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

}  // namespace webnn::kernels
