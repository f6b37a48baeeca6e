// f32_maxpool_minmax_ukernel_up__scalar_c1: max pool, any window, one channel at a time (the reference).
// Tile: 1 channel x all taps. No packed weights. Over-read: none.
// max: the default quiet NaN if any tap is NaN, else the first tap that attains the max (of +0 and -0, the
// earlier), as the wasmsimd kernel's f32x4.pmax gives. Reference: itself (tests use a naive max).
#include <cmath>
#include <limits>

#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {
namespace {

float Max(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
  return a < b ? b : a;
}

}  // namespace

void f32_maxpool_minmax_ukernel_up__scalar_c1(size_t output_pixels, size_t kernel_elements, size_t channels,
                                              const float** input, size_t input_offset, float* output,
                                              size_t input_increment, size_t output_increment,
                                              const MinMaxParams* params) {
  for (; output_pixels != 0; --output_pixels) {
    for (size_t c = 0; c < channels; ++c) {
      float acc = simd::ByteOffset(input[0], input_offset)[c];
      for (size_t t = 1; t < kernel_elements; ++t) acc = Max(acc, simd::ByteOffset(input[t], input_offset)[c]);
      output[c] = simd::ClampScalar(acc, params->min, params->max);
    }
    input = simd::ByteOffset(input, input_increment);
    output = simd::ByteOffset(output + channels, output_increment);
  }
}

}  // namespace webnn::kernels
