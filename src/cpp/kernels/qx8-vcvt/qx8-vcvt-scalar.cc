// The scalar twins of the qx8 conversion kernels (kernels/qvcvt.h): WebNN's formulas one element at a time.
#include "kernels/qx8-vcvt/qx8-vcvt-impl.h"

namespace webnn::kernels {

using namespace qvcvt_impl;

void qs8_f32_vcvt_ukernel__scalar(size_t n, const int8_t* x, float* y, const QuantParams* params) {
  DequantizeScalar(n, x, y, params);
}
void qu8_f32_vcvt_ukernel__scalar(size_t n, const uint8_t* x, float* y, const QuantParams* params) {
  DequantizeScalar(n, x, y, params);
}
void f32_qs8_vcvt_ukernel__scalar(size_t n, const float* x, int8_t* y, const QuantParams* params) {
  QuantizeScalar(n, x, y, params);
}
void f32_qu8_vcvt_ukernel__scalar(size_t n, const float* x, uint8_t* y, const QuantParams* params) {
  QuantizeScalar(n, x, y, params);
}

}  // namespace webnn::kernels
