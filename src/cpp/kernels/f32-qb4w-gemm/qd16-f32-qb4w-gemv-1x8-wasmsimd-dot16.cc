// qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16 (kernels/qbw.h): the qb4w GEMV on 16-bit activations (qd16,
// f32_qbw_split_qd16: int16 in row order) with plain SIMD integer dot products, for the artefacts without relaxed
// SIMD. A group's 16 bytes of nibbles are masked into low and high nibbles and widened to int16 (an i16x8 holds two
// columns' 4 rows); its 4 activations broadcast twice by one 64-bit load; one i32x4.dot_i16x8_s sums two rows of each
// of two columns exactly (|X| <= 32512, so a block of up to 256 rows sums exactly in int32).
// Per block: the pairs of rows joined, the zero points taken off through the block's activation sum, scaled in float.
#include <wasm_simd128.h>

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

void qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                                   const int32_t* block_sums, const uint8_t* w, const uint8_t* h, float* c) {
  const v128_t mask = wasm_i8x16_splat(0x0F);
  const v128_t zero = wasm_i32x4_const_splat(0);
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    v128_t total_lo = wasm_f32x4_const_splat(0.0f), total_hi = total_lo;
    const int16_t* q = reinterpret_cast<const int16_t*>(limbs);
    for (size_t b = 0; b < kc / bl; ++b) {
      v128_t s_lo, s_hi, z_lo, z_hi;
      h = qbw_impl::IntegerBlockHeader(h, &s_lo, &s_hi, &z_lo, &z_hi);
      // The sums of columns 0-1, 2-3, 4-5 and 6-7, each lane two rows of one column.
      v128_t d01 = zero, d23 = zero, d45 = zero, d67 = zero;
      for (size_t k = 0; k < bl; k += 4, w += 16, q += 4) {
        const v128_t v = wasm_v128_load(w);
        // Byte 4 * c + r: row r of column c in the low nibble, of column 4 + c in the high one. The high nibbles by a
        // 16-bit shift and the mask (V8 has no byte shift on x86).
        const v128_t lo = wasm_v128_and(v, mask), hi = wasm_v128_and(wasm_u16x8_shr(v, 4), mask);
        const v128_t a = wasm_v128_load64_splat(q);  // rows 0-3, twice
        d01 = wasm_i32x4_add(d01, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_low_u8x16(lo), a));
        d23 = wasm_i32x4_add(d23, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_high_u8x16(lo), a));
        d45 = wasm_i32x4_add(d45, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_low_u8x16(hi), a));
        d67 = wasm_i32x4_add(d67, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_high_u8x16(hi), a));
      }
      const v128_t sum = wasm_i32x4_splat(block_sums[b]), unit = wasm_f32x4_splat(block_scales[b]);
      const v128_t d_lo = wasm_i32x4_sub(qbw_impl::JoinRows(d01, d23), wasm_i32x4_mul(z_lo, sum));
      const v128_t d_hi = wasm_i32x4_sub(qbw_impl::JoinRows(d45, d67), wasm_i32x4_mul(z_hi, sum));
      total_lo = wasm_f32x4_add(total_lo, wasm_f32x4_mul(wasm_f32x4_convert_i32x4(d_lo), wasm_f32x4_mul(s_lo, unit)));
      total_hi = wasm_f32x4_add(total_hi, wasm_f32x4_mul(wasm_f32x4_convert_i32x4(d_hi), wasm_f32x4_mul(s_hi, unit)));
    }
    qbw_impl::StoreColumns(total_lo, total_hi, n0, nc, c);
  }
}

}  // namespace webnn::kernels
