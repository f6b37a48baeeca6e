// f32_pavgpool_minmax_ukernel_up__scalar_c1: average pool with a per-pixel multiplier, one channel at a
// time (the reference): taps summed in ascending order, then one multiply, then the clamp.
// Tile: 1 channel x all taps. No packed weights. Over-read: none.
// Reference: a double-precision average (tests).
#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {

void f32_pavgpool_minmax_ukernel_up__scalar_c1(size_t output_pixels, size_t kernel_elements, size_t channels,
                                               const float** input, size_t input_offset, const float* zero,
                                               const float* multiplier, float* output, size_t input_increment,
                                               size_t output_increment, const MinMaxParams* params) {
  for (; output_pixels != 0; --output_pixels) {
    const float scale = *multiplier++;
    for (size_t c = 0; c < channels; ++c) {
      float acc = pool_impl::Tap(input, 0, input_offset, zero)[c];
      for (size_t t = 1; t < kernel_elements; ++t) acc += pool_impl::Tap(input, t, input_offset, zero)[c];
      output[c] = simd::ClampScalar(acc * scale, params->min, params->max);
    }
    input = simd::ByteOffset(input, input_increment);
    output = simd::ByteOffset(output + channels, output_increment);
  }
}

}  // namespace webnn::kernels
