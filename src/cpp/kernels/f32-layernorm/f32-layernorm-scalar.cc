// f32_layernorm__scalar: one row in double precision, each output rounded once (the reference).
// Over-read: none; y may alias x (x[i] is read before y[i] is written, and only x[i] is needed then).
#include <cmath>

#include "kernels/layernorm.h"

namespace webnn::kernels {

void f32_layernorm__scalar(size_t n, const float* x, const float* scale, const float* bias, float eps, float* y) {
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i) sum += x[i];
  const double mean = sum / static_cast<double>(n);
  double sq = 0.0;
  for (size_t i = 0; i < n; ++i) sq += (x[i] - mean) * (x[i] - mean);
  const double std_dev = std::sqrt(sq / static_cast<double>(n) + static_cast<double>(eps));
  for (size_t i = 0; i < n; ++i) {
    double r = (x[i] - mean) / std_dev;
    if (scale != nullptr) r *= scale[i];
    if (bias != nullptr) r += bias[i];
    y[i] = static_cast<float>(r);
  }
}

}  // namespace webnn::kernels
