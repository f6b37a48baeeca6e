// f32_softmax__wasmsimd: one row, three passes (max; exp(x - max) in f32x4 stored into y and summed in
// f64x2; y /= sum).
// Tile: 8 floats per step, then 4, the 1..3 tail with partial loads/stores. Over-read: none.
// Reference: f32_softmax__scalar (double precision); within the WPT float32 tolerance in the tests.
#include <wasm_simd128.h>

#include "kernels/f32-vunary/vunary-impl.h"
#include "kernels/softmax.h"

namespace webnn::kernels {
namespace {

// exp(x - max) with x - max split exactly into hi + lo (TwoSum): rounding x - max to float would cost up
// to half an ULP of |x - max| (up to ~100) in exp's argument, an error exp() turns into tens of ULP.
// -inf entries give hi = -inf and lo = NaN; lo is zeroed there so that exp gives 0. NaN stays NaN
// (hi is NaN).
inline v128_t ExpMinusMax(v128_t x, v128_t max, v128_t neg_max) {
  const v128_t hi = wasm_f32x4_sub(x, max);
  const v128_t b = wasm_f32x4_sub(hi, x);
  v128_t lo = wasm_f32x4_add(wasm_f32x4_sub(x, wasm_f32x4_sub(hi, b)), wasm_f32x4_sub(neg_max, b));
  lo = wasm_v128_and(lo, wasm_f32x4_eq(lo, lo));
  // Where |hi| < 128, |lo| <= 2^-18; beyond, exp underflows to 0 anyway, but lo (up to ~|max|) would
  // push the polynomial out of its range.
  lo = wasm_f32x4_pmin(wasm_f32x4_pmax(lo, wasm_f32x4_splat(-0x1p-17f)), wasm_f32x4_splat(0x1p-17f));
  return vunary_impl::ExpNonPositiveF32(hi, lo);
}

inline v128_t AddPromoted(v128_t sum, v128_t e) {
  return wasm_f64x2_add(sum, wasm_f64x2_promote_low_f32x4(e));
}
inline v128_t AddPromotedHigh(v128_t sum, v128_t e) {
  return wasm_f64x2_add(sum, wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(e, e, 1, 1)));
}

}  // namespace

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
  const v128_t neg_max = wasm_f32x4_neg(vmax);
  // Pass 2: e = exp(x - max) stored into y; summed in double, so that long rows add no rounding error
  // that matters (the sum enters every output).
  v128_t s0 = wasm_f64x2_splat(0.0), s1 = s0, s2 = s0, s3 = s0;
  for (i = 0; i + 8 <= n; i += 8) {
    const v128_t e0 = ExpMinusMax(wasm_v128_load(x + i), vmax, neg_max);
    const v128_t e1 = ExpMinusMax(wasm_v128_load(x + i + 4), vmax, neg_max);
    wasm_v128_store(y + i, e0);
    wasm_v128_store(y + i + 4, e1);
    s0 = AddPromoted(s0, e0);
    s1 = AddPromotedHigh(s1, e0);
    s2 = AddPromoted(s2, e1);
    s3 = AddPromotedHigh(s3, e1);
  }
  for (; i + 4 <= n; i += 4) {
    const v128_t e = ExpMinusMax(wasm_v128_load(x + i), vmax, neg_max);
    wasm_v128_store(y + i, e);
    s0 = AddPromoted(s0, e);
    s1 = AddPromotedHigh(s1, e);
  }
  if (i < n) {
    // Tail lanes beyond n read as 0 and give exp(0 - max): zeroed before summing.
    const size_t rem = n - i;
    const v128_t valid =
        wasm_u32x4_lt(wasm_u32x4_make(0, 1, 2, 3), wasm_u32x4_splat(static_cast<uint32_t>(rem)));
    const v128_t e = wasm_v128_and(ExpMinusMax(simd::LoadTail(x + i, rem), vmax, neg_max), valid);
    simd::StoreTail(y + i, e, rem);
    s0 = AddPromoted(s0, e);
    s1 = AddPromotedHigh(s1, e);
  }
  const v128_t s = wasm_f64x2_add(wasm_f64x2_add(s0, s1), wasm_f64x2_add(s2, s3));
  const double sum = wasm_f64x2_extract_lane(s, 0) + wasm_f64x2_extract_lane(s, 1);
  const v128_t vsum = wasm_f32x4_splat(static_cast<float>(sum));
  // Pass 3: normalise (a division, not a reciprocal multiply: one rounding fewer).
  for (i = 0; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_f32x4_div(wasm_v128_load(y + i), vsum));
  if (i < n) simd::StoreTail(y + i, wasm_f32x4_div(simd::LoadTail(y + i, n - i), vsum), n - i);
}

}  // namespace webnn::kernels
