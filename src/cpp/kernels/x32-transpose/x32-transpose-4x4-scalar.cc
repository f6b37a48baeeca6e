// x32_transpose_ukernel__4x4_scalar: 2-D transpose of 32-bit elements, element by element in 4x4
// blocks (the reference for the wasmsimd tile). Over-read: none.
#include "kernels/simd_util.h"
#include "kernels/transpose.h"

namespace webnn::kernels {

void x32_transpose_ukernel__4x4_scalar(const uint32_t* input, uint32_t* output, size_t input_stride,
                                       size_t output_stride, size_t block_width, size_t block_height) {
  for (size_t i0 = 0; i0 < block_height; i0 += 4) {
    for (size_t j0 = 0; j0 < block_width; j0 += 4) {
      for (size_t i = i0; i < i0 + 4 && i < block_height; ++i) {
        const uint32_t* r = simd::ByteOffset(input, i * input_stride);
        for (size_t j = j0; j < j0 + 4 && j < block_width; ++j) simd::ByteOffset(output, j * output_stride)[i] = r[j];
      }
    }
  }
}

}  // namespace webnn::kernels
