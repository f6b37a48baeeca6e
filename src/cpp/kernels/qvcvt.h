// Per-tensor quantization of 8-bit integers, WebNN's formulas (quantizeLinear, dequantizeLinear), for runs of
// n elements with one scale and zero point:
//   dequantize: y = (x - zero_point) * scale: exact integers, one rounding (the multiply);
//   quantize:   y = clamp(roundEven(x / scale) + zero_point) to the type's range; NaN -> 0 (as cast does).
// The quantize kernels divide, as the formula does: multiplying by 1 / scale rounds differently for some x.
// qs8: int8, qu8: uint8. Each wasmsimd kernel has a scalar twin it is bit-exact with.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

struct QuantParams {
  float scale;
  int32_t zero_point;
};

void qs8_f32_vcvt_ukernel__wasmsimd_u16(size_t n, const int8_t* x, float* y, const QuantParams* params);
void qs8_f32_vcvt_ukernel__scalar(size_t n, const int8_t* x, float* y, const QuantParams* params);
void qu8_f32_vcvt_ukernel__wasmsimd_u16(size_t n, const uint8_t* x, float* y, const QuantParams* params);
void qu8_f32_vcvt_ukernel__scalar(size_t n, const uint8_t* x, float* y, const QuantParams* params);
void f32_qs8_vcvt_ukernel__wasmsimd_u16(size_t n, const float* x, int8_t* y, const QuantParams* params);
void f32_qs8_vcvt_ukernel__scalar(size_t n, const float* x, int8_t* y, const QuantParams* params);
void f32_qu8_vcvt_ukernel__wasmsimd_u16(size_t n, const float* x, uint8_t* y, const QuantParams* params);
void f32_qu8_vcvt_ukernel__scalar(size_t n, const float* x, uint8_t* y, const QuantParams* params);

// The float epilogue of an integer convolution or matmul, in place over a tile of `rows` rows of n int32 sums
// (row r at x + r * stride elements), per output channel c:
//   x[r][c] = (float) clamp(float(x[r][c]) * scale[c] + bias[c], min, max)
// with the roundings of the separate cast, mul and add (no fused multiply-add), so a fused graph gives the
// bits of the unfused one. One call per tile: scale and bias are loaded once per block of channels.
struct QcEpilogueParams {
  float min, max;
};
void qs32_f32_vcvt_qc_minmax_ukernel__wasmsimd_u8(size_t rows, size_t n, int32_t* x, size_t stride, const float* scale,
                                                  const float* bias, const QcEpilogueParams* params);
void qs32_f32_vcvt_qc_minmax_ukernel__scalar(size_t rows, size_t n, int32_t* x, size_t stride, const float* scale,
                                             const float* bias, const QcEpilogueParams* params);

}  // namespace webnn::kernels
