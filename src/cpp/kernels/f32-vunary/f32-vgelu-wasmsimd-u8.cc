// f32_vgelu_ukernel__wasmsimd_u8: y = x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2))), as the u4 kernel computes
// it (0.5 * x * (2 - erfc(z)) for x >= 0, 0.5 * x * erfc(|z|) below, so no
// cancellation in the negative tail; -0 for x < -15), two vectors per step: the erfc chain (a division, a
// degree-9 polynomial, an exp) is long, and two independent chains keep the SIMD units busy.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vgelu_ukernel__scalar (double precision), within <= 18 ULP (WPT).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vgelu_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<2>(n, x, y, vunary_impl::GeluF32<>);
}

}  // namespace webnn::kernels
