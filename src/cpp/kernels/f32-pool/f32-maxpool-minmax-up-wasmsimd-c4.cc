// f32_maxpool_minmax_ukernel_up__wasmsimd_c4: max pool, any window, 4 channels per vector, all taps of
// a channel block in one pass (accumulator in a register).
// Tile: 4 channels x all taps (windows of up to 9 taps: 9 tap pointers held per pixel); the 1..3 channel
// tail uses partial loads/stores. No packed weights.
// Over-read: none (no row read past `channels` floats).
// Reference: f32_maxpool_minmax_ukernel_up__scalar_c1 (bit-exact; max is exact).
#include <wasm_simd128.h>

#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {

void f32_maxpool_minmax_ukernel_up__wasmsimd_c4(size_t output_pixels, size_t kernel_elements, size_t channels,
                                                const float** input, size_t input_offset, float* output,
                                                size_t input_increment, size_t output_increment,
                                                const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
  if (kernel_elements <= 9) {
    // Up to 9 taps (3x3 and smaller windows): the tap pointers are read once per pixel and held in
    // locals, missing ones repeating tap 0 (max is idempotent), instead of once per channel block: with
    // 64 channels that was 16 reloads of every pointer per pixel (3x XNNPACK's time on 3x3 s2 112^2x64).
    for (; output_pixels != 0; --output_pixels) {
      const float* i[9];
#pragma clang loop unroll(full)
      for (size_t t = 0; t < 9; ++t) i[t] = simd::ByteOffset(input[t < kernel_elements ? t : 0], input_offset);
      size_t c = 0;
      for (; c + 4 <= channels; c += 4) {
        const v128_t m01 = wasm_f32x4_max(wasm_v128_load(i[0] + c), wasm_v128_load(i[1] + c));
        const v128_t m23 = wasm_f32x4_max(wasm_v128_load(i[2] + c), wasm_v128_load(i[3] + c));
        const v128_t m45 = wasm_f32x4_max(wasm_v128_load(i[4] + c), wasm_v128_load(i[5] + c));
        const v128_t m67 = wasm_f32x4_max(wasm_v128_load(i[6] + c), wasm_v128_load(i[7] + c));
        const v128_t m = wasm_f32x4_max(wasm_f32x4_max(m01, m23), wasm_f32x4_max(m45, m67));
        wasm_v128_store(output + c, simd::Clamp(wasm_f32x4_max(m, wasm_v128_load(i[8] + c)), vmin, vmax));
      }
      if (c < channels) {
        const size_t rem = channels - c;
        v128_t acc = simd::LoadTail(i[0] + c, rem);
#pragma clang loop unroll(full)
        for (size_t t = 1; t < 9; ++t) acc = wasm_f32x4_max(acc, simd::LoadTail(i[t] + c, rem));
        simd::StoreTail(output + c, simd::Clamp(acc, vmin, vmax), rem);
      }
      input = simd::ByteOffset(input, input_increment);
      output = simd::ByteOffset(output + channels, output_increment);
    }
    return;
  }
  for (; output_pixels != 0; --output_pixels) {
    size_t c = 0;
    for (; c + 4 <= channels; c += 4) {
      v128_t acc = wasm_v128_load(simd::ByteOffset(input[0], input_offset) + c);
      for (size_t t = 1; t < kernel_elements; ++t) {
        acc = wasm_f32x4_max(acc, wasm_v128_load(simd::ByteOffset(input[t], input_offset) + c));
      }
      wasm_v128_store(output + c, simd::Clamp(acc, vmin, vmax));
    }
    if (c < channels) {
      const size_t rem = channels - c;
      v128_t acc = simd::LoadTail(simd::ByteOffset(input[0], input_offset) + c, rem);
      for (size_t t = 1; t < kernel_elements; ++t) {
        acc = wasm_f32x4_max(acc, simd::LoadTail(simd::ByteOffset(input[t], input_offset) + c, rem));
      }
      simd::StoreTail(output + c, simd::Clamp(acc, vmin, vmax), rem);
    }
    input = simd::ByteOffset(input, input_increment);
    output = simd::ByteOffset(output + channels, output_increment);
  }
}

}  // namespace webnn::kernels
