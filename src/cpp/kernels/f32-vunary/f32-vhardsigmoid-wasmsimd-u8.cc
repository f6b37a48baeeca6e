// f32_vhardsigmoid_ukernel__wasmsimd_u8: y = max(0, min(1, alpha x + beta)), NaN passing through. The
// clamp is pmin(1, t) then pmax(0, .), which, as the scalar twin's fmin/fmax, give 1 for a NaN t that
// a non-NaN x can make (alpha = 0, x = inf). alpha x + beta is computed in double and rounded once
// (vunary_impl::AffineF64) before the clamp, which commutes with rounding: bit-exact.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vhardsigmoid_ukernel__scalar (double precision), bit-exact.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vhardsigmoid_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t alpha = wasm_f64x2_splat(params->alpha);
  const v128_t beta = wasm_f64x2_splat(params->beta);
  const v128_t zero = wasm_f32x4_splat(0.0f);
  const v128_t one = wasm_f32x4_splat(1.0f);
  vunary_impl::Loop<2>(n, x, y, [&](v128_t v) {
    const v128_t t = vunary_impl::AffineF64(v, alpha, beta);
    const v128_t r = wasm_f32x4_pmax(zero, wasm_f32x4_pmin(one, t));
    return vunary_impl::Select(wasm_f32x4_eq(v, v), r, v);
  });
}

}  // namespace webnn::kernels
