// f32_verf_ukernel__wasmsimd_u8: y = erf(x) = sign(x) * |x| * P(x^2) / Q(x^2), a [6/5] rational minimax
// fit on [0, 3.92] (tools/fit-erf-rational.mjs 3.92 6 5: Lawson-weighted linearised least squares; 1.6e-8 in exact
// arithmetic), 1 beyond 3.92 (erf rounds to 1 in float32 from ~3.85). One division, no exp.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_verf_ukernel__scalar (double precision), within <= 1e-6 absolute (WPT: 1/1024; the
// float32 evaluation of P and Q gives ~4.3e-7 at most, 3.5e-7 relative for |x| < 0.5).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_verf_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<2>(n, x, y, [](v128_t v) {
    using vunary_impl::Splat;
    const v128_t ax = wasm_f32x4_abs(v);
    const v128_t a = wasm_f32x4_pmin(ax, Splat(3.92f));  // NaN stays NaN
    const v128_t z = wasm_f32x4_mul(a, a);
    v128_t p = Splat(2.034669705608394e-6f);
    p = wasm_f32x4_add(Splat(2.874604833777994e-4f), wasm_f32x4_mul(p, z));
    p = wasm_f32x4_add(Splat(3.867935389280319e-3f), wasm_f32x4_mul(p, z));
    p = wasm_f32x4_add(Splat(5.3059276193380356e-2f), wasm_f32x4_mul(p, z));
    p = wasm_f32x4_add(Splat(1.9275632500648499e-1f), wasm_f32x4_mul(p, z));
    p = wasm_f32x4_add(Splat(1.128378987312317f), wasm_f32x4_mul(p, z));
    v128_t q = Splat(3.8068959838710725e-5f);
    q = wasm_f32x4_add(Splat(1.1880004312843084e-3f), wasm_f32x4_mul(q, z));
    q = wasm_f32x4_add(Splat(1.5171532519161701e-2f), wasm_f32x4_mul(q, z));
    q = wasm_f32x4_add(Splat(1.1508125066757202e-1f), wasm_f32x4_mul(q, z));
    q = wasm_f32x4_add(Splat(5.04157543182373e-1f), wasm_f32x4_mul(q, z));
    q = wasm_f32x4_add(Splat(1.0f), wasm_f32x4_mul(q, z));
    const v128_t r = wasm_f32x4_div(wasm_f32x4_mul(a, p), q);
    // Sign applied last (erf(-0) = -0); +-inf and |x| >= 3.92 give +-1 exactly.
    return vunary_impl::CopySign(vunary_impl::Select(wasm_f32x4_ge(ax, Splat(3.92f)), Splat(1.0f), r), v);
  });
}

}  // namespace webnn::kernels
