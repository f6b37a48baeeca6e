// f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16 (kernels/qbw.h): the qb8w GEMV on plain SIMD integer dot products, as the
// qb4w one (f32-qb4w-gemv-1x8-wasmsimd-dot16.cc). A group's rows 0, 1 (then 2, 3) of 4 columns are widened to int16
// by one shuffle each, a column's two rows side by side, so that one i32x4.dot_i16x8_s with the two rows' digit
// (broadcast) sums them per column exactly in int32: |q| <= 255 and |digit| <= 2048, exact for blocks up to 4096 rows
// (QbwConfig::dot_max_block). Per block: the zero points taken off through the digits' sums, the digits joined
// (h * 4096 + l) and scaled in float.
#include <wasm_simd128.h>

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

void f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                               const int32_t* block_sums, const uint8_t* w, const uint8_t* h, float* c) {
  const v128_t zero = wasm_i32x4_const_splat(0);
  qbw_impl::GemvDigits16(nc, kc, bl, limbs, block_scales, block_sums, w, h, c, [&](const uint8_t* w, const int16_t* digits, size_t bl, v128_t* sums) {
    v128_t h_lo = zero, h_hi = zero, l_lo = zero, l_hi = zero;  // per digit, columns 0-3 and 4-7
    for (size_t k = 0; k < bl; k += 4, w += 32, digits += 8) {
      // Byte 8 * r + c: row r of column c. Each int16 pair: rows 0 and 1 (then 2 and 3) of one column.
      const v128_t v01 = wasm_v128_load(w), v23 = wasm_v128_load(w + 16);
      const v128_t q01_lo = wasm_i8x16_shuffle(v01, zero, 0, 16, 8, 16, 1, 16, 9, 16, 2, 16, 10, 16, 3, 16, 11, 16);
      const v128_t q01_hi = wasm_i8x16_shuffle(v01, zero, 4, 16, 12, 16, 5, 16, 13, 16, 6, 16, 14, 16, 7, 16, 15, 16);
      const v128_t q23_lo = wasm_i8x16_shuffle(v23, zero, 0, 16, 8, 16, 1, 16, 9, 16, 2, 16, 10, 16, 3, 16, 11, 16);
      const v128_t q23_hi = wasm_i8x16_shuffle(v23, zero, 4, 16, 12, 16, 5, 16, 13, 16, 6, 16, 14, 16, 7, 16, 15, 16);
      const v128_t h01 = wasm_v128_load32_splat(digits), h23 = wasm_v128_load32_splat(digits + 2);
      const v128_t l01 = wasm_v128_load32_splat(digits + 4), l23 = wasm_v128_load32_splat(digits + 6);
      h_lo = wasm_i32x4_add(h_lo, wasm_i32x4_add(wasm_i32x4_dot_i16x8(q01_lo, h01), wasm_i32x4_dot_i16x8(q23_lo, h23)));
      h_hi = wasm_i32x4_add(h_hi, wasm_i32x4_add(wasm_i32x4_dot_i16x8(q01_hi, h01), wasm_i32x4_dot_i16x8(q23_hi, h23)));
      l_lo = wasm_i32x4_add(l_lo, wasm_i32x4_add(wasm_i32x4_dot_i16x8(q01_lo, l01), wasm_i32x4_dot_i16x8(q23_lo, l23)));
      l_hi = wasm_i32x4_add(l_hi, wasm_i32x4_add(wasm_i32x4_dot_i16x8(q01_hi, l01), wasm_i32x4_dot_i16x8(q23_hi, l23)));
    }
    sums[0] = h_lo, sums[1] = h_hi, sums[2] = l_lo, sums[3] = l_hi;
    return w;
  });
}

}  // namespace webnn::kernels
