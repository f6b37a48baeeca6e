// f32_vswish_ukernel__wasmsimd_u8: y = x * sigmoid(x) (SiLU), vunary_impl::SigmoidF32 times x: one pass
// where mul(x, sigmoid(x)) took two.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vswish_ukernel__scalar (double precision), within <= 36 ULP (sigmoid's WPT 34 and the
// product's rounding; measured in the tests).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vswish_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<2>(n, x, y, [](v128_t v) { return wasm_f32x4_mul(v, vunary_impl::SigmoidF32(v)); });
}

}  // namespace webnn::kernels
