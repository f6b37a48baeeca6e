// f32_vrelu_ukernel__wasmsimd_u8: y = max(x, 0); NaN and -0 pass through (pmax(x, 0) is `x < 0 ? 0 : x`).
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vrelu_ukernel__scalar (double precision), within exact.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vrelu_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t zero = wasm_f32x4_const_splat(0.0f);
  // pmax keeps -0 (it is not below +0); adding +0 makes it +0, as the scalar twin and JS's Math.max(0, x)
  // give (float16 results are compared bit for bit, so relu(-0) must be +0 there). NaN stays NaN.
  vunary_impl::Loop<2>(n, x, y, [&](v128_t v) { return wasm_f32x4_add(wasm_f32x4_pmax(v, zero), zero); });
}

}  // namespace webnn::kernels
