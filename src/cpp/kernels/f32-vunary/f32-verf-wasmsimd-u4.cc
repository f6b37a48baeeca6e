// f32_verf_ukernel__wasmsimd_u4: y = erf(x): Taylor series for |x| < 0.5, else sign(x) * (1 - erfc(|x|)) with
// vunary_impl::ErfcCore.
// Tile: 4 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_verf_ukernel__scalar (double precision), within <= 1e-6 absolute (WPT: 1/1024; measured ~1e-7).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_verf_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<1>(n, x, y, [](v128_t v) {
    using vunary_impl::Splat;
    const v128_t ax = wasm_f32x4_abs(v);
    const v128_t z = wasm_f32x4_pmin(ax, Splat(10.0f));
    v128_t zh, zl;
    vunary_impl::Split(z, &zh, &zl);
    const v128_t erfc = vunary_impl::ErfcCore(z, wasm_f32x4_mul(zh, zh), wasm_f32x4_mul(zl, wasm_f32x4_add(z, zh)));
    const v128_t large = wasm_f32x4_sub(Splat(1.0f), erfc);
    // Both branches on |x|, x's sign applied last (erf(-0) = -0).
    return vunary_impl::CopySign(vunary_impl::Select(wasm_f32x4_lt(ax, Splat(0.5f)), vunary_impl::ErfSmall(ax), large), v);
  });
}

}  // namespace webnn::kernels
