// f32_vaddpad_minmax_ukernel__scalar: y[r][c] = clamp(a[r][c] + b[r][c]), b's rows of cb elements read as if
// zero-padded to ca (kernels/vbinary.h).
// Tile: plain C++, one element per iteration. No packed weights.
// Over-read: none. In place (y == a) is fine.
// Reference: the IEEE single-precision add of a and the padded b (its wasmsimd twin matches bit for bit).
#include "kernels/simd_util.h"
#include "kernels/vbinary.h"

namespace webnn::kernels {

void f32_vaddpad_minmax_ukernel__scalar(size_t rows, size_t ca, size_t cb, const float* a, const float* b, float* y,
                                        const MinMaxParams* params) {
  for (size_t r = 0; r < rows; ++r, a += ca, b += cb, y += ca) {
    for (size_t c = 0; c < ca; ++c) {
      y[c] = simd::ClampScalar(a[c] + (c < cb ? b[c] : 0.0f), params->min, params->max);
    }
  }
}

}  // namespace webnn::kernels
