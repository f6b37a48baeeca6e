// f32_verf_ukernel__wasmsimd_u16: y = erf(x), vunary_impl::ErfRational (a degree-5 rational in x^2; at most 6.6
// ULP), 4 vector(s) per step: the Horner chain is long, and independent chains keep the SIMD units busy.
// Tile: 16 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_verf_ukernel__scalar (double precision, rounded), within 7 ULP (WPT: 1/1024 absolute).
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_verf_ukernel__wasmsimd_u16(size_t n, const float* x, float* y, const UnaryParams* params) {
  vunary_impl::Loop<4>(n, x, y, vunary_impl::ErfRational);
}

}  // namespace webnn::kernels
