// f16_f32_vcvt_ukernel__scalar: base/float16.h's Float16ToFloat32 per element (the reference).
#include "base/float16.h"
#include "kernels/vcvt.h"

namespace webnn::kernels {

void f16_f32_vcvt_ukernel__scalar(size_t n, const uint16_t* x, float* y) {
  for (size_t i = 0; i < n; ++i) y[i] = Float16ToFloat32(x[i]);
}

}  // namespace webnn::kernels
