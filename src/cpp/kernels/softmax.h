// Softmax over one contiguous row: y[i] = exp(x[i] - max) / sum_j exp(x[j] - max), n >= 1.
// -inf entries give 0. If the row contains NaN, every output is NaN; if max is +inf or every entry is
// -inf, IEEE arithmetic gives NaN (x - max is NaN), as the double-precision formula does.
// y may alias x. No read or write past n elements. Alignment: 4 bytes.
#pragma once

#include <cstddef>

namespace webnn::kernels {

// f32x4: max, then exp(x - max) (vunary_impl::ExpNonPositiveF32, ~1 ULP) stored into y and summed, then y
// scaled by the sum. Rows shorter than 128: x - max split exactly into hi + lo, summed in f64x2 lanes, a
// division; within 4 ULP of the double-precision softmax in the tests (WPT: 12..21 ULP on such rows).
// Longer rows, as XNNPACK does: x - max rounded, exp reduced in base 2, a float sum, a multiply by 1/sum;
// within 118 ULP in the tests, where their tolerance is 3n + 3 >= 387 ULP. 0.88 ns per element on rows of
// 1024 (0.97 with the two-step ln2 reduction, 2.1 in double).
void f32_softmax__wasmsimd(size_t n, const float* x, float* y);
// Scalar twin: same three passes in double precision, rounded once (the reference).
void f32_softmax__scalar(size_t n, const float* x, float* y);

}  // namespace webnn::kernels
