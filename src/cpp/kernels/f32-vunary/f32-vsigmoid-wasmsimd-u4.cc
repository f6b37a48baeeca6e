// f32_vsigmoid_ukernel__wasmsimd_u4: y = 1 / (1 + exp(-x)) as e / (1 + e) with e = exp(-|x|) (no overflow, no cancellation),
// reflected as 1 - that for x > 0.
// Tile: 4 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vsigmoid_ukernel__scalar (double precision), within <= 34 ULP (WPT; measured <= 4).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vsigmoid_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t one = wasm_f32x4_const_splat(1.0f);
  const v128_t zero = wasm_f32x4_const_splat(0.0f);
  vunary_impl::Loop<1>(n, x, y, [&](v128_t v) {
    const v128_t e = vunary_impl::ExpF32(wasm_f32x4_neg(wasm_f32x4_abs(v)));
    const v128_t f = wasm_f32x4_div(e, wasm_f32x4_add(one, e));
    return vunary_impl::Select(wasm_f32x4_gt(v, zero), wasm_f32x4_sub(one, f), f);
  });
}

}  // namespace webnn::kernels
