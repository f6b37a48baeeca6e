// f32_vgelu_ukernel__wasmsimd_u4: y = x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2))) (vunary_impl::GeluF32:
// 0.5 * x * (2 - erfc(z)) for x >= 0, 0.5 * x * erfc(|z|) below; -0 for x < -15).
// Tile: 4 floats per main-loop iteration, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vgelu_ukernel__scalar (double precision), within <= 18 ULP (WPT).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vgelu_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<1>(n, x, y, vunary_impl::GeluF32<>);
}

}  // namespace webnn::kernels
