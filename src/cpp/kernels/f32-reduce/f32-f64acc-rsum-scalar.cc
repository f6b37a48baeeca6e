// f32_f64acc_rsum_ukernel__scalar: the wasmsimd_u8 kernel's partial sums in scalar code (the bit-exact
// reference): element i of each full group of 8 goes to partial i % 8, the remainder's j-th element to
// partial j; zero padding adds +0, which changes no partial but -0 (as the SIMD lanes do).
// Over-read: none.
#include "kernels/f32-reduce/f64acc-impl.h"
#include "kernels/reduce.h"

namespace webnn::kernels {

double f32_f64acc_rsum_ukernel__scalar(size_t n, const float* x, SumOf what) {
  double p[8] = {};
  using f64acc_impl::Term;
  // Every partial the SIMD kernel touches gets the same adds, padding zeros included.
  const size_t full = n / 8 * 8, rest = n - full;
  for (size_t i = 0; i < full; ++i) p[i % 8] += Term(what, x[i]);
  if (rest != 0) {
    const size_t lanes = rest > 4 ? 8 : 4;
    for (size_t j = 0; j < lanes; ++j) p[j] += j < rest ? Term(what, x[full + j]) : 0.0;
  }
  const double lane0 = (p[0] + p[2]) + (p[4] + p[6]), lane1 = (p[1] + p[3]) + (p[5] + p[7]);
  return lane0 + lane1;
}

}  // namespace webnn::kernels
