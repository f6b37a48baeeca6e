// f32_f16_vcvt_ukernel__wasmsimd_u8: 8 floats per step, narrowed to 8 halves. By |x|'s bits:
//   NaN -> 0x7e00; >= 65520 (0x477ff000, the midpoint above the largest half) -> inf;
//   >= 2^-14 (normal halves) -> the bits shifted down by 13 after adding 0xfff plus the lowest kept bit
//     (round to nearest even by an integer add; a carry into the exponent is the right result), re-biased;
//   below -> a subnormal half m 2^-24: |x| + 0.5 in float rounds |x| to a multiple of 2^-24 (nearest
//     even), and the sum's bits minus 0.5's are m (0x400 when it rounds up to the smallest normal).
// The sign is put back last. Tail: 1..7 floats through a stack copy. Over-read: none.
// Reference: f32_f16_vcvt_ukernel__scalar (bit-exact; all 2^32 floats checked once).
#include <wasm_simd128.h>

#include <cstring>

#include "kernels/vcvt.h"

namespace webnn::kernels {
namespace {

inline v128_t Narrow(v128_t x) {  // four halves in the low 16 bits of 32-bit lanes
  const v128_t abs = wasm_v128_and(x, wasm_i32x4_const_splat(0x7FFFFFFF));
  const v128_t sign = wasm_v128_and(wasm_u32x4_shr(x, 16), wasm_i32x4_const_splat(0x8000));
  const v128_t lsb = wasm_v128_and(wasm_u32x4_shr(abs, 13), wasm_i32x4_const_splat(1));
  const v128_t rounded = wasm_u32x4_shr(wasm_i32x4_add(wasm_i32x4_add(abs, wasm_i32x4_const_splat(0x0FFF)), lsb), 13);
  const v128_t normal = wasm_i32x4_sub(rounded, wasm_i32x4_const_splat(112 << 10));
  const v128_t half_bits = wasm_f32x4_const_splat(0.5f);
  const v128_t subnormal = wasm_i32x4_sub(wasm_f32x4_add(abs, half_bits), half_bits);
  v128_t r = wasm_v128_bitselect(subnormal, normal, wasm_i32x4_lt(abs, wasm_i32x4_const_splat(0x38800000)));
  r = wasm_v128_bitselect(wasm_i32x4_const_splat(0x7C00), r, wasm_i32x4_ge(abs, wasm_i32x4_const_splat(0x477FF000)));
  r = wasm_v128_bitselect(wasm_i32x4_const_splat(0x7E00), r, wasm_i32x4_gt(abs, wasm_i32x4_const_splat(0x7F800000)));
  return wasm_v128_or(r, sign);
}

inline void Convert8(const float* x, uint16_t* y) {
  const v128_t lo = Narrow(wasm_v128_load(x)), hi = Narrow(wasm_v128_load(x + 4));
  wasm_v128_store(y, wasm_u16x8_narrow_i32x4(lo, hi));  // every lane is <= 0xFFFF: no saturation
}

}  // namespace

void f32_f16_vcvt_ukernel__wasmsimd_u8(size_t n, const float* x, uint16_t* y) {
  for (; n >= 8; n -= 8, x += 8, y += 8) Convert8(x, y);
  if (n != 0) {
    float in[8] = {};
    uint16_t out[8];
    std::memcpy(in, x, n * sizeof(float));
    Convert8(in, out);
    std::memcpy(y, out, n * sizeof(uint16_t));
  }
}

}  // namespace webnn::kernels
