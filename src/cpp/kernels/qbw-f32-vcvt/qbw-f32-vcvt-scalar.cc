// Rows of blockwise-quantized values to floats (kernels/qbw.h): (q - z) in integers, exact, then one rounding by
// the block's scale, the float dequantizeLinear gives. A row is read once per gathered token, so the scalar form
// is all the gather needs (a 896-value row takes about a microsecond).
#include "kernels/qbw.h"

namespace webnn::kernels {

void qb4w_f32_vcvt_ukernel__scalar(size_t n, size_t bl, const uint8_t* q, const float* s, const uint8_t* z, float* y) {
  for (size_t i = 0; i < n; ++i) {
    const int value = i % 2 ? q[i / 2] >> 4 : q[i / 2] & 0xF;
    y[i] = static_cast<float>(value - z[i / bl]) * s[i / bl];
  }
}

void qb8w_f32_vcvt_ukernel__scalar(size_t n, size_t bl, const uint8_t* q, const float* s, const uint8_t* z, float* y) {
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<float>(static_cast<int>(q[i]) - z[i / bl]) * s[i / bl];
}

}  // namespace webnn::kernels
