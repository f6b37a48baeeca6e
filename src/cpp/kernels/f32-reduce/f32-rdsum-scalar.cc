// f32_rdsum_ukernel__scalar: y[c] += sum over rows of x[r][c], rows in ascending order (the reference).
// Over-read: none.
#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

void f32_rdsum_ukernel__scalar(size_t rows, size_t channels, const float* x, size_t row_stride, float* y) {
  for (size_t c = 0; c < channels; ++c) {
    float a = y[c];
    const float* p = x + c;
    for (size_t r = 0; r < rows; ++r) {
      a += *p;
      p = simd::ByteOffset(p, row_stride);
    }
    y[c] = a;
  }
}

}  // namespace webnn::kernels
