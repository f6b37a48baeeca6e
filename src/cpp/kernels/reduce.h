// Reductions of f32 data (reduce*, through compiler/lower/reduce_norm.cc). No kernel reads past the given extents; alignment: 4 bytes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

// What the double-accumulating sums add per element: x, |x| or x * x (each exact in double).
enum class SumOf : uint8_t { kValues, kMagnitudes, kSquares };

// Sum of x[0..n) (or of |x|, x^2) in double (0 for n == 0): element i goes to partial sum i % 8 (four
// f64x2), combined as ((p0,p1 + p2,p3) + (p4,p5 + p6,p7)) then lane 0 + lane 1. In double, n floats add
// up with an error below n 2^-53 of the sum of their magnitudes, so reduceSum, reduceMean, reduceL1,
// reduceL2, reduceSumSquare and reduceLogSum keep WPT's few-ULP bounds even where the sum cancels.
double f32_f64acc_rsum_ukernel__wasmsimd_u8(size_t n, const float* x, SumOf what);
double f32_f64acc_rsum_ukernel__scalar(size_t n, const float* x, SumOf what);  // same partials, bit-exact
// Strided rows in double: y[c] += sum_r f(x[r * row_stride + c]) for c < channels, r < rows (row_stride in
// BYTES), rows added in ascending order (initialise y to 0 for a plain sum).
void f32_f64acc_rdsum_ukernel__wasmsimd_c8(size_t rows, size_t channels, const float* x, size_t row_stride,
                                           SumOf what, double* y);
void f32_f64acc_rdsum_ukernel__scalar(size_t rows, size_t channels, const float* x, size_t row_stride, SumOf what,
                                      double* y);
// Max (min) of x[0..n) (n >= 1). NaN if any element is NaN; +0 beats -0 for max, -0 beats +0 for min.
float f32_rmax_ukernel__wasmsimd_u16(size_t n, const float* x);
float f32_rmax_ukernel__scalar(size_t n, const float* x);
float f32_rmin_ukernel__wasmsimd_u16(size_t n, const float* x);
float f32_rmin_ukernel__scalar(size_t n, const float* x);
// Min and max of x[0..n) (n >= 1) in one pass, each what the kernels above give (NaN and zero signs included).
void f32_rminmax_ukernel__wasmsimd_u8(size_t n, const float* x, float* min, float* max);
void f32_rminmax_ukernel__scalar(size_t n, const float* x, float* min, float* max);

}  // namespace webnn::kernels
