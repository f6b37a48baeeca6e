// f32_vhardswish_ukernel__wasmsimd_u8: y = x max(0, min(6, x + 3)) / 6, NaN passing through (+inf gives
// inf, -inf gives -inf * 0 = NaN, as the scalar twin's fmin/fmax do). x + 3 is exact where it is small
// (x in [-3, -1.5]: Sterbenz), so the three float roundings stay within 2 ULP of the twin's one; WPT
// allows 4.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vhardswish_ukernel__scalar (double precision).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vhardswish_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t three = wasm_f32x4_splat(3.0f);
  const v128_t six = wasm_f32x4_splat(6.0f);
  const v128_t zero = wasm_f32x4_splat(0.0f);
  vunary_impl::Loop<2>(n, x, y, [&](v128_t v) {
    const v128_t c = wasm_f32x4_pmax(zero, wasm_f32x4_pmin(six, wasm_f32x4_add(v, three)));
    return wasm_f32x4_div(wasm_f32x4_mul(v, c), six);
  });
}

}  // namespace webnn::kernels
