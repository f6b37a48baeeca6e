// f32_vgelu_ukernel__scalar: y = 0.5 * x * erfc(-x / sqrt(2)) in double; -inf gives -0 (the limit).
// Tile: one element per iteration (the reference for its wasmsimd twin). No packed weights.
// Over-read: none; in place (y == x) is fine.
// Reference: the C library in double precision (tests compare against it within the WPT tolerance).
#include <cmath>

#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vgelu_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::ScalarLoop(n, x, y, [&](float v) {
    if (v == -INFINITY) return -0.0f;
    return static_cast<float>(0.5 * double{v} * std::erfc(-double{v} * 0.70710678118654752440));
  });
}

}  // namespace webnn::kernels
