// f32_vhardsigmoid_ukernel__scalar: y = max(0, min(1, alpha * x + beta)) in double, NaN passes through.
// Tile: one element per iteration (the only kernel for this op). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vhardsigmoid_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    if (std::isnan(v)) return v;
    return static_cast<float>(std::fmax(0.0, std::fmin(1.0, double{params->alpha} * v + params->beta)));
  });
}

}  // namespace webnn::kernels
