// f32_maxpool_minmax_ukernel_up__wasmsimd_c4: max pool, any window, 4 channels per vector, all taps of
// a channel block in one pass (accumulator in a register).
// Tile: 4 channels x all taps; the 1..3 channel tail uses partial loads/stores. No packed weights.
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
