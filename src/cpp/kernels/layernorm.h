// Layer normalization of one contiguous row of n floats (n >= 1):
//   y[i] = (x[i] - mean) / sqrt(var + eps) * scale[i * stride] + bias[i * stride]
// with the biased variance; scale and bias may be null (1 and 0). `stride` is 1 for parameters per element
// (layerNormalization) and 0 for one value for the whole row (instanceNormalization's channel, NCHW).
// Mean and variance are computed in double (two passes) and each output is evaluated in double and
// rounded once: WPT's layerNormalization and instanceNormalization tolerance is 0 ULP against exactly that.
// y may alias x. No read or write past n elements. Alignment: 4 bytes.
//
// The channels form normalizes each of `channels` interleaved rows of `pixels` elements (x[p * channels + c],
// instanceNormalization in NHWC), with scale[c] and bias[c], the same way; `scratch` holds 2 * channels
// doubles.
#pragma once

#include <cstddef>

namespace webnn::kernels {

// f64x2 (two f64x2 per f32x4 of input).
void f32_layernorm__wasmsimd(size_t n, const float* x, const float* scale, const float* bias, size_t stride,
                             float eps, float* y);
void f32_layernorm_channels__wasmsimd(size_t pixels, size_t channels, const float* x, const float* scale,
                                      const float* bias, float eps, float* y, double* scratch);
// Scalar twins (the references).
void f32_layernorm__scalar(size_t n, const float* x, const float* scale, const float* bias, size_t stride, float eps,
                           float* y);
void f32_layernorm_channels__scalar(size_t pixels, size_t channels, const float* x, const float* scale,
                                    const float* bias, float eps, float* y, double* scratch);

}  // namespace webnn::kernels
