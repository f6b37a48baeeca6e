// f32_vpowc_minmax_ukernel__scalar: y[i] = clamp(pow(a[i], b[0])).
// Tile: plain C++, one element per iteration. No packed weights.
// Over-read: none (reads exactly n elements of a and one of b); in-place (y == a) is fine.
// Reference: itself (the reference); pow is std::pow in double rounded to float.
#include "kernels/f32-vbinary/vbinary-impl.h"
#include "kernels/vbinary.h"

namespace webnn::kernels {

void f32_vpowc_minmax_ukernel__scalar(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params) {
  vbinary_impl::Scalar<vbinary_impl::Pow, true, false>(n, a, b, y, params);
}

}  // namespace webnn::kernels
