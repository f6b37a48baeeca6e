// The GEMV references (kernels/gemv.h): the orders of summation the wasmsimd kernels keep per lane.
#include "kernels/gemv.h"

namespace webnn::kernels {

void f32_gemv_kn_ukernel__scalar(size_t k, size_t n, const float* a, const float* b, size_t b_stride, float* y) {
  for (size_t j = 0; j < n; ++j) {
    float acc = 0.0f;
    for (size_t i = 0; i < k; ++i) acc += a[i] * b[i * b_stride + j];
    y[j] = acc;
  }
}

// Four partial sums, element i going to partial i % 4 (the SIMD lanes), then (p0 + p2) + (p1 + p3).
void f32_gemv_nk_ukernel__scalar(size_t k, size_t n, const float* a, const float* b, size_t b_stride, float* y) {
  for (size_t j = 0; j < n; ++j) {
    const float* row = b + j * b_stride;
    float p[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (size_t i = 0; i < k; ++i) p[i % 4] += a[i] * row[i];
    y[j] = (p[0] + p[2]) + (p[1] + p[3]);
  }
}

}  // namespace webnn::kernels
