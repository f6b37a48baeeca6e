// f16_f32_vcvt_ukernel__wasmsimd_u8: 8 halves per step, each half of the vector widened to 32-bit lanes.
// A normal half (and inf/NaN) is its bits shifted into place with the exponent re-biased by an integer add
// (exact; inf/NaN get a second add that takes their exponent to all ones, keeping NaN payloads as the
// scalar does); a subnormal (or zero) m 2^-24 is 0.5 + m 2^-24 built from its bits, minus 0.5 (exact).
// The masks and the sign are taken on the 16-bit lanes before widening: written on 32-bit lanes, clang
// rebuilt them with shuffles and shifts, 1.2 ns per element against 0.40 now (1M, AMD EPYC).
// Tail: 1..7 halves through a stack copy. Over-read: none. Reference: f16_f32_vcvt_ukernel__scalar
// (bit-exact on all 65536 halves).
#include <wasm_simd128.h>

#include <cstring>

#include "kernels/vcvt.h"

namespace webnn::kernels {
namespace {

// Four halves, sign-free (in the low 16 bits of 32-bit lanes), and their masks (32-bit): the float bits.
inline v128_t Widen(v128_t nonsign, v128_t is_subnormal, v128_t is_infnan) {
  const v128_t rebias = wasm_i32x4_const_splat(0x38000000);  // (127 - 15) << 23
  const v128_t normal = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_shl(nonsign, 13), rebias), wasm_v128_and(is_infnan, rebias));
  const v128_t subnormal = wasm_f32x4_sub(wasm_v128_or(nonsign, wasm_i32x4_const_splat(0x3F000000)), wasm_f32x4_const_splat(0.5f));
  return wasm_v128_bitselect(subnormal, normal, is_subnormal);
}

// The sign, the sign-free bits and the two masks are found on the eight 16-bit lanes at once, then widened.
inline void Convert8(const uint16_t* x, float* y) {
  const v128_t h = wasm_v128_load(x);
  const v128_t nonsign = wasm_v128_and(h, wasm_i16x8_const_splat(0x7FFF));
  const v128_t sign = wasm_v128_xor(h, nonsign);
  const v128_t is_subnormal = wasm_u16x8_lt(nonsign, wasm_i16x8_const_splat(0x0400));
  const v128_t is_infnan = wasm_u16x8_ge(nonsign, wasm_i16x8_const_splat(0x7C00));
  const v128_t lo = Widen(wasm_u32x4_extend_low_u16x8(nonsign), wasm_i32x4_extend_low_i16x8(is_subnormal),
                          wasm_i32x4_extend_low_i16x8(is_infnan));
  const v128_t hi = Widen(wasm_u32x4_extend_high_u16x8(nonsign), wasm_i32x4_extend_high_i16x8(is_subnormal),
                          wasm_i32x4_extend_high_i16x8(is_infnan));
  // The sign bits into the top of each 32-bit lane: interleaving zeros below them.
  const v128_t zero = wasm_i32x4_const_splat(0);
  wasm_v128_store(y, wasm_v128_or(lo, wasm_i16x8_shuffle(zero, sign, 0, 8, 1, 9, 2, 10, 3, 11)));
  wasm_v128_store(y + 4, wasm_v128_or(hi, wasm_i16x8_shuffle(zero, sign, 4, 12, 5, 13, 6, 14, 7, 15)));
}

}  // namespace

void f16_f32_vcvt_ukernel__wasmsimd_u8(size_t n, const uint16_t* x, float* y) {
  for (; n >= 8; n -= 8, x += 8, y += 8) Convert8(x, y);
  if (n != 0) {
    uint16_t in[8] = {};
    float out[8];
    std::memcpy(in, x, n * sizeof(uint16_t));
    Convert8(in, out);
    std::memcpy(y, out, n * sizeof(float));
  }
}

}  // namespace webnn::kernels
