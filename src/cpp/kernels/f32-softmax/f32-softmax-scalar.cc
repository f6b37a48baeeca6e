// f32_softmax__scalar: one row in double precision, rounded once per output (the reference).
// Over-read: none; y may alias x (the exponentials are kept in a double buffer, so x is fully read
// before y is written).
#include <cmath>
#include <vector>

#include "kernels/softmax.h"

namespace webnn::kernels {

void f32_softmax__scalar(size_t n, const float* x, float* y) {
  double max = -INFINITY;
  bool nan = false;
  for (size_t i = 0; i < n; ++i) {
    nan = nan || std::isnan(x[i]);
    max = x[i] > max ? x[i] : max;
  }
  std::vector<double> e(n);
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i) {
    e[i] = nan ? NAN : std::exp(double{x[i]} - max);
    sum += e[i];
  }
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<float>(e[i] / sum);
}

}  // namespace webnn::kernels
