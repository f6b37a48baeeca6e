// f32_winograd_2x2_3x3_{filter,input,output_minmax}__wasmsimd_c4: the F(2x2, 3x3) transforms (winograd.h)
// on four channels per f32x4 (the filter transform on four output channels of a packed block; the input and
// output transforms on four channels of a tile, then the 1..3 channel tail with partial loads/stores).
// Over-read: none. Reference: the __scalar_c1 twins (bit-exact: winograd_math.h runs the same operations).
#include <wasm_simd128.h>

#include "kernels/winograd_math.h"
#include "kernels/simd_util.h"
#include "kernels/winograd.h"

namespace webnn::kernels {
namespace {

struct SimdOps {
  static v128_t add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static v128_t sub(v128_t a, v128_t b) { return wasm_f32x4_sub(a, b); }
  static v128_t half(v128_t a) { return wasm_f32x4_mul(a, wasm_f32x4_const_splat(0.5f)); }
  static v128_t edge(v128_t a) { return a; }
};

}  // namespace

void f32_winograd_2x2_3x3_filter__wasmsimd_c4(size_t kc, size_t ncp, size_t nr, const float* g, size_t j0,
                                              size_t j1, float* packed, size_t xi_stride) {
  const size_t block = nr * (kc + 1);
  for (size_t j = j0; j < j1; ++j) {
    for (size_t xi = 0; xi < 16; ++xi) {
      float* bias = packed + xi * xi_stride + j * block;
      for (size_t q = 0; q < nr; q += 4) wasm_v128_store(bias + q, wasm_f32x4_const_splat(0.0f));
    }
    for (size_t k = 0; k < kc; ++k) {
      for (size_t q = 0; q < nr; q += 4) {
        v128_t taps[9], u[16];
        for (size_t t = 0; t < 9; ++t) taps[t] = wasm_v128_load(g + (t * kc + k) * ncp + j * nr + q);
        winograd::Filter<SimdOps>(taps, u);
        float* out = packed + j * block + nr + k * nr + q;
        for (size_t xi = 0; xi < 16; ++xi) wasm_v128_store(out + xi * xi_stride, u[xi]);
      }
    }
  }
}

void f32_winograd_2x2_3x3_input__wasmsimd_c4(size_t channels, const float** d, float* v, size_t v_stride) {
  v128_t x[16], t[16];
  size_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    for (size_t i = 0; i < 16; ++i) x[i] = wasm_v128_load(d[i] + c);
    winograd::Input<SimdOps>(x, t);
    for (size_t i = 0; i < 16; ++i) wasm_v128_store(v + i * v_stride + c, t[i]);
  }
  if (c < channels) {
    const size_t tail = channels - c;
    for (size_t i = 0; i < 16; ++i) x[i] = simd::LoadTail(d[i] + c, tail);
    winograd::Input<SimdOps>(x, t);
    for (size_t i = 0; i < 16; ++i) simd::StoreTail(v + i * v_stride + c, t[i], tail);
  }
}

void f32_winograd_2x2_3x3_output_minmax__wasmsimd_c4(size_t channels, const float* m, size_t m_stride,
                                                     const float* bias, float** y, const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min), vmax = wasm_f32x4_splat(params->max);
  v128_t x[16], r[4];
  size_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    for (size_t i = 0; i < 16; ++i) x[i] = wasm_v128_load(m + i * m_stride + c);
    winograd::Output<SimdOps>(x, r);
    const v128_t b = bias ? wasm_v128_load(bias + c) : wasm_f32x4_const_splat(0.0f);
    for (size_t p = 0; p < 4; ++p) {
      if (y[p]) wasm_v128_store(y[p] + c, simd::Clamp(wasm_f32x4_add(r[p], b), vmin, vmax));
    }
  }
  if (c < channels) {
    const size_t tail = channels - c;
    for (size_t i = 0; i < 16; ++i) x[i] = simd::LoadTail(m + i * m_stride + c, tail);
    winograd::Output<SimdOps>(x, r);
    const v128_t b = bias ? simd::LoadTail(bias + c, tail) : wasm_f32x4_const_splat(0.0f);
    for (size_t p = 0; p < 4; ++p) {
      if (y[p]) simd::StoreTail(y[p] + c, simd::Clamp(wasm_f32x4_add(r[p], b), vmin, vmax), tail);
    }
  }
}

}  // namespace webnn::kernels
