// f32_vgelu_ukernel__wasmsimd_u16: y = x * Phi(x), vunary_impl::GeluF32 (as the u4 and u8 kernels) through
// vunary_impl::LoopGuarded: groups with every |x| <= 13 skip exp's per-vector subnormal check.
// Tile: 16 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vgelu_ukernel__scalar (double precision), within <= 18 ULP (WPT); bit-identical to the u4
// and u8 kernels.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vgelu_ukernel__wasmsimd_u16(size_t n, const float* x, float* y, const UnaryParams* params) {
  using namespace vunary_impl;
  LoopGuarded<4>(n, x, y, kGeluFastBound, GeluF32<false>, [](v128_t v) { return GeluF32<true>(v); });
}

}  // namespace webnn::kernels
