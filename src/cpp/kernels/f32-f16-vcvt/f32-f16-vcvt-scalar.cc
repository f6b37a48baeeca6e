// f32_f16_vcvt_ukernel__scalar: base/float16.h's Float32ToFloat16 per element (the reference).
#include "base/float16.h"
#include "kernels/vcvt.h"

namespace webnn::kernels {

void f32_f16_vcvt_ukernel__scalar(size_t n, const float* x, uint16_t* y) {
  for (size_t i = 0; i < n; ++i) y[i] = Float32ToFloat16(x[i]);
}

}  // namespace webnn::kernels
