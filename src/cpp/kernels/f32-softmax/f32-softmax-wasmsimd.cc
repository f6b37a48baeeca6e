// f32_softmax__wasmsimd: one row, three passes (max; exp(x - max) in f64x2 stored into y and summed;
// y /= sum).
// Tile: 4 floats per step, the 1..3 tail with partial loads/stores. Over-read: none.
// Reference: f32_softmax__scalar (double precision); within the WPT float32 tolerance in the tests.
#include <wasm_simd128.h>

#include "kernels/f32-vunary/vunary-impl.h"
#include "kernels/softmax.h"

namespace webnn::kernels {

void f32_softmax__wasmsimd(size_t n, const float* x, float* y) {
  // Pass 1: max (f32x4.max propagates NaN).
  v128_t vmax = wasm_f32x4_splat(-INFINITY);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) vmax = wasm_f32x4_max(vmax, wasm_v128_load(x + i));
  if (i < n) {
    // Pad the tail with -inf so it cannot win.
    const size_t rem = n - i;
    v128_t v = simd::LoadTail(x + i, rem);
    const v128_t lane = wasm_u32x4_make(0, 1, 2, 3);
    const v128_t valid = wasm_u32x4_lt(lane, wasm_u32x4_splat(static_cast<uint32_t>(rem)));
    v = wasm_v128_bitselect(v, wasm_f32x4_splat(-INFINITY), valid);
    vmax = wasm_f32x4_max(vmax, v);
  }
  vmax = wasm_f32x4_max(vmax, wasm_i32x4_shuffle(vmax, vmax, 2, 3, 0, 1));
  vmax = wasm_f32x4_max(vmax, wasm_i32x4_shuffle(vmax, vmax, 1, 0, 3, 2));
  // Pass 2: e = exp(x - max) in double, stored into y as float and summed in double. In float,
  // x - max rounds by up to half an ULP of |x - max| (up to ~100), an error exp() would multiply into
  // tens of ULP; in double the difference is exact.
  const double max = wasm_f32x4_extract_lane(vmax, 0);
  const v128_t vmax64 = wasm_f64x2_splat(max);
  v128_t s0 = wasm_f64x2_splat(0.0), s1 = s0;
  for (i = 0; i + 4 <= n; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    const v128_t e0 = vunary_impl::ExpF64(wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(v), vmax64));
    const v128_t e1 =
        vunary_impl::ExpF64(wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(v, v, 1, 1)), vmax64));
    y[i] = static_cast<float>(wasm_f64x2_extract_lane(e0, 0));
    y[i + 1] = static_cast<float>(wasm_f64x2_extract_lane(e0, 1));
    y[i + 2] = static_cast<float>(wasm_f64x2_extract_lane(e1, 0));
    y[i + 3] = static_cast<float>(wasm_f64x2_extract_lane(e1, 1));
    s0 = wasm_f64x2_add(s0, e0);
    s1 = wasm_f64x2_add(s1, e1);
  }
  double sum = wasm_f64x2_extract_lane(s0, 0) + wasm_f64x2_extract_lane(s0, 1) + wasm_f64x2_extract_lane(s1, 0) +
               wasm_f64x2_extract_lane(s1, 1);
  for (; i < n; ++i) {
    const double e = wasm_f64x2_extract_lane(vunary_impl::ExpF64(wasm_f64x2_splat(double{x[i]} - max)), 0);
    y[i] = static_cast<float>(e);
    sum += e;
  }
  const v128_t vsum = wasm_f32x4_splat(static_cast<float>(sum));
  // Pass 3: normalise (a division, not a reciprocal multiply: one rounding fewer).
  for (i = 0; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_f32x4_div(wasm_v128_load(y + i), vsum));
  if (i < n) simd::StoreTail(y + i, wasm_f32x4_div(simd::LoadTail(y + i, n - i), vsum), n - i);
}

}  // namespace webnn::kernels
