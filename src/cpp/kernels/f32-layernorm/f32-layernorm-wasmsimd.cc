// f32_layernorm__wasmsimd: one row; mean and biased variance in f64x2 (two passes, two f64x2
// accumulators each), then y = (x - mean) / sqrt(var + eps) * scale + bias evaluated in f64x2 and
// rounded once per element (WPT: 0 ULP against the double-precision formula).
// Tile: 4 floats per step (promoted to two f64x2), the 1..3 tail with partial loads/stores.
// Over-read: none (x, scale, bias, y each touched for exactly n elements).
// Reference: f32_layernorm__scalar (double precision; same operation order per element).
#include <wasm_simd128.h>

#include "kernels/layernorm.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {
namespace {

inline v128_t Lo(v128_t v) { return wasm_f64x2_promote_low_f32x4(v); }
inline v128_t Hi(v128_t v) { return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3)); }
inline double HorizontalAdd(v128_t v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }

inline v128_t Load(const float* p, size_t rem) { return rem >= 4 ? wasm_v128_load(p) : simd::LoadTail(p, rem); }

}  // namespace

void f32_layernorm__wasmsimd(size_t n, const float* x, const float* scale, const float* bias, float eps, float* y) {
  // Lanes past the tail load as 0; the mean pass is unaffected, the variance pass masks them.
  v128_t s0 = wasm_f64x2_splat(0.0), s1 = s0;
  for (size_t i = 0; i < n; i += 4) {
    const v128_t v = Load(x + i, n - i);
    s0 = wasm_f64x2_add(s0, Lo(v));
    s1 = wasm_f64x2_add(s1, Hi(v));
  }
  const double mean = HorizontalAdd(wasm_f64x2_add(s0, s1)) / static_cast<double>(n);
  const v128_t vmean = wasm_f64x2_splat(mean);
  v128_t q0 = wasm_f64x2_splat(0.0), q1 = q0;
  for (size_t i = 0; i < n; i += 4) {
    const size_t rem = n - i;
    const v128_t v = Load(x + i, rem);
    v128_t d0 = wasm_f64x2_sub(Lo(v), vmean), d1 = wasm_f64x2_sub(Hi(v), vmean);
    if (rem < 4) {
      // Zero the squared deviations of the padding lanes.
      const v128_t m0 = wasm_i64x2_make(-1, rem > 1 ? -1 : 0);
      const v128_t m1 = wasm_i64x2_make(rem > 2 ? -1 : 0, 0);
      d0 = wasm_v128_and(d0, m0);
      d1 = wasm_v128_and(d1, m1);
    }
    q0 = wasm_f64x2_add(q0, wasm_f64x2_mul(d0, d0));
    q1 = wasm_f64x2_add(q1, wasm_f64x2_mul(d1, d1));
  }
  const double var = HorizontalAdd(wasm_f64x2_add(q0, q1)) / static_cast<double>(n);
  const v128_t vstd = wasm_f64x2_splat(__builtin_sqrt(var + static_cast<double>(eps)));
  for (size_t i = 0; i < n; i += 4) {
    const size_t rem = n - i;
    const v128_t v = Load(x + i, rem);
    v128_t r0 = wasm_f64x2_div(wasm_f64x2_sub(Lo(v), vmean), vstd);
    v128_t r1 = wasm_f64x2_div(wasm_f64x2_sub(Hi(v), vmean), vstd);
    if (scale != nullptr) {
      const v128_t s = Load(scale + i, rem);
      r0 = wasm_f64x2_mul(r0, Lo(s));
      r1 = wasm_f64x2_mul(r1, Hi(s));
    }
    if (bias != nullptr) {
      const v128_t b = Load(bias + i, rem);
      r0 = wasm_f64x2_add(r0, Lo(b));
      r1 = wasm_f64x2_add(r1, Hi(b));
    }
    const v128_t out = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(r0), wasm_f32x4_demote_f64x2_zero(r1), 0, 1, 4, 5);
    if (rem >= 4) {
      wasm_v128_store(y + i, out);
    } else {
      simd::StoreTail(y + i, out, rem);
    }
  }
}

}  // namespace webnn::kernels
