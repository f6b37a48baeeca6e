// f32_winograd_2x2_3x3_{filter,input,output_minmax}__scalar_c1: the F(2x2, 3x3) transforms (winograd.h) one
// channel at a time; the reference twins of the wasmsimd kernels (winograd_math.h: the same operations).
// Over-read: none.
#include "kernels/winograd_math.h"
#include "kernels/simd_util.h"
#include "kernels/winograd.h"

namespace webnn::kernels {
namespace {

struct ScalarOps {
  static float add(float a, float b) { return a + b; }
  static float sub(float a, float b) { return a - b; }
  static float half(float a) { return a * 0.5f; }
  static float edge(float a) { return a; }
};

}  // namespace

void f32_winograd_2x2_3x3_filter__scalar_c1(size_t kc, size_t ncp, size_t nr, const float* g, size_t j0, size_t j1,
                                            float* packed, size_t xi_stride) {
  const size_t block = nr * (kc + 1);
  for (size_t j = j0; j < j1; ++j) {
    for (size_t xi = 0; xi < 16; ++xi) {
      for (size_t q = 0; q < nr; ++q) packed[xi * xi_stride + j * block + q] = 0.0f;
    }
    for (size_t k = 0; k < kc; ++k) {
      for (size_t q = 0; q < nr; ++q) {
        float taps[9], u[16];
        for (size_t t = 0; t < 9; ++t) taps[t] = g[(t * kc + k) * ncp + j * nr + q];
        winograd::Filter<ScalarOps>(taps, u);
        for (size_t xi = 0; xi < 16; ++xi) packed[xi * xi_stride + j * block + nr + k * nr + q] = u[xi];
      }
    }
  }
}

void f32_winograd_2x2_3x3_input__scalar_c1(size_t channels, const float** d, float* v, size_t v_stride) {
  for (size_t c = 0; c < channels; ++c) {
    float x[16], t[16];
    for (size_t i = 0; i < 16; ++i) x[i] = d[i][c];
    winograd::Input<ScalarOps>(x, t);
    for (size_t i = 0; i < 16; ++i) v[i * v_stride + c] = t[i];
  }
}

void f32_winograd_2x2_3x3_output_minmax__scalar_c1(size_t channels, const float* m, size_t m_stride,
                                                   const float* bias, float** y, const MinMaxParams* params) {
  for (size_t c = 0; c < channels; ++c) {
    float x[16], r[4];
    for (size_t i = 0; i < 16; ++i) x[i] = m[i * m_stride + c];
    winograd::Output<ScalarOps>(x, r);
    const float b = bias ? bias[c] : 0.0f;
    for (size_t p = 0; p < 4; ++p) {
      if (y[p]) y[p][c] = simd::ClampScalar(r[p] + b, params->min, params->max);
    }
  }
}

}  // namespace webnn::kernels
