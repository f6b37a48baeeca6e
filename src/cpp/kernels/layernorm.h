// Layer normalization of one contiguous row of n floats (n >= 1):
//   y[i] = (x[i] - mean) / sqrt(var + eps) * scale[i] + bias[i]
// with the biased variance; scale and bias may be null (1 and 0) and otherwise have n elements.
// Mean and variance are computed in double (two passes) and each output is evaluated in double and
// rounded once: WPT's layerNormalization tolerance is 0 ULP against exactly that. y may alias x.
// No read or write past n elements. Alignment: 4 bytes.
#pragma once

#include <cstddef>

namespace webnn::kernels {

// f64x2 (two f64x2 per f32x4 of input).
void f32_layernorm__wasmsimd(size_t n, const float* x, const float* scale, const float* bias, float eps, float* y);
// Scalar twin (the reference).
void f32_layernorm__scalar(size_t n, const float* x, const float* scale, const float* bias, float eps, float* y);

}  // namespace webnn::kernels
