// qs32_f32_vcvt_qc_minmax, scalar: the reference of the wasmsimd kernel (bit-exact with it).
#include <algorithm>
#include <cstring>

#include "kernels/qvcvt.h"

namespace webnn::kernels {

void qs32_f32_vcvt_qc_minmax_ukernel__scalar(size_t rows, size_t n, int32_t* x, size_t stride, const float* scale,
                                             const float* bias, const QcEpilogueParams* params) {
  for (size_t r = 0; r < rows; ++r) {
    int32_t* row = x + r * stride;
    for (size_t c = 0; c < n; ++c) {
      const float scaled = static_cast<float>(row[c]) * scale[c];
      // max then min, as the SIMD kernel's pmax/pmin.
      const float v = std::min(std::max(scaled + bias[c], params->min), params->max);
      std::memcpy(&row[c], &v, sizeof(v));
    }
  }
}

}  // namespace webnn::kernels
