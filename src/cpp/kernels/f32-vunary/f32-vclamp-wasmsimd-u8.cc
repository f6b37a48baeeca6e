// f32_vclamp_ukernel__wasmsimd_u8: y = min(max(x, params->min), params->max); NaN passes through.
// Tile: 8 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vclamp_ukernel__scalar (double precision), within exact.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vclamp_ukernel__wasmsimd_u8(size_t n, const float* x, float* y, const UnaryParams* params) {
  const v128_t lo = wasm_f32x4_splat(params->min);
  const v128_t hi = wasm_f32x4_splat(params->max);
  vunary_impl::Loop<2>(n, x, y, [&](v128_t v) { return simd::Clamp(v, lo, hi); });
}

}  // namespace webnn::kernels
