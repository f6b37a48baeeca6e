// qs32_f32_vcvt_qc_minmax, wasmsimd: blocks of 8 channels (then 4, then one), each block's scale and bias
// loaded once and run down the tile's rows. Reference: the __scalar twin (bit-exact).
#include <wasm_simd128.h>

#include <algorithm>
#include <cstring>

#include "kernels/qvcvt.h"

namespace webnn::kernels {

void qs32_f32_vcvt_qc_minmax_ukernel__wasmsimd_u8(size_t rows, size_t n, int32_t* x, size_t stride, const float* scale,
                                                  const float* bias, const QcEpilogueParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min), vmax = wasm_f32x4_splat(params->max);
  // pmax(a, b) = b < a ? a : b and pmin(a, b) = a < b ? a : b: std::max(v, min) and std::min(v, max).
  auto convert = [&](v128_t acc, v128_t s, v128_t b) {
    return wasm_f32x4_pmin(wasm_f32x4_pmax(vmin, wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_convert_i32x4(acc), s), b)), vmax);
  };
  size_t c = 0;
  for (; c + 8 <= n; c += 8) {
    const v128_t s0 = wasm_v128_load(scale + c), s1 = wasm_v128_load(scale + c + 4);
    const v128_t b0 = wasm_v128_load(bias + c), b1 = wasm_v128_load(bias + c + 4);
    int32_t* p = x + c;
    for (size_t r = 0; r < rows; ++r, p += stride) {
      const v128_t a0 = wasm_v128_load(p), a1 = wasm_v128_load(p + 4);
      wasm_v128_store(p, convert(a0, s0, b0));
      wasm_v128_store(p + 4, convert(a1, s1, b1));
    }
  }
  for (; c + 4 <= n; c += 4) {
    const v128_t s0 = wasm_v128_load(scale + c), b0 = wasm_v128_load(bias + c);
    int32_t* p = x + c;
    for (size_t r = 0; r < rows; ++r, p += stride) wasm_v128_store(p, convert(wasm_v128_load(p), s0, b0));
  }
  for (; c < n; ++c) {
    int32_t* p = x + c;
    for (size_t r = 0; r < rows; ++r, p += stride) {
      const float scaled = static_cast<float>(*p) * scale[c];
      const float v = std::min(std::max(scaled + bias[c], params->min), params->max);
      std::memcpy(p, &v, sizeof(v));
    }
  }
}

}  // namespace webnn::kernels
