// The qs8 / qu8 <-> f32 conversion kernels (kernels/qvcvt.h) for both 8-bit types: T is int8_t or uint8_t.
#pragma once

#include <wasm_simd128.h>

#include <cmath>
#include <cstring>
#include <type_traits>

#include "kernels/qvcvt.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::qvcvt_impl {

template <typename T>
constexpr float kLowest = std::is_signed_v<T> ? -128.0f : 0.0f;
template <typename T>
constexpr float kHighest = std::is_signed_v<T> ? 127.0f : 255.0f;

template <typename T>
void DequantizeScalar(size_t n, const T* x, float* y, const QuantParams* params) {
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<float>(int32_t{x[i]} - params->zero_point) * params->scale;
}

// 16 bytes widened to four i32x4 (sign- or zero-extended), less the zero point, to f32, times the scale.
template <typename T>
void DequantizeWasmSimd(size_t n, const T* x, float* y, const QuantParams* params) {
  const v128_t zero_point = wasm_i32x4_splat(params->zero_point);
  const v128_t scale = wasm_f32x4_splat(params->scale);
  const auto convert = [&](v128_t i32) { return wasm_f32x4_mul(wasm_f32x4_convert_i32x4(wasm_i32x4_sub(i32, zero_point)), scale); };
  for (; n >= 16; n -= 16) {
    const v128_t v = wasm_v128_load(x);
    v128_t lo, hi;
    if constexpr (std::is_signed_v<T>) {
      lo = wasm_i16x8_extend_low_i8x16(v), hi = wasm_i16x8_extend_high_i8x16(v);
      wasm_v128_store(y, convert(wasm_i32x4_extend_low_i16x8(lo)));
      wasm_v128_store(y + 4, convert(wasm_i32x4_extend_high_i16x8(lo)));
      wasm_v128_store(y + 8, convert(wasm_i32x4_extend_low_i16x8(hi)));
      wasm_v128_store(y + 12, convert(wasm_i32x4_extend_high_i16x8(hi)));
    } else {
      lo = wasm_u16x8_extend_low_u8x16(v), hi = wasm_u16x8_extend_high_u8x16(v);
      wasm_v128_store(y, convert(wasm_u32x4_extend_low_u16x8(lo)));
      wasm_v128_store(y + 4, convert(wasm_u32x4_extend_high_u16x8(lo)));
      wasm_v128_store(y + 8, convert(wasm_u32x4_extend_low_u16x8(hi)));
      wasm_v128_store(y + 12, convert(wasm_u32x4_extend_high_u16x8(hi)));
    }
    x += 16;
    y += 16;
  }
  DequantizeScalar(n, x, y, params);
}

// NaN -> 0, as cast() converts it; everything else is clamped to the type's range before converting.
template <typename T>
T QuantizeOne(float x, const QuantParams* params) {
  float q = std::nearbyint(x / params->scale) + static_cast<float>(params->zero_point);
  if (std::isnan(q)) return T{0};
  q = std::fmin(std::fmax(q, kLowest<T>), kHighest<T>);
  return static_cast<T>(q);
}

template <typename T>
void QuantizeScalar(size_t n, const float* x, T* y, const QuantParams* params) {
  for (size_t i = 0; i < n; ++i) y[i] = QuantizeOne<T>(x[i], params);
}

// roundEven(x / scale) without a division per element: the division (f32x4.div, ~4 cycles a vector here) was
// most of the kernel's 0.68 ns per element. q = x * (1 / scale) is within 2^-23 * |q| (relative: two
// roundings) of x / scale, so both round to the same integer unless x / scale lies within that distance of a
// half-integer: |q - nearest(q)| > 0.5 - 2^-11 flags those (and every exact half) for |q| < 1024, and beyond
// 1024 either rounding is clamped to the type's range (the zero point is within 255 of it). A flagged group of 16
// takes the division, so every result is the formula's. A scale whose reciprocal is not a normal float takes
// the division throughout.
// The clamp is pmax / pmin (one instruction each): pmax(lowest, NaN) is lowest, 0 for uint8; int8 first turns
// NaN into 0. Adding 1.5 * 2^23 then puts the integer in the low bits, and subtracting those bits' 1.5 * 2^23
// makes it an int32 the saturating narrows leave as is (trunc_sat_f32x4 is ~6 instructions on x64).
template <typename T>
struct QuantizeWasmSimdConstants {
  explicit QuantizeWasmSimdConstants(const QuantParams* params)
      : QuantizeWasmSimdConstants(params, 1.0f / params->scale) {}
  QuantizeWasmSimdConstants(const QuantParams* params, float r)
      : scale(wasm_f32x4_splat(params->scale)),
        reciprocal(wasm_f32x4_splat(r)),
        zero_point(wasm_f32x4_splat(static_cast<float>(params->zero_point))),
        lowest(wasm_f32x4_splat(kLowest<T>)),
        highest(wasm_f32x4_splat(kHighest<T>)),
        near_half(wasm_f32x4_const_splat(0.5f - 0x1p-11f)),
        reciprocal_usable(std::isnormal(r)) {}
  v128_t scale, reciprocal, zero_point, lowest, highest, near_half;
  bool reciprocal_usable;
};

// nearest(x * (1 / scale)) of the 4 floats at p; the lanes where it may differ from nearest(x / scale) (within
// 2^-11 of a half-integer) are set in *ambiguous.
template <typename T>
WEBNN_KERNEL_INLINE v128_t RoundedByReciprocal(const float* p, const QuantizeWasmSimdConstants<T>& k, v128_t* ambiguous) {
  const v128_t q = wasm_f32x4_mul(wasm_v128_load(p), k.reciprocal);
  const v128_t rounded = wasm_f32x4_nearest(q);
  *ambiguous = wasm_v128_or(*ambiguous, wasm_f32x4_gt(wasm_f32x4_abs(wasm_f32x4_sub(q, rounded)), k.near_half));
  return rounded;
}

// nearest(x / scale) of 4 lanes, already rounded, to the clamped int32 result.
template <typename T>
WEBNN_KERNEL_INLINE v128_t QuantizeRounded(v128_t rounded, const QuantizeWasmSimdConstants<T>& k) {
  v128_t q = wasm_f32x4_add(rounded, k.zero_point);
  if constexpr (std::is_signed_v<T>) q = wasm_v128_and(q, wasm_f32x4_eq(q, q));  // NaN -> +0
  q = wasm_f32x4_pmin(k.highest, wasm_f32x4_pmax(k.lowest, q));
  const v128_t magic = wasm_f32x4_const_splat(12582912.0f);  // 1.5 * 2^23
  return wasm_i32x4_sub(wasm_f32x4_add(q, magic), magic);
}

// 16 int32 results in [-128, 255] to 16 bytes.
template <typename T>
WEBNN_KERNEL_INLINE v128_t NarrowToBytes(v128_t a, v128_t b, v128_t c, v128_t d) {
  const v128_t lo = wasm_i16x8_narrow_i32x4(a, b), hi = wasm_i16x8_narrow_i32x4(c, d);
  return std::is_signed_v<T> ? wasm_i8x16_narrow_i16x8(lo, hi) : wasm_u8x16_narrow_i16x8(lo, hi);
}

template <typename T>
void QuantizeWasmSimd(size_t n, const float* x, T* y, const QuantParams* params) {
  const QuantizeWasmSimdConstants<T> k(params);
  const auto divided = [&](const float* p) { return QuantizeRounded(wasm_f32x4_nearest(wasm_f32x4_div(wasm_v128_load(p), k.scale)), k); };
  if (!k.reciprocal_usable) {
    for (; n >= 16; n -= 16, x += 16, y += 16) wasm_v128_store(y, NarrowToBytes<T>(divided(x), divided(x + 4), divided(x + 8), divided(x + 12)));
    QuantizeScalar(n, x, y, params);
    return;
  }
  for (; n >= 16; n -= 16, x += 16, y += 16) {
    v128_t rounded[4], ambiguous = wasm_i64x2_const(0, 0);
    for (int i = 0; i < 4; ++i) rounded[i] = RoundedByReciprocal(x + 4 * i, k, &ambiguous);
    if (wasm_v128_any_true(ambiguous)) {
      wasm_v128_store(y, NarrowToBytes<T>(divided(x), divided(x + 4), divided(x + 8), divided(x + 12)));
    } else {
      wasm_v128_store(y, NarrowToBytes<T>(QuantizeRounded(rounded[0], k), QuantizeRounded(rounded[1], k),
                                          QuantizeRounded(rounded[2], k), QuantizeRounded(rounded[3], k)));
    }
  }
  // The last 4-15 four at a time (a fused conv's rows are often 8 or 24 channels wide: a copy through a block of 16
  // cost more than the row), the last 1-3 by the scalar twin.
  for (; n >= 4; n -= 4, x += 4, y += 4) {
    v128_t ambiguous = wasm_i64x2_const(0, 0);
    const v128_t rounded = RoundedByReciprocal(x, k, &ambiguous);
    const v128_t v = wasm_v128_any_true(ambiguous) ? divided(x) : QuantizeRounded(rounded, k);
    wasm_v128_store32_lane(y, NarrowToBytes<T>(v, v, v, v), 0);
  }
  QuantizeScalar(n, x, y, params);
}

}  // namespace webnn::kernels::qvcvt_impl
