// f32_layernorm__scalar, f32_layernorm_channels__scalar: in double precision, each output rounded once (the
// references). Over-read: none; y may alias x (x[i] is read before y[i] is written, and only x[i] is needed
// then).
#include <cmath>

#include "kernels/layernorm.h"

namespace webnn::kernels {

void f32_layernorm__scalar(size_t n, const float* x, const float* scale, const float* bias, size_t stride, float eps,
                           float* y) {
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i) sum += x[i];
  const double mean = sum / static_cast<double>(n);
  double sq = 0.0;
  for (size_t i = 0; i < n; ++i) sq += (x[i] - mean) * (x[i] - mean);
  const double std_dev = std::sqrt(sq / static_cast<double>(n) + static_cast<double>(eps));
  for (size_t i = 0; i < n; ++i) {
    double r = (x[i] - mean) / std_dev;
    if (scale != nullptr) r *= scale[i * stride];
    if (bias != nullptr) r += bias[i * stride];
    y[i] = static_cast<float>(r);
  }
}

void f32_layernorm_channels__scalar(size_t pixels, size_t channels, const float* x, const float* scale,
                                    const float* bias, float eps, float* y, double* scratch) {
  double* mean = scratch;
  double* std_dev = scratch + channels;
  for (size_t c = 0; c < channels; ++c) {
    double sum = 0.0;
    for (size_t p = 0; p < pixels; ++p) sum += x[p * channels + c];
    mean[c] = sum / static_cast<double>(pixels);
    double sq = 0.0;
    for (size_t p = 0; p < pixels; ++p) sq += (x[p * channels + c] - mean[c]) * (x[p * channels + c] - mean[c]);
    std_dev[c] = std::sqrt(sq / static_cast<double>(pixels) + static_cast<double>(eps));
  }
  for (size_t p = 0; p < pixels; ++p) {
    for (size_t c = 0; c < channels; ++c) {
      double r = (x[p * channels + c] - mean[c]) / std_dev[c];
      if (scale != nullptr) r *= scale[c];
      if (bias != nullptr) r += bias[c];
      y[p * channels + c] = static_cast<float>(r);
    }
  }
}

}  // namespace webnn::kernels
