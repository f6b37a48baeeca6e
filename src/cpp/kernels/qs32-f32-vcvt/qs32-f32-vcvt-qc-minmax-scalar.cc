// qs32_f32_vcvt_qc_minmax, scalar: the reference of the wasmsimd kernel (bit-exact with it).
#include <algorithm>

#include "kernels/qvcvt.h"

namespace webnn::kernels {

void qs32_f32_vcvt_qc_minmax_ukernel__scalar(size_t n, const int32_t* x, float* y, const float* scale,
                                             const float* bias, const QcEpilogueParams* params) {
  for (size_t c = 0; c < n; ++c) {
    const float scaled = static_cast<float>(x[c]) * scale[c];
    const float v = scaled + bias[c];
    // max then min, as the SIMD kernel's pmax/pmin: a NaN stays NaN only if the bounds keep it.
    y[c] = std::min(std::max(v, params->min), params->max);
  }
}

}  // namespace webnn::kernels
