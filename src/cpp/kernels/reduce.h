// Reductions on contiguous f32 data. No kernel reads past the given extents; alignment: 4 bytes.
#pragma once

#include <cstddef>

namespace webnn::kernels {

// Sum of x[0..n) (n >= 0; 0 for n == 0). 16 partial sums (4 x f32x4) combined pairwise at the end,
// which keeps the error near log2(n/16) + n/16 roundings instead of n.
float f32_rsum_ukernel__wasmsimd_u16(size_t n, const float* x);
float f32_rsum_ukernel__scalar(size_t n, const float* x);  // same partial-sum tree, bit-exact twin
// Max of x[0..n) (n >= 1). NaN if any element is NaN; +0 beats -0.
float f32_rmax_ukernel__wasmsimd_u16(size_t n, const float* x);
float f32_rmax_ukernel__scalar(size_t n, const float* x);
// Strided rows: y[c] += sum_r x[r * row_stride + c] for c < channels, r < rows (row_stride in BYTES),
// rows added in ascending order into y (initialise y to 0 for a plain sum).
void f32_rdsum_ukernel__wasmsimd_c16(size_t rows, size_t channels, const float* x, size_t row_stride, float* y);
void f32_rdsum_ukernel__scalar(size_t rows, size_t channels, const float* x, size_t row_stride, float* y);

}  // namespace webnn::kernels
