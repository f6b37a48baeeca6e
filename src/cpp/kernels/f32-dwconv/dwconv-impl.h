// Shared bodies of the f32 dwconv kernels (CR = 4). kTaps > 0 fixes the tap count at compile time
// (the tap loop unrolls and the adjusted input pointers are computed once per pixel); kTaps == 0 reads
// it at run time. SIMD and scalar sum in the same order (bias, then taps ascending), so they agree
// bit for bit.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>

#include "kernels/params.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::dwconv_impl {

inline const float* Adjust(const float* p, const float* zero, size_t offset) {
  return p == zero ? p : simd::ByteOffset(p, offset);
}

template <size_t kTaps>
inline void Wasmsimd(size_t channels, size_t output_width, size_t runtime_taps, const float** input,
                     const float* weights, float* output, size_t input_stride, size_t output_increment,
                     size_t input_offset, const float* zero, const MinMaxParams* params) {
  const size_t taps = kTaps != 0 ? kTaps : runtime_taps;
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
  do {
    const float* ip[kTaps != 0 ? kTaps : 1];
    if constexpr (kTaps != 0) {
#pragma clang loop unroll(full)
      for (size_t t = 0; t < kTaps; ++t) ip[t] = Adjust(input[t], zero, input_offset);
    }
    auto tap = [&](size_t t) -> const float* {
      if constexpr (kTaps != 0) {
        return ip[t];
      } else {
        return Adjust(input[t], zero, input_offset);
      }
    };
    const float* w = weights;
    size_t c = 0;
    for (; c + 4 <= channels; c += 4) {
      v128_t acc = wasm_v128_load(w);
      w += 4;
#pragma clang loop unroll(full)
      for (size_t t = 0; t < taps; ++t) {
        acc = wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_v128_load(tap(t) + c), wasm_v128_load(w)));
        w += 4;
      }
      wasm_v128_store(output, simd::Clamp(acc, vmin, vmax));
      output += 4;
    }
    if (c < channels) {
      const size_t rem = channels - c;
      v128_t acc = wasm_v128_load(w);
      w += 4;
      for (size_t t = 0; t < taps; ++t) {
        acc = wasm_f32x4_add(acc, wasm_f32x4_mul(simd::LoadTail(tap(t) + c, rem), wasm_v128_load(w)));
        w += 4;
      }
      simd::StoreTail(output, simd::Clamp(acc, vmin, vmax), rem);
      output += rem;
    }
    input = simd::ByteOffset(input, input_stride);
    output = simd::ByteOffset(output, output_increment);
  } while (--output_width != 0);
}

template <size_t kTaps>
inline void Scalar(size_t channels, size_t output_width, size_t runtime_taps, const float** input,
                   const float* weights, float* output, size_t input_stride, size_t output_increment,
                   size_t input_offset, const float* zero, const MinMaxParams* params) {
  const size_t taps = kTaps != 0 ? kTaps : runtime_taps;
  do {
    for (size_t c = 0; c < channels; ++c) {
      const float* w = weights + (c / 4) * 4 * (taps + 1) + c % 4;
      float acc = w[0];
      for (size_t t = 0; t < taps; ++t) acc += Adjust(input[t], zero, input_offset)[c] * w[4 * (t + 1)];
      output[c] = simd::ClampScalar(acc, params->min, params->max);
    }
    output += channels;
    input = simd::ByteOffset(input, input_stride);
    output = simd::ByteOffset(output, output_increment);
  } while (--output_width != 0);
}

}  // namespace webnn::kernels::dwconv_impl
