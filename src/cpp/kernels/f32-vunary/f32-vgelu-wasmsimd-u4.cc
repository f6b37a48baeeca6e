// f32_vgelu_ukernel__wasmsimd_u4: y = x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2))): Taylor erf for |x| < 0.707;
// 0.5 * x * (2 - erfc(z)) above, 0.5 * x * erfc(|z|) below (no cancellation in the negative tail), with
// z^2 = x^2 / 2 split exactly for erfc's exponent; -0 for x < -15 (incl. -inf), where gelu underflows.
// Tile: 4 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vgelu_ukernel__scalar (double precision), within <= 18 ULP (WPT; measured <= 6).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vgelu_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<1>(n, x, y, [](v128_t v) {
    using vunary_impl::Splat;
    const v128_t half_x = wasm_f32x4_mul(Splat(0.5f), v);
    const v128_t ax = wasm_f32x4_pmin(wasm_f32x4_abs(v), Splat(14.5f));
    const v128_t z = wasm_f32x4_mul(ax, Splat(0.70710678118654752440f));
    v128_t xh, xl;
    vunary_impl::Split(ax, &xh, &xl);
    const v128_t zsq_hi = wasm_f32x4_mul(Splat(0.5f), wasm_f32x4_mul(xh, xh));
    const v128_t zsq_lo = wasm_f32x4_mul(Splat(0.5f), wasm_f32x4_mul(xl, wasm_f32x4_add(ax, xh)));
    const v128_t erfc = vunary_impl::ErfcCore(z, zsq_hi, zsq_lo);
    const v128_t neg = wasm_f32x4_mul(half_x, erfc);
    const v128_t pos = wasm_f32x4_mul(half_x, wasm_f32x4_sub(Splat(2.0f), erfc));
    const v128_t small = wasm_f32x4_mul(
        half_x, wasm_f32x4_add(Splat(1.0f), vunary_impl::ErfSmall(wasm_f32x4_mul(v, Splat(0.70710678118654752440f)))));
    v128_t r = vunary_impl::Select(wasm_f32x4_lt(v, Splat(0.0f)), neg, pos);
    r = vunary_impl::Select(wasm_f32x4_lt(wasm_f32x4_abs(v), Splat(0.70710678f)), small, r);
    return vunary_impl::Select(wasm_f32x4_lt(v, Splat(-15.0f)), wasm_f32x4_const_splat(-0.0f), r);
  });
}

}  // namespace webnn::kernels
