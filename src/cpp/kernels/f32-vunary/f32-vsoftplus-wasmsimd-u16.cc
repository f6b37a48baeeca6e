// f32_vsoftplus_ukernel__wasmsimd_u16: y = log(1 + exp(x)), vunary_impl::SoftplusF32 through
// vunary_impl::LoopGuarded: groups with every |x| <= 87 skip exp's per-vector subnormal check. 4 vectors per
// step: the exp, division and series are one dependent chain.
// Tile: 16 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vsoftplus_ukernel__scalar (double precision), within <= 18 ULP (WPT).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vsoftplus_ukernel__wasmsimd_u16(size_t n, const float* x, float* y, const UnaryParams* params) {
  using namespace vunary_impl;
  LoopGuarded<4>(n, x, y, kSoftplusFastBound, SoftplusF32<false>, [](v128_t v) { return SoftplusF32<true>(v); });
}

}  // namespace webnn::kernels
