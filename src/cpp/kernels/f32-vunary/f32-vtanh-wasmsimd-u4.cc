// f32_vtanh_ukernel__wasmsimd_u4: y = tanh(x), vunary_impl::TanhF32.
// Tile: 4 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vtanh_ukernel__scalar (double precision), within <= 16 ULP (WPT; measured <= 4).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vtanh_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<1>(n, x, y, vunary_impl::TanhF32);
}

}  // namespace webnn::kernels
