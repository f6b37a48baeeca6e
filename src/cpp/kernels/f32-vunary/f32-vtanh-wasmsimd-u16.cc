// f32_vtanh_ukernel__wasmsimd_u16: y = tanh(x), vunary_impl::TanhF32 through vunary_impl::LoopGuarded:
// groups with every |x| <= 43.5 skip exp's per-vector subnormal check.
// Tile: 16 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vtanh_ukernel__scalar (double precision); bit-identical to the u4 and u8 kernels.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vtanh_ukernel__wasmsimd_u16(size_t n, const float* x, float* y, const UnaryParams* params) {
  using namespace vunary_impl;
  LoopGuarded<4>(n, x, y, kTanhFastBound, TanhF32<false>, TanhF32<true>);
}

}  // namespace webnn::kernels
