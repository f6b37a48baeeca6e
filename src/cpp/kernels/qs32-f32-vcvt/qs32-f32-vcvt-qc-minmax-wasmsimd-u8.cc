// qs32_f32_vcvt_qc_minmax, wasmsimd, 8 channels a step, then 4, then one at a time. In place is allowed:
// each group of lanes is loaded before it is stored. Reference: the __scalar twin (bit-exact).
#include <wasm_simd128.h>

#include <algorithm>

#include "kernels/qvcvt.h"

namespace webnn::kernels {

void qs32_f32_vcvt_qc_minmax_ukernel__wasmsimd_u8(size_t n, const int32_t* x, float* y, const float* scale,
                                                  const float* bias, const QcEpilogueParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min), vmax = wasm_f32x4_splat(params->max);
  // pmax(a, b) = b < a ? a : b and pmin(a, b) = a < b ? a : b: std::max(v, min) and std::min(v, max).
  auto one = [&](v128_t acc, const float* s, const float* b) {
    const v128_t v = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_convert_i32x4(acc), wasm_v128_load(s)), wasm_v128_load(b));
    return wasm_f32x4_pmin(wasm_f32x4_pmax(vmin, v), vmax);
  };
  size_t c = 0;
  for (; c + 8 <= n; c += 8) {
    const v128_t a0 = wasm_v128_load(x + c), a1 = wasm_v128_load(x + c + 4);
    wasm_v128_store(y + c, one(a0, scale + c, bias + c));
    wasm_v128_store(y + c + 4, one(a1, scale + c + 4, bias + c + 4));
  }
  for (; c + 4 <= n; c += 4) wasm_v128_store(y + c, one(wasm_v128_load(x + c), scale + c, bias + c));
  for (; c < n; ++c) {
    const float v = static_cast<float>(x[c]) * scale[c] + bias[c];
    y[c] = std::min(std::max(v, params->min), params->max);
  }
}

}  // namespace webnn::kernels
