// f32_pavgpool_minmax_ukernel_up__wasmsimd_c4: average pool with a per-pixel multiplier, any window,
// 4 channels per vector, taps summed in ascending order in one register.
// Tile: 4 channels x all taps; the 1..3 channel tail uses partial loads/stores. No packed weights.
// Over-read: none (no row, including the zero row, read past `channels` floats).
// Reference: f32_pavgpool_minmax_ukernel_up__scalar_c1 (bit-exact: same summation order).
#include <wasm_simd128.h>

#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {

void f32_pavgpool_minmax_ukernel_up__wasmsimd_c4(size_t output_pixels, size_t kernel_elements, size_t channels,
                                                 const float** input, size_t input_offset, const float* zero,
                                                 const float* multiplier, float* output, size_t input_increment,
                                                 size_t output_increment, const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
  if (kernel_elements == 9) {
    // 3x3 windows: the 9 tap pointers are read once per pixel into locals instead of once per 4-channel
    // block; the sum keeps the ascending order (bit-exact with the scalar twin).
    for (; output_pixels != 0; --output_pixels) {
      const v128_t vscale = wasm_v128_load32_splat(multiplier++);
      const float* i[9];
#pragma clang loop unroll(full)
      for (size_t t = 0; t < 9; ++t) i[t] = pool_impl::Tap(input, t, input_offset, zero);
      size_t c = 0;
      for (; c + 4 <= channels; c += 4) {
        v128_t acc = wasm_v128_load(i[0] + c);
#pragma clang loop unroll(full)
        for (size_t t = 1; t < 9; ++t) acc = wasm_f32x4_add(acc, wasm_v128_load(i[t] + c));
        wasm_v128_store(output + c, simd::Clamp(wasm_f32x4_mul(acc, vscale), vmin, vmax));
      }
      if (c < channels) {
        const size_t rem = channels - c;
        v128_t acc = simd::LoadTail(i[0] + c, rem);
#pragma clang loop unroll(full)
        for (size_t t = 1; t < 9; ++t) acc = wasm_f32x4_add(acc, simd::LoadTail(i[t] + c, rem));
        simd::StoreTail(output + c, simd::Clamp(wasm_f32x4_mul(acc, vscale), vmin, vmax), rem);
      }
      input = simd::ByteOffset(input, input_increment);
      output = simd::ByteOffset(output + channels, output_increment);
    }
    return;
  }
  for (; output_pixels != 0; --output_pixels) {
    const v128_t vscale = wasm_v128_load32_splat(multiplier++);
    size_t c = 0;
    for (; c + 4 <= channels; c += 4) {
      v128_t acc = wasm_v128_load(pool_impl::Tap(input, 0, input_offset, zero) + c);
      for (size_t t = 1; t < kernel_elements; ++t) {
        acc = wasm_f32x4_add(acc, wasm_v128_load(pool_impl::Tap(input, t, input_offset, zero) + c));
      }
      wasm_v128_store(output + c, simd::Clamp(wasm_f32x4_mul(acc, vscale), vmin, vmax));
    }
    if (c < channels) {
      const size_t rem = channels - c;
      v128_t acc = simd::LoadTail(pool_impl::Tap(input, 0, input_offset, zero) + c, rem);
      for (size_t t = 1; t < kernel_elements; ++t) {
        acc = wasm_f32x4_add(acc, simd::LoadTail(pool_impl::Tap(input, t, input_offset, zero) + c, rem));
      }
      simd::StoreTail(output + c, simd::Clamp(wasm_f32x4_mul(acc, vscale), vmin, vmax), rem);
    }
    input = simd::ByteOffset(input, input_increment);
    output = simd::ByteOffset(output + channels, output_increment);
  }
}

}  // namespace webnn::kernels
