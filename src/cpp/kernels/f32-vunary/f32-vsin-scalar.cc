// f32_vsin_ukernel__scalar: y = sin in double.
// Tile: one element per iteration (the only kernel for this op). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vsin_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    return static_cast<float>(std::sin(double{v}));
  });
}

}  // namespace webnn::kernels
