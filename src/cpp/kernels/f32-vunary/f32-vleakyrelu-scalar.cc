// f32_vleakyrelu_ukernel__scalar: y = x >= 0 ? x : alpha * x.
// Tile: one element per iteration (the only kernel for this op). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vleakyrelu_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    return v >= 0.0f ? v : static_cast<float>(double{params->alpha} * v);
  });
}

}  // namespace webnn::kernels
