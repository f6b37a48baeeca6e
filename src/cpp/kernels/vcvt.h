// float16 <-> float32 conversions of n elements (float16 as its uint16_t bits), bit-exact with
// base/float16.h (round to nearest even, subnormals, overflow to inf, NaN payloads kept one way and made
// 0x7e00 with its sign the other). They let float16 elementwise work run through the float32 kernels.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

void f16_f32_vcvt_ukernel__wasmsimd_u8(size_t n, const uint16_t* x, float* y);
void f16_f32_vcvt_ukernel__scalar(size_t n, const uint16_t* x, float* y);
void f32_f16_vcvt_ukernel__wasmsimd_u8(size_t n, const float* x, uint16_t* y);
void f32_f16_vcvt_ukernel__scalar(size_t n, const float* x, uint16_t* y);

}  // namespace webnn::kernels
