// f32_velu_ukernel__wasmsimd_u32: y = x > 0 ? x : alpha expm1(x) (vunary_impl::EluF32), 8 vector(s) per step:
// the exp reduction and polynomial are a long dependent chain, and independent chains keep the SIMD units
// busy.
// Tile: 32 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_velu_ukernel__scalar (double precision); WPT allows 18 ULP.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_velu_ukernel__wasmsimd_u32(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t alpha = wasm_f32x4_splat(params->alpha);
  vunary_impl::Loop<8>(n, x, y, [&](v128_t v) { return vunary_impl::EluF32(v, alpha); });
}

}  // namespace webnn::kernels
