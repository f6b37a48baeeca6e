// Shared bodies of the f32 direct dwconv kernels (see kernels/dwconv.h, F32DwconvDirectUkernelFn).
// The indirect kernels load a weight vector for every input vector (19 loads per 9 multiply-adds of four
// channels at 3x3); here P output pixels of a row share each weight load, and stride-1 neighbours share
// their input columns: per kernel row and four channels, (P - 1) * S + K input loads and K weight loads
// for P * K multiply-adds. Each pixel sums bias, then taps in ascending order with a multiply and an add,
// as the indirect kernels do: an output is the same bits whichever kernel made it.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>

#include "kernels/params.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::dwconv_direct_impl {

// P pixels x the channels from `c` on (4, or the 1..3 tail when kTail) of one step.
template <size_t K, size_t S, size_t P, bool kTail>
inline void WasmsimdChannels(size_t c, size_t rem, size_t channels, const float* input, size_t row_stride,
                             const float* w, float* output, v128_t vmin, v128_t vmax) {
  constexpr size_t kCols = (P - 1) * S + K;
  const auto load = [&](const float* p) { return kTail ? simd::LoadTail(p, rem) : wasm_v128_load(p); };
  v128_t acc[P];
  const v128_t bias = wasm_v128_load(w);
  w += 4;
#pragma clang loop unroll(full)
  for (size_t p = 0; p < P; ++p) acc[p] = bias;
  // A loop, not unrolled: unrolled, clang's scheduling for Wasm (which has unlimited locals) ordered the step
  // pixel by pixel with all K x K weights live, and V8 spilled (3x3: 11 against 15 GFLOP/s of the indirect
  // kernel). One kernel row per iteration keeps P accumulators, its columns and K weights live.
#pragma clang loop unroll(disable)
  for (size_t ky = 0; ky < K; ++ky) {
    const float* row = simd::ByteOffset(input, ky * row_stride) + c;
    v128_t v[kCols];
#pragma clang loop unroll(full)
    for (size_t j = 0; j < kCols; ++j) v[j] = load(row + j * channels);
#pragma clang loop unroll(full)
    for (size_t kx = 0; kx < K; ++kx) {
      const v128_t wk = wasm_v128_load(w);
      w += 4;
#pragma clang loop unroll(full)
      for (size_t p = 0; p < P; ++p) acc[p] = wasm_f32x4_add(acc[p], wasm_f32x4_mul(v[p * S + kx], wk));
    }
  }
#pragma clang loop unroll(full)
  for (size_t p = 0; p < P; ++p) {
    const v128_t y = simd::Clamp(acc[p], vmin, vmax);
    if constexpr (kTail) {
      simd::StoreTail(output + p * channels + c, y, rem);
    } else {
      wasm_v128_store(output + p * channels + c, y);
    }
  }
}

template <size_t K, size_t S, size_t P>
inline void WasmsimdPixels(size_t channels, const float* input, size_t row_stride, const float* weights, float* output,
                           v128_t vmin, v128_t vmax) {
  constexpr size_t kGroup = 4 * (K * K + 1);  // packed floats per 4 channels
  size_t c = 0;
  const float* w = weights;
  for (; c + 4 <= channels; c += 4, w += kGroup) {
    WasmsimdChannels<K, S, P, false>(c, 4, channels, input, row_stride, w, output, vmin, vmax);
  }
  if (c < channels) WasmsimdChannels<K, S, P, true>(c, channels - c, channels, input, row_stride, w, output, vmin, vmax);
}

template <size_t K, size_t S, size_t P>
inline void Wasmsimd(size_t channels, size_t output_width, const float* input, size_t input_row_stride,
                     const float* weights, float* output, const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
  for (; output_width >= P; output_width -= P) {
    WasmsimdPixels<K, S, P>(channels, input, input_row_stride, weights, output, vmin, vmax);
    input += P * S * channels;
    output += P * channels;
  }
  for (; output_width != 0; --output_width) {
    WasmsimdPixels<K, S, 1>(channels, input, input_row_stride, weights, output, vmin, vmax);
    input += S * channels;
    output += channels;
  }
}

// One channel of one pixel at a time, in the same order (the reference twin).
template <size_t K, size_t S>
inline void Scalar(size_t channels, size_t output_width, const float* input, size_t input_row_stride,
                   const float* weights, float* output, const MinMaxParams* params) {
  for (; output_width != 0; --output_width) {
    for (size_t c = 0; c < channels; ++c) {
      const float* w = weights + (c / 4) * 4 * (K * K + 1) + c % 4;
      float acc = w[0];
      for (size_t ky = 0; ky < K; ++ky) {
        const float* row = simd::ByteOffset(input, ky * input_row_stride);
        for (size_t kx = 0; kx < K; ++kx) acc += row[kx * channels + c] * w[4 * (ky * K + kx + 1)];
      }
      output[c] = simd::ClampScalar(acc, params->min, params->max);
    }
    input += S * channels;
    output += channels;
  }
}

}  // namespace webnn::kernels::dwconv_direct_impl
