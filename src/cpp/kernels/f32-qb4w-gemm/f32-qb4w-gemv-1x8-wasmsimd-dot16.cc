// f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16 (kernels/qbw.h): the qb4w GEMV on plain SIMD integer dot products, for
// the artefacts without relaxed SIMD. The activations come split into two int16 digits per value
// (f32_qbw_split_digits16). A group's 16 bytes of nibbles are masked into low and high nibbles and widened to
// int16, so that an i16x8 holds two columns' 4 rows; one i32x4.dot_i16x8_s with a digit's 4 rows (broadcast twice)
// sums two rows of each column exactly in int32 (|q| <= 15, |digit| <= 2048: exact for blocks up to 2^16 rows).
// Per block: the pairs of rows joined, the zero points taken off through the digits' sums, the digits joined
// (h * 4096 + l) and scaled in float.
#include <wasm_simd128.h>

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

void f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                               const int32_t* block_sums, const uint8_t* w, const uint8_t* h, float* c) {
  const v128_t mask = wasm_i8x16_splat(0x0F);
  const v128_t zero = wasm_i32x4_const_splat(0);
  qbw_impl::GemvDigits16(nc, kc, bl, limbs, block_scales, block_sums, w, h, c, [&](const uint8_t* w, const int16_t* digits, size_t bl, v128_t* sums) {
    // Per digit (h, l), the sums of columns 0-1, 2-3, 4-5 and 6-7, each lane two rows of one column.
    v128_t h01 = zero, h23 = zero, h45 = zero, h67 = zero, l01 = zero, l23 = zero, l45 = zero, l67 = zero;
    for (size_t k = 0; k < bl; k += 4, w += 16, digits += 8) {
      const v128_t v = wasm_v128_load(w);
      // Byte 4 * c + r: row r of column c in the low nibble, of column 4 + c in the high one. The high nibbles by a
      // 16-bit shift and the mask (V8 has no byte shift on x86).
      const v128_t lo = wasm_v128_and(v, mask), hi = wasm_v128_and(wasm_u16x8_shr(v, 4), mask);
      const v128_t q01 = wasm_u16x8_extend_low_u8x16(lo), q23 = wasm_u16x8_extend_high_u8x16(lo);
      const v128_t q45 = wasm_u16x8_extend_low_u8x16(hi), q67 = wasm_u16x8_extend_high_u8x16(hi);
      const v128_t dh = wasm_v128_load64_splat(digits), dl = wasm_v128_load64_splat(digits + 4);
      h01 = wasm_i32x4_add(h01, wasm_i32x4_dot_i16x8(q01, dh));
      h23 = wasm_i32x4_add(h23, wasm_i32x4_dot_i16x8(q23, dh));
      h45 = wasm_i32x4_add(h45, wasm_i32x4_dot_i16x8(q45, dh));
      h67 = wasm_i32x4_add(h67, wasm_i32x4_dot_i16x8(q67, dh));
      l01 = wasm_i32x4_add(l01, wasm_i32x4_dot_i16x8(q01, dl));
      l23 = wasm_i32x4_add(l23, wasm_i32x4_dot_i16x8(q23, dl));
      l45 = wasm_i32x4_add(l45, wasm_i32x4_dot_i16x8(q45, dl));
      l67 = wasm_i32x4_add(l67, wasm_i32x4_dot_i16x8(q67, dl));
    }
    using qbw_impl::JoinRows;
    sums[0] = JoinRows(h01, h23), sums[1] = JoinRows(h45, h67), sums[2] = JoinRows(l01, l23), sums[3] = JoinRows(l45, l67);
    return w;
  });
}

}  // namespace webnn::kernels
