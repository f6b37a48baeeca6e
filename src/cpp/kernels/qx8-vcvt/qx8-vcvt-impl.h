// The qs8 / qu8 <-> f32 conversion kernels (kernels/qvcvt.h) for both 8-bit types: T is int8_t or uint8_t.
#pragma once

#include <wasm_simd128.h>

#include <cmath>
#include <cstring>
#include <type_traits>

#include "kernels/qvcvt.h"

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

// f32x4.nearest rounds half to even; min/max keep NaN, which trunc_sat turns into 0; the saturating
// narrows then change nothing (the values are in range).
template <typename T>
void QuantizeWasmSimd(size_t n, const float* x, T* y, const QuantParams* params) {
  const v128_t scale = wasm_f32x4_splat(params->scale);
  const v128_t zero_point = wasm_f32x4_splat(static_cast<float>(params->zero_point));
  const v128_t lowest = wasm_f32x4_splat(kLowest<T>), highest = wasm_f32x4_splat(kHighest<T>);
  const auto quantize = [&](const float* p) {
    const v128_t q = wasm_f32x4_add(wasm_f32x4_nearest(wasm_f32x4_div(wasm_v128_load(p), scale)), zero_point);
    return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_min(wasm_f32x4_max(q, lowest), highest));
  };
  for (; n >= 16; n -= 16) {
    const v128_t lo = wasm_i16x8_narrow_i32x4(quantize(x), quantize(x + 4));
    const v128_t hi = wasm_i16x8_narrow_i32x4(quantize(x + 8), quantize(x + 12));
    const v128_t bytes = std::is_signed_v<T> ? wasm_i8x16_narrow_i16x8(lo, hi) : wasm_u8x16_narrow_i16x8(lo, hi);
    wasm_v128_store(y, bytes);
    x += 16;
    y += 16;
  }
  QuantizeScalar(n, x, y, params);
}

}  // namespace webnn::kernels::qvcvt_impl
