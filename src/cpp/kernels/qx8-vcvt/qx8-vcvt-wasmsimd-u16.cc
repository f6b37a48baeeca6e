// qs8_f32_vcvt / qu8_f32_vcvt (dequantize) and f32_qs8_vcvt / f32_qu8_vcvt (quantize), wasmsimd, 16 elements
// a step, the tail by the scalar twins. Over-read: none. References: the __scalar kernels (bit-exact).
#include "kernels/qx8-vcvt/qx8-vcvt-impl.h"

namespace webnn::kernels {

using namespace qvcvt_impl;

void qs8_f32_vcvt_ukernel__wasmsimd_u16(size_t n, const int8_t* x, float* y, const QuantParams* params) {
  DequantizeWasmSimd(n, x, y, params);
}
void qu8_f32_vcvt_ukernel__wasmsimd_u16(size_t n, const uint8_t* x, float* y, const QuantParams* params) {
  DequantizeWasmSimd(n, x, y, params);
}
void f32_qs8_vcvt_ukernel__wasmsimd_u16(size_t n, const float* x, int8_t* y, const QuantParams* params) {
  QuantizeWasmSimd(n, x, y, params);
}
void f32_qu8_vcvt_ukernel__wasmsimd_u16(size_t n, const float* x, uint8_t* y, const QuantParams* params) {
  QuantizeWasmSimd(n, x, y, params);
}

}  // namespace webnn::kernels
