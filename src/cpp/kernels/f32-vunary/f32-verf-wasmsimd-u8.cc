// f32_verf_ukernel__wasmsimd_u8: y = erf(x) = sign(x) * |x| * P(x^2) / Q(x^2), a [6/5] rational minimax
// fit on [0, 3.92] (tools/fit-erf-rational.mjs 3.92 6 5: Lawson-weighted linearised least squares; 1.6e-8 in exact
// arithmetic), evaluated in f64x2 and rounded once; 1 beyond 3.92 (erf rounds to 1 in float32 from
// ~3.85). One division, no exp.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_verf_ukernel__scalar (double precision), within <= 1e-6 absolute (WPT: 1/1024;
// measured 7.7e-8 at most, about 1 ULP).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

namespace {

// x * P(x^2) / Q(x^2) for two lanes in double: in float32 the rounding of the two Horner chains cost up
// to 4.3e-7 (7 ULP near 1), which moved a transformer's outputs visibly against onnxruntime-web's. Tried
// again (2026-11-26): the float32 form runs 1.12 ns per element against 1.97, but transformer_encoder's
// output then differs from onnxruntime-web's wasm EP by 1.09e-4 relative, over the model test's 1e-4.
inline v128_t RationalF64(v128_t a) {
  const v128_t z = wasm_f64x2_mul(a, a);
  static constexpr double kP[] = {2.034669705608394e-6, 2.874604833777994e-4, 3.867935389280319e-3,
                                  5.3059276193380356e-2, 1.9275632500648499e-1, 1.128378987312317};
  static constexpr double kQ[] = {3.8068959838710725e-5, 1.1880004312843084e-3, 1.5171532519161701e-2,
                                  1.1508125066757202e-1, 5.04157543182373e-1, 1.0};
  v128_t p = wasm_f64x2_splat(kP[0]), q = wasm_f64x2_splat(kQ[0]);
#pragma clang loop unroll(full)
  for (size_t i = 1; i < 6; ++i) {
    p = wasm_f64x2_add(wasm_f64x2_splat(kP[i]), wasm_f64x2_mul(p, z));
    q = wasm_f64x2_add(wasm_f64x2_splat(kQ[i]), wasm_f64x2_mul(q, z));
  }
  return wasm_f64x2_div(wasm_f64x2_mul(a, p), q);
}

}  // namespace

void f32_verf_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<2>(n, x, y, [](v128_t v) {
    using vunary_impl::Splat;
    const v128_t ax = wasm_f32x4_abs(v);
    const v128_t a = wasm_f32x4_pmin(ax, Splat(3.92f));  // NaN stays NaN
    const v128_t lo = RationalF64(wasm_f64x2_promote_low_f32x4(a));
    const v128_t hi = RationalF64(wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(a, a, 1, 1)));
    const v128_t r = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
    // Sign applied last (erf(-0) = -0); +-inf and |x| >= 3.92 give +-1 exactly.
    return vunary_impl::CopySign(vunary_impl::Select(wasm_f32x4_ge(ax, Splat(3.92f)), Splat(1.0f), r), v);
  });
}

}  // namespace webnn::kernels
