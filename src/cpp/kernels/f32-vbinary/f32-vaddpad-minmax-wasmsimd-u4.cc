// f32_vaddpad_minmax_ukernel__wasmsimd_u4: y[r][c] = clamp(a[r][c] + b[r][c]), b's rows of cb elements read as if
// zero-padded to ca (kernels/vbinary.h).
// Tile: a row at a time, f32x4 along it; the vector that crosses cb takes b's last 1..3 elements with a partial
// load (its other lanes +0), a row's last 1..3 elements partial loads/stores. No packed weights.
// Over-read: none. In place (y == a) is fine.
// Reference: f32_vaddpad_minmax_ukernel__scalar (bit-exact).
#include <wasm_simd128.h>

#include "kernels/simd_util.h"
#include "kernels/vbinary.h"

namespace webnn::kernels {

void f32_vaddpad_minmax_ukernel__wasmsimd_u4(size_t rows, size_t ca, size_t cb, const float* a, const float* b,
                                             float* y, const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min), vmax = wasm_f32x4_splat(params->max);
  const v128_t zero = wasm_f32x4_const_splat(0.0f);
  for (size_t r = 0; r < rows; ++r, a += ca, b += cb, y += ca) {
    size_t c = 0;
    for (; c + 4 <= cb; c += 4) {
      wasm_v128_store(y + c, simd::Clamp(wasm_f32x4_add(wasm_v128_load(a + c), wasm_v128_load(b + c)), vmin, vmax));
    }
    v128_t vb = c < cb ? simd::LoadTail(b + c, cb - c) : zero;  // b's last elements, then +0
    for (; c + 4 <= ca; c += 4, vb = zero) {
      wasm_v128_store(y + c, simd::Clamp(wasm_f32x4_add(wasm_v128_load(a + c), vb), vmin, vmax));
    }
    if (c < ca) simd::StoreTail(y + c, simd::Clamp(wasm_f32x4_add(simd::LoadTail(a + c, ca - c), vb), vmin, vmax), ca - c);
  }
}

}  // namespace webnn::kernels
