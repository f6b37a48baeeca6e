// f32_vexp_ukernel__wasmsimd_u4: y = exp(x), evaluated in two f64x2 halves (vunary_impl::ExpF32ViaF64,
// ~2^-50 relative: a table of 2^(k/128) and a degree-4 polynomial) and rounded once, so it is correctly
// rounded but for inputs within 2^-50 of a rounding boundary (WPT: 0 ULP). 1 vector(s) per step:
// independent f64 chains keep the SIMD units busy (u8 and u16 within noise of each other, u4 8% slower).
// Tile: 4 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vexp_ukernel__scalar (double precision), within 0 ULP on every float with |x| <= 104.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vexp_ukernel__wasmsimd_u4(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<1>(n, x, y, vunary_impl::ExpF32ViaF64);
}

}  // namespace webnn::kernels
