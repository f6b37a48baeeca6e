// Softmax over one contiguous row: y[i] = exp(x[i] - max) / sum_j exp(x[j] - max), n >= 1.
// -inf entries give 0. If the row contains NaN, every output is NaN; if max is +inf or every entry is
// -inf, IEEE arithmetic gives NaN (x - max is NaN), as the double-precision formula does.
// y may alias x. No read or write past n elements. Alignment: 4 bytes.
#pragma once

#include <cstddef>

namespace webnn::kernels {

// f32x4: max, then exp(x - max) (vunary_impl::ExpNonPositiveF32 on x - max split exactly into hi + lo, ~1 ULP)
// stored into y while summing in f64x2 lanes, then a
// division by the sum. Within 4 ULP of the double-precision softmax in the tests (WPT: 12..21 ULP).
void f32_softmax__wasmsimd(size_t n, const float* x, float* y);
// Scalar twin: same three passes in double precision, rounded once (the reference).
void f32_softmax__scalar(size_t n, const float* x, float* y);

}  // namespace webnn::kernels
