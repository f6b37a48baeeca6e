// f32_qb4w_gemm_ukernel_1x8__wasmsimd_magic: one row against 8 columns at a time. Each 16-byte group is 4 rows
// of k by 8 columns: a mask and a shift split it into the two 4-column halves. The nibbles become floats by
// the "magic number" of XNNPACK's vcvt kernels: each q (0..15) is interleaved with zero bytes and then under the
// bits 0x4B00 (one unpack each), which makes the float 2^23 + q, and subtracting the block's 2^23 + z per column
// gives q - z exactly. That took 12.5 GFLOP/s where sign-extending q - z twice and converting took 3.3 (1x896x4864,
// this host). Per lane the arithmetic is the scalar twin's (products in k order, no fused multiply-add), so the
// results are bit-exact.
#include <wasm_simd128.h>

#include "kernels/qb4w.h"

namespace webnn::kernels {
namespace {

// The low or high 8 bytes of x widened to 16 bits (interleaved with zero bytes).
inline v128_t BytesLow(v128_t x, v128_t zero) { return wasm_i8x16_shuffle(x, zero, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23); }
inline v128_t BytesHigh(v128_t x, v128_t zero) {
  return wasm_i8x16_shuffle(x, zero, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}
// 2^23 + the low or high 4 u16 lanes of x, as floats.
inline v128_t MagicLow(v128_t x, v128_t magic) { return wasm_i16x8_shuffle(x, magic, 0, 8, 1, 9, 2, 10, 3, 11); }
inline v128_t MagicHigh(v128_t x, v128_t magic) { return wasm_i16x8_shuffle(x, magic, 4, 12, 5, 13, 6, 14, 7, 15); }

// The block's 2^23 + z for columns 0-3 and 4-7 (z: the 8 zero-point bytes at `w`).
inline void MagicZeroPoints(const uint8_t* w, v128_t* lo, v128_t* hi) {
  const v128_t magic_f = wasm_f32x4_splat(8388608.0f);
  const v128_t z = wasm_u16x8_extend_low_u8x16(wasm_v128_load64_zero(w));
  *lo = wasm_f32x4_add(magic_f, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_low_u16x8(z)));
  *hi = wasm_f32x4_add(magic_f, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_high_u16x8(z)));
}

}  // namespace

// The GEMM path's widening (kernels/qb4w.h): (q - z) * s per element, by the same magic-number conversion.
void qb4w_f32_unpack_ukernel__wasmsimd_magic(size_t kc, size_t bl, const uint8_t* w, float* out) {
  const v128_t low_mask = wasm_i8x16_splat(0x0F);
  const v128_t zero = wasm_i32x4_splat(0);
  const v128_t magic = wasm_i16x8_splat(0x4B00);
  wasm_v128_store(out, zero);  // the GEMM layout's bias
  wasm_v128_store(out + 4, zero);
  out += kQb4wNr;
  for (size_t b = 0; b < kc / bl; ++b) {
    const v128_t s_lo = wasm_v128_load(w), s_hi = wasm_v128_load(w + 16);
    v128_t mz_lo, mz_hi;
    MagicZeroPoints(w + 32, &mz_lo, &mz_hi);
    w += 40;
    for (size_t k = 0; k < bl; k += 4, w += 16, out += 4 * kQb4wNr) {
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
  for (size_t n0 = 0; n0 < nc; n0 += kQb4wNr) {
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
    if (n0 + kQb4wNr <= nc) {
      wasm_v128_store(c + n0, total_lo);
      wasm_v128_store(c + n0 + 4, total_hi);
    } else {
      float t[kQb4wNr];
      wasm_v128_store(t, total_lo);
      wasm_v128_store(t + 4, total_hi);
      for (size_t j = 0; n0 + j < nc; ++j) c[n0 + j] = t[j];
    }
  }
}

}  // namespace webnn::kernels
