// f32_vtanh_ukernel__wasmsimd_u4: y = tanh(x): odd Taylor polynomial to x^13 for |x| < 0.3; otherwise (1 - e) / (1 + e) with
// e = exp(-2|x|), sign copied from x.
// Tile: 4 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vtanh_ukernel__scalar (double precision), within <= 16 ULP (WPT; measured <= 4).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vtanh_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<1>(n, x, y, [](v128_t v) {
    using vunary_impl::Splat;
    const v128_t ax = wasm_f32x4_abs(v);
    const v128_t x2 = wasm_f32x4_mul(v, v);
    static constexpr float kC[] = {21844.0f / 6081075.0f, -1382.0f / 155925.0f, 62.0f / 2835.0f,
                                   -17.0f / 315.0f,       2.0f / 15.0f,         -1.0f / 3.0f};
    v128_t p = Splat(kC[0]);
#pragma clang loop unroll(full)
    for (size_t i = 1; i < 6; ++i) p = wasm_f32x4_add(Splat(kC[i]), wasm_f32x4_mul(p, x2));
    const v128_t small = wasm_f32x4_add(ax, wasm_f32x4_mul(wasm_f32x4_mul(ax, x2), p));
    const v128_t e = vunary_impl::ExpF32(wasm_f32x4_mul(Splat(-2.0f), ax));
    const v128_t r = wasm_f32x4_div(wasm_f32x4_sub(Splat(1.0f), e), wasm_f32x4_add(Splat(1.0f), e));
    // Both branches are computed on |x| and take x's sign last, so tanh(-0) = -0.
    return vunary_impl::CopySign(vunary_impl::Select(wasm_f32x4_lt(ax, Splat(0.3f)), small, r), v);
  });
}

}  // namespace webnn::kernels
