// f32_vsoftplus_ukernel__scalar: y = log(1 + exp(x)) = log1p(exp(-|x|)) + max(x, 0) in double (no overflow).
// Tile: one element per iteration (the only kernel for this op). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vsoftplus_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    const double d = v;
    if (std::isnan(d)) return v;
    return static_cast<float>(std::log1p(std::exp(-std::fabs(d))) + std::fmax(d, 0.0));
  });
}

}  // namespace webnn::kernels
