// f32_vadd_minmax_ukernel__scalar: y[i] = clamp(a[i] + b[i]).
// Tile: plain C++, one element per iteration. No packed weights.
// Over-read: none (reads exactly n elements of a and b); in-place (y == a or y == b) is fine.
// Reference: the IEEE single-precision operation (its wasmsimd twin matches bit for bit).
#include "kernels/f32-vbinary/vbinary-impl.h"
#include "kernels/vbinary.h"

namespace webnn::kernels {

void f32_vadd_minmax_ukernel__scalar(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params) {
  vbinary_impl::Scalar<vbinary_impl::Add, false, false>(n, a, b, y, params);
}

}  // namespace webnn::kernels
