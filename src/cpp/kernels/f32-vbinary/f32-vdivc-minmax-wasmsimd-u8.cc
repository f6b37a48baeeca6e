// f32_vdivc_minmax_ukernel__wasmsimd_u8: y[i] = clamp(a[i] / b[0]).
// Tile: f32x4, 8 elements per iteration, then 4, then a 1..3 tail with partial loads/stores. No packed weights.
// Over-read: none (reads exactly n elements of a and one of b); in-place (y == a) is fine.
// Reference: f32_vdivc_minmax_ukernel__scalar (bit-exact).
#include "kernels/f32-vbinary/vbinary-impl.h"
#include "kernels/vbinary.h"

namespace webnn::kernels {

void f32_vdivc_minmax_ukernel__wasmsimd_u8(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params) {
  vbinary_impl::Wasmsimd<vbinary_impl::Div, true, false>(n, a, b, y, params);
}

}  // namespace webnn::kernels
