// f32_vsqrt_ukernel__wasmsimd_u8: y = sqrt(x), IEEE correctly rounded (f32x4.sqrt).
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vsqrt_ukernel__scalar (double precision), within exact.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vsqrt_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<2>(n, x, y, [](v128_t v) { return wasm_f32x4_sqrt(v); });
}

}  // namespace webnn::kernels
