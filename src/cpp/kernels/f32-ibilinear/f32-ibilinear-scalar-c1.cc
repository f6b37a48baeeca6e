// f32_ibilinear_ukernel__scalar_c1: bilinear interpolation of 4 taps per pixel, one channel at a time
// (the reference twin of the wasmsimd kernel).
// Over-read: none.
#include "kernels/ibilinear.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

void f32_ibilinear_ukernel__scalar_c1(size_t output_pixels, size_t channels, const float** input,
                                      size_t input_offset, const float* weights, float* output,
                                      size_t output_increment) {
  for (; output_pixels != 0; --output_pixels) {
    const float* tl = simd::ByteOffset(input[0], input_offset);
    const float* tr = simd::ByteOffset(input[1], input_offset);
    const float* bl = simd::ByteOffset(input[2], input_offset);
    const float* br = simd::ByteOffset(input[3], input_offset);
    input += 4;
    const float bx = weights[0], by = weights[1];
    const float ax = 1.0f - bx, ay = 1.0f - by;
    weights += 2;
    for (size_t c = 0; c < channels; ++c) {
      const float top = tl[c] * ax + tr[c] * bx;
      const float bottom = bl[c] * ax + br[c] * bx;
      output[c] = top * ay + bottom * by;
    }
    output = simd::ByteOffset(output + channels, output_increment);
  }
}

}  // namespace webnn::kernels
