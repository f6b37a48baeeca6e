// f32_vsoftsign_ukernel__wasmsimd_u8: y = x / (1 + |x|), +-1 at +-inf (where the quotient is inf/inf);
// NaN passes through. Two float roundings: within 1.5 ULP of the scalar twin's one; WPT allows 3.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vsoftsign_ukernel__scalar (double precision).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vsoftsign_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t one = wasm_f32x4_splat(1.0f);
  const v128_t inf = wasm_f32x4_splat(__builtin_inff());
  vunary_impl::Loop<2>(n, x, y, [&](v128_t v) {
    const v128_t ax = wasm_f32x4_abs(v);
    const v128_t q = wasm_f32x4_div(v, wasm_f32x4_add(one, ax));
    return vunary_impl::Select(wasm_f32x4_eq(ax, inf), vunary_impl::CopySign(one, v), q);
  });
}

}  // namespace webnn::kernels
