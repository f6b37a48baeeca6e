// f32_vtanh_ukernel__wasmsimd_u32: y = tanh(x), vunary_impl::TanhF32 (expm1-based: no per-vector
// subnormal check, so no guarded loop).
// Tile: 32 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vtanh_ukernel__scalar (double precision); bit-identical to the u4, u8 and u16 kernels.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vtanh_ukernel__wasmsimd_u32(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<8>(n, x, y, vunary_impl::TanhF32);
}

}  // namespace webnn::kernels
