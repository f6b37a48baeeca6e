// f32_vrelu_ukernel__scalar: y = x < 0 ? 0 : x (NaN, -0 pass through).
// Tile: one element per iteration (the reference for its wasmsimd twin). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vrelu_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    return v < 0.0f ? 0.0f : v;
  });
}

}  // namespace webnn::kernels
