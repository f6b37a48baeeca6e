// f32_f64acc_rdsum_ukernel__scalar: y[c] += sum over rows of f(x[r][c]) in double, rows in ascending order
// (the bit-exact reference of the wasmsimd kernel). Over-read: none.
#include "kernels/f32-reduce/f64acc-impl.h"
#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

void f32_f64acc_rdsum_ukernel__scalar(size_t rows, size_t channels, const float* x, size_t row_stride, SumOf what,
                                      double* y) {
  for (size_t r = 0; r < rows; ++r, x = simd::ByteOffset(x, row_stride)) {
    for (size_t c = 0; c < channels; ++c) y[c] += f64acc_impl::Term(what, x[c]);
  }
}

}  // namespace webnn::kernels
