// f32_layernorm__wasmsimd: one row; mean and biased variance accumulated in f64x2 (two passes, two
// f64x2 accumulators each, 4 floats per step, scalar tail), then
// y = (x - mean) / sqrt(var + eps) * scale + bias evaluated in double and rounded once per element
// (WPT: 0 ULP against the double-precision formula), in f64x2 halves of 4 floats with full loads and
// stores (the scalar loop that did it was 60% of the kernel), the 1..3 tail in scalar double: clang 14
// hangs optimising the partial-load / masked forms of these loops.
// Over-read: none (x, scale, bias, y each touched for exactly n elements).
// Reference: f32_layernorm__scalar (double precision; same operation order per element).
#include <wasm_simd128.h>

#include "kernels/layernorm.h"

namespace webnn::kernels {
namespace {

inline v128_t Lo(v128_t v) { return wasm_f64x2_promote_low_f32x4(v); }
inline v128_t Hi(v128_t v) { return wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(v, v, 1, 1)); }
inline double HorizontalAdd(v128_t v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }

// The first n4 (a multiple of 4) outputs, each as the scalar twin computes it: (x - mean) / std_dev, then
// * scale, then + bias, in double, rounded once.
template <bool kScale, bool kBias>
void Normalize(size_t n4, const float* x, const float* scale, const float* bias, double mean, double std_dev,
               float* y) {
  const v128_t vmean = wasm_f64x2_splat(mean);
  const v128_t vstd = wasm_f64x2_splat(std_dev);
  for (size_t i = 0; i < n4; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    v128_t r0 = wasm_f64x2_div(wasm_f64x2_sub(Lo(v), vmean), vstd);
    v128_t r1 = wasm_f64x2_div(wasm_f64x2_sub(Hi(v), vmean), vstd);
    if constexpr (kScale) {
      const v128_t s = wasm_v128_load(scale + i);
      r0 = wasm_f64x2_mul(r0, Lo(s));
      r1 = wasm_f64x2_mul(r1, Hi(s));
    }
    if constexpr (kBias) {
      const v128_t b = wasm_v128_load(bias + i);
      r0 = wasm_f64x2_add(r0, Lo(b));
      r1 = wasm_f64x2_add(r1, Hi(b));
    }
    wasm_v128_store(y + i, wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(r0), wasm_f32x4_demote_f64x2_zero(r1),
                                              0, 1, 4, 5));
  }
}

}  // namespace

void f32_layernorm__wasmsimd(size_t n, const float* x, const float* scale, const float* bias, float eps, float* y) {
  const size_t n4 = n & ~size_t{3};
  v128_t s0 = wasm_f64x2_splat(0.0), s1 = s0;
  for (size_t i = 0; i < n4; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    s0 = wasm_f64x2_add(s0, Lo(v));
    s1 = wasm_f64x2_add(s1, Hi(v));
  }
  double sum = HorizontalAdd(wasm_f64x2_add(s0, s1));
  for (size_t i = n4; i < n; ++i) sum += static_cast<double>(x[i]);
  const double mean = sum / static_cast<double>(n);

  const v128_t vmean = wasm_f64x2_splat(mean);
  v128_t q0 = wasm_f64x2_splat(0.0), q1 = q0;
  for (size_t i = 0; i < n4; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    const v128_t d0 = wasm_f64x2_sub(Lo(v), vmean), d1 = wasm_f64x2_sub(Hi(v), vmean);
    q0 = wasm_f64x2_add(q0, wasm_f64x2_mul(d0, d0));
    q1 = wasm_f64x2_add(q1, wasm_f64x2_mul(d1, d1));
  }
  double sq = HorizontalAdd(wasm_f64x2_add(q0, q1));
  for (size_t i = n4; i < n; ++i) {
    const double d = static_cast<double>(x[i]) - mean;
    sq += d * d;
  }
  const double var = sq / static_cast<double>(n);
  const double std_dev = __builtin_sqrt(var + static_cast<double>(eps));
  if (scale != nullptr && bias != nullptr) {
    Normalize<true, true>(n4, x, scale, bias, mean, std_dev, y);
  } else if (scale != nullptr) {
    Normalize<true, false>(n4, x, scale, bias, mean, std_dev, y);
  } else if (bias != nullptr) {
    Normalize<false, true>(n4, x, scale, bias, mean, std_dev, y);
  } else {
    Normalize<false, false>(n4, x, scale, bias, mean, std_dev, y);
  }
  for (size_t i = n4; i < n; ++i) {
    double r = (static_cast<double>(x[i]) - mean) / std_dev;
    if (scale != nullptr) r *= static_cast<double>(scale[i]);
    if (bias != nullptr) r += static_cast<double>(bias[i]);
    y[i] = static_cast<float>(r);
  }
}

}  // namespace webnn::kernels
