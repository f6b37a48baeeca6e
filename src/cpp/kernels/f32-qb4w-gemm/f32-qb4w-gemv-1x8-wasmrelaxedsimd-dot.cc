// f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot (kernels/qbw.h): the qb4w GEMV on integer dot products, the
// activations split into three int8 digits per block (f32_qbw_split_limbs), each 16 products of digits and nibbles one
// i16x8.relaxed_dot_i8x16_i7x16_s (exact: the nibbles are within i7), summed in int16 for up to 32 rows of k,
// then per block: the zero points taken off through the digits' sums, the digits joined (h * 2^16 + m * 2^8 + l)
// and scaled in float. Built only with WEBNN_RELAXED_SIMD, by the relaxed-SIMD compiler (CMakeLists.txt).
#include <wasm_simd128.h>

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

void f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot(size_t nc, size_t kc, size_t bl, const int8_t* limbs,
                                                    const float* block_scales, const int32_t* block_sums,
                                                    const uint8_t* w, const uint8_t* h, float* c) {
  const v128_t mask = wasm_i8x16_splat(0x0F);
  const v128_t zero = wasm_i32x4_const_splat(0);
  for (size_t n0 = 0; n0 < nc; n0 += 8) {
    v128_t total_lo = wasm_f32x4_const_splat(0.0f), total_hi = total_lo;
    const int8_t* digits = limbs;
    for (size_t b = 0; b < kc / bl; ++b) {
      v128_t s_lo, s_hi, z_lo, z_hi;
      h = qbw_impl::IntegerBlockHeader(h, &s_lo, &s_hi, &z_lo, &z_hi);
      v128_t d[6] = {zero, zero, zero, zero, zero, zero};  // h, m, l for columns 0-3 and 4-7, int32
      for (size_t k = 0; k < bl; k += 32) {
        v128_t p[6] = {zero, zero, zero, zero, zero, zero};  // int16 sums of up to 8 groups
        const size_t end = k + 32 < bl ? k + 32 : bl;
        for (size_t kk = k; kk < end; kk += 4, w += 16, digits += 12) {
          const v128_t v = wasm_v128_load(w);
          // Each lane a column's 4 rows. The high nibbles by a 16-bit shift and the mask: V8 has no byte shift on x86
          // and emulates u8x16.shr with five instructions (3% of the kernel's time).
          const v128_t lo = wasm_v128_and(v, mask), hi = wasm_v128_and(wasm_u16x8_shr(v, 4), mask);
          for (size_t l = 0; l < 3; ++l) {
            const v128_t a = wasm_v128_load32_splat(digits + 4 * l);
            p[2 * l] = wasm_i16x8_add(p[2 * l], wasm_i16x8_relaxed_dot_i8x16_i7x16(a, lo));
            p[2 * l + 1] = wasm_i16x8_add(p[2 * l + 1], wasm_i16x8_relaxed_dot_i8x16_i7x16(a, hi));
          }
        }
        for (size_t i = 0; i < 6; ++i) d[i] = wasm_i32x4_add(d[i], wasm_i32x4_extadd_pairwise_i16x8(p[i]));
      }
      for (size_t l = 0; l < 3; ++l) {
        const v128_t s = wasm_i32x4_splat(block_sums[3 * b + l]);
        d[2 * l] = wasm_i32x4_sub(d[2 * l], wasm_i32x4_mul(z_lo, s));
        d[2 * l + 1] = wasm_i32x4_sub(d[2 * l + 1], wasm_i32x4_mul(z_hi, s));
      }
      const v128_t unit = wasm_f32x4_splat(block_scales[b]), f256 = wasm_f32x4_const_splat(256.0f);
      for (size_t half = 0; half < 2; ++half) {
        const v128_t hm = wasm_i32x4_add(wasm_i32x4_shl(d[half], 8), d[2 + half]);
        const v128_t f = wasm_f32x4_relaxed_madd(wasm_f32x4_convert_i32x4(hm), f256, wasm_f32x4_convert_i32x4(d[4 + half]));
        if (half == 0) {
          total_lo = wasm_f32x4_relaxed_madd(f, wasm_f32x4_mul(s_lo, unit), total_lo);
        } else {
          total_hi = wasm_f32x4_relaxed_madd(f, wasm_f32x4_mul(s_hi, unit), total_hi);
        }
      }
    }
    qbw_impl::StoreColumns(total_lo, total_hi, n0, nc, c);
  }
}

}  // namespace webnn::kernels
