// f32_rmax_ukernel__scalar: max of n >= 1 floats with f32x4.max semantics (NaN wins, +0 beats -0);
// the reference for f32_rmax_ukernel__wasmsimd_u16. Over-read: none.
#include <cmath>

#include "kernels/reduce.h"

namespace webnn::kernels {

float f32_rmax_ukernel__scalar(size_t n, const float* x) {
  float m = x[0];
  for (size_t i = 1; i < n; ++i) {
    const float v = x[i];
    if (std::isnan(m) || std::isnan(v)) {
      m = m + v;
    } else if (v > m || (v == m && !std::signbit(v))) {
      m = v;
    }
  }
  return m;
}

}  // namespace webnn::kernels
