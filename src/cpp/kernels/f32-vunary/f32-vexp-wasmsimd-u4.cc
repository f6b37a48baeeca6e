// f32_vexp_ukernel__wasmsimd_u4: y = exp(x), evaluated in two f64x2 halves (vunary_impl::ExpF64, ~2^-47 relative) and rounded
// once, so it is correctly rounded but for inputs within 2^-47 of a rounding boundary (WPT: 0 ULP).
// Tile: 4 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vexp_ukernel__scalar (double precision), within 0 ULP on the tested inputs.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vexp_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<1>(n, x, y, [](v128_t v) {
    const v128_t lo = vunary_impl::ExpF64(wasm_f64x2_promote_low_f32x4(v));
    const v128_t hi = vunary_impl::ExpF64(wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3)));
    return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
  });
}

}  // namespace webnn::kernels
