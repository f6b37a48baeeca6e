// The byte -> float conversion of the qbw kernels (kernels/qbw.h), XNNPACK's "magic number" way: a byte q is
// interleaved with a zero byte (BytesLow/High) and then under the bits 0x4B00 (MagicLow/High), which makes the float
// 2^23 + q; subtracting 2^23 + z (MagicZeroPoints) gives q - z exactly. One unpack instruction per step where
// sign extension and f32x4.convert_i32x4_s took three (3.3 against 12.5 GFLOP/s in the qb4w GEMV).
#pragma once

#include <wasm_simd128.h>

#include <cstdint>

namespace webnn::kernels::qbw_magic {

// The low or high 8 bytes of x widened to 16 bits.
inline v128_t BytesLow(v128_t x, v128_t zero) { return wasm_i8x16_shuffle(x, zero, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23); }
inline v128_t BytesHigh(v128_t x, v128_t zero) {
  return wasm_i8x16_shuffle(x, zero, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}
// 2^23 + the low or high 4 u16 lanes of x, as floats (magic: 0x4B00 in every u16 lane).
inline v128_t MagicLow(v128_t x, v128_t magic) { return wasm_i16x8_shuffle(x, magic, 0, 8, 1, 9, 2, 10, 3, 11); }
inline v128_t MagicHigh(v128_t x, v128_t magic) { return wasm_i16x8_shuffle(x, magic, 4, 12, 5, 13, 6, 14, 7, 15); }

// A block's 2^23 + z for columns 0-3 and 4-7 (z: the 8 zero-point bytes at `w`).
inline void MagicZeroPoints(const uint8_t* w, v128_t* lo, v128_t* hi) {
  const v128_t magic_f = wasm_f32x4_splat(8388608.0f);
  const v128_t z = wasm_u16x8_extend_low_u8x16(wasm_v128_load64_zero(w));
  *lo = wasm_f32x4_add(magic_f, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_low_u16x8(z)));
  *hi = wasm_f32x4_add(magic_f, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_high_u16x8(z)));
}

}  // namespace webnn::kernels::qbw_magic
