// f32_vlinear_ukernel__wasmsimd_u8: y = alpha x + beta, in double and rounded once (vunary_impl::AffineF64).
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vlinear_ukernel__scalar (double precision), bit-exact.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vlinear_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t alpha = wasm_f64x2_splat(params->alpha);
  const v128_t beta = wasm_f64x2_splat(params->beta);
  vunary_impl::Loop<2>(n, x, y, [&](v128_t v) { return vunary_impl::AffineF64(v, alpha, beta); });
}

}  // namespace webnn::kernels
