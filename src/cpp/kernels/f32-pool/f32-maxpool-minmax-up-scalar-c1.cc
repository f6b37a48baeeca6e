// f32_maxpool_minmax_ukernel_up__scalar_c1: max pool, any window, one channel at a time (the reference).
// Tile: 1 channel x all taps. No packed weights. Over-read: none.
// max follows f32x4.max: NaN if any tap is NaN, +0 over -0. Reference: itself (tests use a naive max).
#include <cmath>

#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {
namespace {

float Max(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return a + b;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
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
