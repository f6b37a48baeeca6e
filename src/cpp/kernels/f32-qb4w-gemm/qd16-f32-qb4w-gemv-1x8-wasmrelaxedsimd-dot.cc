// qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot (kernels/qbw.h): the qb4w GEMV on 16-bit activations (qd16,
// f32_qbw_split_qd16: X = 256 h + l in two int8 digits and a float unit per block). Each 16 products of a digit and
// nibbles are one i16x8.relaxed_dot_i8x16_i7x16_s (exact: the nibbles are within i7), summed in int16 for up to 32
// rows of k (8 dots of at most 2 * 128 * 15 each), widened to int32; per block the zero points come off through the
// digits' sums, the digits are joined (256 h + l: |h sum| <= 127 * 15 * bl, exact in int32 for blocks up to 256) and
// the block is scaled in float. Built only with WEBNN_RELAXED_SIMD (CMakeLists.txt).
#include <wasm_simd128.h>

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

void qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot(size_t nc, size_t kc, size_t bl, const int8_t* limbs,
                                                        const float* block_scales, const int32_t* block_sums,
                                                        const uint8_t* w, const uint8_t* h, float* c) {
  const v128_t mask = wasm_i8x16_splat(0x0F);
  for (size_t n0 = 0; n0 < nc; n0 += 8) {
    v128_t total_lo = wasm_f32x4_const_splat(0.0f), total_hi = total_lo;
    const int8_t* q = limbs;
    for (size_t b = 0; b < kc / bl; ++b) {
      v128_t s_lo, s_hi, z_lo, z_hi;
      h = qbw_impl::IntegerBlockHeader(h, &s_lo, &s_hi, &z_lo, &z_hi);
      // Digits h and l of columns 0-3 and 4-7, int32.
      v128_t dh_lo = wasm_i32x4_const_splat(0), dh_hi = dh_lo, dl_lo = dh_lo, dl_hi = dh_lo;
      for (size_t k = 0; k < bl; k += 32) {
        v128_t ph_lo = wasm_i16x8_const_splat(0), ph_hi = ph_lo, pl_lo = ph_lo, pl_hi = ph_lo;  // int16, up to 8 groups
        const size_t end = k + 32 < bl ? k + 32 : bl;
        for (size_t kk = k; kk < end; kk += 4, w += 16, q += 8) {
          const v128_t v = wasm_v128_load(w);
          // Each lane a column's 4 rows. The high nibbles by a 16-bit shift and the mask (V8 has no byte shift on x86).
          const v128_t lo = wasm_v128_and(v, mask), hi = wasm_v128_and(wasm_u16x8_shr(v, 4), mask);
          const v128_t ah = wasm_v128_load32_splat(q), al = wasm_v128_load32_splat(q + 4);
          ph_lo = wasm_i16x8_add(ph_lo, wasm_i16x8_relaxed_dot_i8x16_i7x16(ah, lo));
          ph_hi = wasm_i16x8_add(ph_hi, wasm_i16x8_relaxed_dot_i8x16_i7x16(ah, hi));
          pl_lo = wasm_i16x8_add(pl_lo, wasm_i16x8_relaxed_dot_i8x16_i7x16(al, lo));
          pl_hi = wasm_i16x8_add(pl_hi, wasm_i16x8_relaxed_dot_i8x16_i7x16(al, hi));
        }
        dh_lo = wasm_i32x4_add(dh_lo, wasm_i32x4_extadd_pairwise_i16x8(ph_lo));
        dh_hi = wasm_i32x4_add(dh_hi, wasm_i32x4_extadd_pairwise_i16x8(ph_hi));
        dl_lo = wasm_i32x4_add(dl_lo, wasm_i32x4_extadd_pairwise_i16x8(pl_lo));
        dl_hi = wasm_i32x4_add(dl_hi, wasm_i32x4_extadd_pairwise_i16x8(pl_hi));
      }
      // 256 (dh - z sum_h) + (dl - z sum_l) = 256 dh + dl - z (256 sum_h + sum_l).
      const v128_t sum = wasm_i32x4_splat(256 * block_sums[2 * b] + block_sums[2 * b + 1]);
      const v128_t unit = wasm_f32x4_splat(block_scales[b]);
      const v128_t d_lo = wasm_i32x4_sub(wasm_i32x4_add(wasm_i32x4_shl(dh_lo, 8), dl_lo), wasm_i32x4_mul(z_lo, sum));
      const v128_t d_hi = wasm_i32x4_sub(wasm_i32x4_add(wasm_i32x4_shl(dh_hi, 8), dl_hi), wasm_i32x4_mul(z_hi, sum));
      total_lo = wasm_f32x4_relaxed_madd(wasm_f32x4_convert_i32x4(d_lo), wasm_f32x4_mul(s_lo, unit), total_lo);
      total_hi = wasm_f32x4_relaxed_madd(wasm_f32x4_convert_i32x4(d_hi), wasm_f32x4_mul(s_hi, unit), total_hi);
    }
    qbw_impl::StoreColumns(total_lo, total_hi, n0, nc, c);
  }
}

}  // namespace webnn::kernels
