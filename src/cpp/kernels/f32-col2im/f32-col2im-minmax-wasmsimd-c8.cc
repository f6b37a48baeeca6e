// f32_col2im_minmax_ukernel__wasmsimd_c8: output = clamp(bias + sum of n rows), 8 channels per step
// (two f32x4 accumulators), then 4, then the 1..3 channel tail with partial loads/stores.
// Over-read: none — rows, bias and output are touched only within `channels` floats.
// Reference: f32_col2im_minmax_ukernel__scalar_c1 (bit-exact: bias first, rows in order).
#include <wasm_simd128.h>

#include "kernels/col2im.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

void f32_col2im_minmax_ukernel__wasmsimd_c8(size_t channels, size_t n, const float** input, size_t input_offset,
                                            const float* bias, float* output, const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
  size_t c = 0;
  for (; c + 8 <= channels; c += 8) {
    v128_t acc0 = bias ? wasm_v128_load(bias + c) : wasm_f32x4_const_splat(0.0f);
    v128_t acc1 = bias ? wasm_v128_load(bias + c + 4) : wasm_f32x4_const_splat(0.0f);
    for (size_t i = 0; i < n; ++i) {
      const float* row = simd::ByteOffset(input[i], input_offset) + c;
      acc0 = wasm_f32x4_add(acc0, wasm_v128_load(row));
      acc1 = wasm_f32x4_add(acc1, wasm_v128_load(row + 4));
    }
    wasm_v128_store(output + c, simd::Clamp(acc0, vmin, vmax));
    wasm_v128_store(output + c + 4, simd::Clamp(acc1, vmin, vmax));
  }
  if (c + 4 <= channels) {
    v128_t acc = bias ? wasm_v128_load(bias + c) : wasm_f32x4_const_splat(0.0f);
    for (size_t i = 0; i < n; ++i) acc = wasm_f32x4_add(acc, wasm_v128_load(simd::ByteOffset(input[i], input_offset) + c));
    wasm_v128_store(output + c, simd::Clamp(acc, vmin, vmax));
    c += 4;
  }
  if (c < channels) {
    const size_t tail = channels - c;
    v128_t acc = bias ? simd::LoadTail(bias + c, tail) : wasm_f32x4_const_splat(0.0f);
    for (size_t i = 0; i < n; ++i) {
      acc = wasm_f32x4_add(acc, simd::LoadTail(simd::ByteOffset(input[i], input_offset) + c, tail));
    }
    simd::StoreTail(output + c, simd::Clamp(acc, vmin, vmax), tail);
  }
}

}  // namespace webnn::kernels
