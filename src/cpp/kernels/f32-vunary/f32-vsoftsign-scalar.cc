// f32_vsoftsign_ukernel__scalar: y = x / (1 + |x|) in double; ±inf gives ±1.
// Tile: one element per iteration (the only kernel for this op). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vsoftsign_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    if (std::isinf(v)) return v > 0 ? 1.0f : -1.0f;
    return static_cast<float>(double{v} / (1.0 + std::fabs(double{v})));
  });
}

}  // namespace webnn::kernels
