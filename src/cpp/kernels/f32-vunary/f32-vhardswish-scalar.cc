// f32_vhardswish_ukernel__scalar: y = x * max(0, min(6, x + 3)) / 6 in double, NaN passes through.
// Tile: one element per iteration (the only kernel for this op). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vhardswish_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    if (std::isnan(v)) return v;
    const double d = v;
    return static_cast<float>(d * std::fmax(0.0, std::fmin(6.0, d + 3.0)) / 6.0);
  });
}

}  // namespace webnn::kernels
