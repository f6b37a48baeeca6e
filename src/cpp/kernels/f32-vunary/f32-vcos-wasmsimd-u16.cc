// f32_vcos_ukernel__wasmsimd_u16: y = cos(x), vunary_impl::SinCosF32 through vunary_impl::LoopGuarded: groups
// with every |x| <= 8192 reduce by pi/2 in float; any other group (and the tail) takes libm's cos per lane
// in double, as the scalar twin does.
// Tile: 16 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vcos_ukernel__scalar (double precision), within 1/1024 absolute (WPT); ~1e-7 in practice.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vcos_ukernel__wasmsimd_u16(size_t n, const float* x, float* y, const UnaryParams* params) {
  using namespace vunary_impl;
  LoopGuarded<4>(n, x, y, kSinCosFastBound, SinCosF32<true>, [](v128_t v) { return SinCosExact<true>(v); });
}

}  // namespace webnn::kernels
