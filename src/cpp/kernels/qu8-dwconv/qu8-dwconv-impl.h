// The qu8 depthwise convolution kernels (kernels/qdwconv.h): wasmsimd (8 channels a block, two int32x4
// accumulators, the taps inner) and the scalar reference.
#pragma once

#include <wasm_simd128.h>

#include <cstring>

#include "kernels/qdwconv.h"
#include "kernels/qu8-igemm/qu8-igemm-impl.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::qu8_dwconv_impl {

constexpr size_t kCr = kQU8DwconvCr;

inline const uint8_t* Resolve(const uint8_t* p, const uint8_t* zero, size_t input_offset) {
  return p == zero ? p : p + input_offset;
}

// kTaps 0: the tap count at run time (`taps`); otherwise fixed (the loops over taps unroll, and each pixel's tap
// pointers are resolved once, not once per block of channels).
template <size_t kTaps>
void DwconvWasmSimd(size_t channels, size_t output_width, size_t runtime_taps, const uint8_t** input, const void* packed_w,
                    int32_t* output, size_t input_stride, size_t output_increment, size_t input_offset, const uint8_t* zero,
                    const QU8ConvParams* params) {
  const v128_t a_zero_point = wasm_i16x8_splat(static_cast<int16_t>(params->a_zero_point));
  const size_t taps = kTaps != 0 ? kTaps : runtime_taps;
  do {
    const uint8_t* resolved[kTaps != 0 ? kTaps : 1];
    if constexpr (kTaps != 0) {
      for (size_t t = 0; t < kTaps; ++t) resolved[t] = Resolve(input[t], zero, input_offset);
    }
    const auto tap = [&](size_t t) { return kTaps != 0 ? resolved[t] : Resolve(input[t], zero, input_offset); };
    const uint8_t* w = static_cast<const uint8_t*>(packed_w);
    size_t c = 0;
    for (; c + kCr <= channels; c += kCr) {
      v128_t acc_lo = wasm_v128_load(w), acc_hi = wasm_v128_load(w + 16);
      w += kCr * sizeof(int32_t);
      for (size_t t = 0; t < taps; ++t, w += kCr * sizeof(int16_t)) {
        const v128_t x = wasm_i16x8_sub(wasm_u16x8_load8x8(tap(t) + c), a_zero_point);
        const v128_t k = wasm_v128_load(w);
        acc_lo = wasm_i32x4_add(acc_lo, wasm_i32x4_extmul_low_i16x8(x, k));
        acc_hi = wasm_i32x4_add(acc_hi, wasm_i32x4_extmul_high_i16x8(x, k));
      }
      wasm_v128_store(output, acc_lo);
      wasm_v128_store(output + 4, acc_hi);
      output += kCr;
    }
    if (c != channels) {
      const size_t n = channels - c;
      v128_t acc_lo = wasm_v128_load(w), acc_hi = wasm_v128_load(w + 16);
      w += kCr * sizeof(int32_t);
      for (size_t t = 0; t < taps; ++t, w += kCr * sizeof(int16_t)) {
        const v128_t bytes = qu8_igemm_impl::LoadBytesTail(tap(t) + c, n);
        const v128_t x = wasm_i16x8_sub(wasm_u16x8_extend_low_u8x16(bytes), a_zero_point);
        const v128_t k = wasm_v128_load(w);  // 0 past the channels: those lanes stay the bias' 0
        acc_lo = wasm_i32x4_add(acc_lo, wasm_i32x4_extmul_low_i16x8(x, k));
        acc_hi = wasm_i32x4_add(acc_hi, wasm_i32x4_extmul_high_i16x8(x, k));
      }
      if (n >= 4) {
        wasm_v128_store(output, acc_lo);
        simd::StoreTail(output + 4, acc_hi, n - 4);
      } else {
        simd::StoreTail(output, acc_lo, n);
      }
      output += n;
    }
    input = reinterpret_cast<const uint8_t**>(reinterpret_cast<uintptr_t>(input) + input_stride);
    output = reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(output) + output_increment);
  } while (--output_width != 0);
}

inline void DwconvScalar(size_t channels, size_t output_width, size_t taps, const uint8_t** input, const void* packed_w,
                         int32_t* output, size_t input_stride, size_t output_increment, size_t input_offset,
                         const uint8_t* zero, const QU8ConvParams* params) {
  do {
    const uint8_t* block = static_cast<const uint8_t*>(packed_w);
    for (size_t c0 = 0; c0 < channels; c0 += kCr) {
      for (size_t j = 0; j < kCr && c0 + j < channels; ++j) {
        int32_t acc;
        std::memcpy(&acc, block + j * sizeof(int32_t), sizeof(acc));
        for (size_t t = 0; t < taps; ++t) {
          int16_t k;
          std::memcpy(&k, block + kCr * sizeof(int32_t) + (t * kCr + j) * sizeof(int16_t), sizeof(k));
          acc += (int32_t{Resolve(input[t], zero, input_offset)[c0 + j]} - params->a_zero_point) * k;
        }
        output[c0 + j] = acc;
      }
      block += kCr * sizeof(int32_t) + taps * kCr * sizeof(int16_t);
    }
    output = reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(output + channels) + output_increment);
    input = reinterpret_cast<const uint8_t**>(reinterpret_cast<uintptr_t>(input) + input_stride);
  } while (--output_width != 0);
}

}  // namespace webnn::kernels::qu8_dwconv_impl
