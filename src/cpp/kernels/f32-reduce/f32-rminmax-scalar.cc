// f32_rmax_ukernel__scalar / f32_rmin_ukernel__scalar: max (min) of n >= 1 floats with f32x4.max
// (f32x4.min) semantics: NaN wins, +0 beats -0 for max, -0 beats +0 for min. The references for the
// wasmsimd_u16 kernels. Over-read: none.
#include <cmath>

#include "kernels/reduce.h"

namespace webnn::kernels {
namespace {

template <bool kMax>
float RMinMax(size_t n, const float* x) {
  float m = x[0];
  for (size_t i = 1; i < n; ++i) {
    const float v = x[i];
    if (std::isnan(m) || std::isnan(v)) {
      m = m + v;
    } else if (kMax ? (v > m || (v == m && !std::signbit(v))) : (v < m || (v == m && std::signbit(v)))) {
      m = v;
    }
  }
  return m;
}

}  // namespace

float f32_rmax_ukernel__scalar(size_t n, const float* x) { return RMinMax<true>(n, x); }
float f32_rmin_ukernel__scalar(size_t n, const float* x) { return RMinMax<false>(n, x); }
void f32_rminmax_ukernel__scalar(size_t n, const float* x, float* min, float* max) {
  *min = RMinMax<false>(n, x);
  *max = RMinMax<true>(n, x);
}

}  // namespace webnn::kernels
