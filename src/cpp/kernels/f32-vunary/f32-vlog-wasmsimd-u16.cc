// f32_vlog_ukernel__wasmsimd_u16: y = log(x), evaluated in two f64x2 halves (vunary_impl::LogF32ViaF64,
// ~2^-50 relative) and rounded once, so it is correctly rounded but for inputs within that of a rounding
// boundary (WPT: 0 ULP). 4 vector(s) per step: independent f64 chains keep the SIMD units busy.
// Tile: 16 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vlog_ukernel__scalar (double precision), within 0 ULP on the tested inputs.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vlog_ukernel__wasmsimd_u16(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<4>(n, x, y, vunary_impl::LogF32ViaF64);
}

}  // namespace webnn::kernels
