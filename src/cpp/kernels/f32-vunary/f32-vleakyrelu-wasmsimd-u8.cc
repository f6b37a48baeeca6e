// f32_vleakyrelu_ukernel__wasmsimd_u8: y = x >= 0 ? x : alpha x (NaN: alpha NaN = NaN; -0 stays -0).
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vleakyrelu_ukernel__scalar (double precision), bit-exact (the product of two floats is
// exact in double, so rounding it once is the float multiply).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vleakyrelu_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t alpha = wasm_f32x4_splat(params->alpha);
  const v128_t zero = wasm_f32x4_splat(0.0f);
  vunary_impl::Loop<2>(n, x, y, [&](v128_t v) {
    return vunary_impl::Select(wasm_f32x4_ge(v, zero), v, wasm_f32x4_mul(v, alpha));
  });
}

}  // namespace webnn::kernels
