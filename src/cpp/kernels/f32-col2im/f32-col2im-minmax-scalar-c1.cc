// f32_col2im_minmax_ukernel__scalar_c1: output = clamp(bias + sum of n rows), one channel at a time
// (the reference twin of the wasmsimd kernel: bias first, rows in order).
// Over-read: none.
#include "kernels/col2im.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

void f32_col2im_minmax_ukernel__scalar_c1(size_t channels, size_t n, const float** input, size_t input_offset,
                                          const float* bias, float* output, const MinMaxParams* params) {
  const float lo = params->min, hi = params->max;
  for (size_t c = 0; c < channels; ++c) {
    float acc = bias ? bias[c] : 0.0f;
    for (size_t i = 0; i < n; ++i) acc += simd::ByteOffset(input[i], input_offset)[c];
    output[c] = simd::ClampScalar(acc, lo, hi);
  }
}

}  // namespace webnn::kernels
