// f32_softmax__wasmsimd: one row, three passes (max and min; exp(x - max) in f32x4 stored into y and
// summed — in f64x2 for rows shorter than kLongRow, in f32x4 for longer ones — without exp's subnormal
// check when the row's range is at most 87; y /= sum, or y *= 1/sum on long rows).
// Tile: 8 floats per step, then 4, the 1..3 tail with partial loads/stores. Over-read: none.
// Reference: f32_softmax__scalar (double precision); within the WPT float32 tolerance in the tests.
#include <wasm_simd128.h>

#include "kernels/f32-vunary/vunary-impl.h"
#include "kernels/softmax.h"

namespace webnn::kernels {
namespace {

// Rows this long take the float path (StoreExpMinusMaxLong): their tolerance (3n + 3 ULP, at least 387)
// leaves room for its shortcuts; shorter rows, where WPT allows as little as 12 ULP, keep every bit.
constexpr size_t kLongRow = 128;

// exp(x - max) with x - max split exactly into hi + lo (TwoSum): rounding x - max to float would cost up
// to half an ULP of |x - max| (up to ~100) in exp's argument, an error exp() turns into tens of ULP.
// -inf entries give hi = -inf and lo = NaN; lo is zeroed there so that exp gives 0. NaN stays NaN
// (hi is NaN).
template <bool kExact>
inline v128_t ExpMinusMax(v128_t x, v128_t max, v128_t neg_max) {
  const v128_t hi = wasm_f32x4_sub(x, max);
  const v128_t b = wasm_f32x4_sub(hi, x);
  v128_t lo = wasm_f32x4_add(wasm_f32x4_sub(x, wasm_f32x4_sub(hi, b)), wasm_f32x4_sub(neg_max, b));
  lo = wasm_v128_and(lo, wasm_f32x4_eq(lo, lo));
  // Where |hi| < 128, |lo| <= 2^-18; beyond, exp underflows to 0 anyway, but lo (up to ~|max|) would
  // push the polynomial out of its range.
  lo = wasm_f32x4_pmin(wasm_f32x4_pmax(lo, wasm_f32x4_splat(-0x1p-17f)), wasm_f32x4_splat(0x1p-17f));
  return vunary_impl::ExpNonPositiveImpl<true, false, kExact>(hi, lo, lo);
}

inline v128_t AddPromoted(v128_t sum, v128_t e) {
  return wasm_f64x2_add(sum, simd::PromoteLow(e));
}
inline v128_t AddPromotedHigh(v128_t sum, v128_t e) {
  return wasm_f64x2_add(sum, simd::PromoteHigh(e));
}

// Pass 2's loop: e = exp(x - max) stored into y and handed to add(u, e), u being the vector's place in a
// main-loop step of kUnroll vectors (0 after it); the 1..3 tail takes the exact exp, its lanes beyond n
// (read as 0, giving exp(0 - max)) zeroed before they are added.
template <size_t kUnroll, typename Exp, typename ExpExact, typename Add>
inline void StoreExpLoop(size_t n, const float* x, float* y, Exp exp, ExpExact exp_exact, Add add) {
  size_t i = 0;
  for (; i + 4 * kUnroll <= n; i += 4 * kUnroll) {
    v128_t e[kUnroll];
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) e[u] = exp(wasm_v128_load(x + i + 4 * u));
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + i + 4 * u, e[u]);
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) add(u, e[u]);
  }
  for (; i + 4 <= n; i += 4) {
    const v128_t e = exp(wasm_v128_load(x + i));
    wasm_v128_store(y + i, e);
    add(0, e);
  }
  if (i < n) {
    const size_t rem = n - i;
    const v128_t e = wasm_v128_and(exp_exact(simd::LoadTail(x + i, rem)), simd::TailMask(rem));
    simd::StoreTail(y + i, e, rem);
    add(0, e);
  }
}

// Pass 2 of a short row: summed in double, so that no rounding error that matters enters the sum (which
// enters every output); two f64x2 accumulators per vector. kExact = false when no x - max is below -87
// (the row's range is at most 87): exp then needs no per-vector subnormal check.
template <bool kExact>
double StoreExpMinusMax(size_t n, const float* x, float* y, v128_t vmax, v128_t neg_max) {
  v128_t s[4] = {wasm_f64x2_splat(0.0), wasm_f64x2_splat(0.0), wasm_f64x2_splat(0.0), wasm_f64x2_splat(0.0)};
  StoreExpLoop<2>(
      n, x, y, [&](v128_t v) { return ExpMinusMax<kExact>(v, vmax, neg_max); },
      [&](v128_t v) { return ExpMinusMax<true>(v, vmax, neg_max); },
      [&](size_t u, v128_t e) {
        s[2 * u] = AddPromoted(s[2 * u], e);
        s[2 * u + 1] = AddPromotedHigh(s[2 * u + 1], e);
      });
  const v128_t sum = wasm_f64x2_add(wasm_f64x2_add(s[0], s[1]), wasm_f64x2_add(s[2], s[3]));
  return wasm_f64x2_extract_lane(sum, 0) + wasm_f64x2_extract_lane(sum, 1);
}

// Pass 2 of a long row (n >= kLongRow): x - max rounded to float, exp reduced in base 2 with a polynomial
// of degree 4 (ExpNonPositiveBase2F32: 127 -> 113 us on 128x1024 against the two-step ln2 reduction at
// degree 5, 94-98 at degree 4), summed in float, one accumulator per vector of four. The shortcuts cost at
// most ~210 ULP on a row whose tolerance (WPT's, after the spec's own error analysis) is 3n + 3 ULP, 387 at
// the shortest: x - max rounded puts up to half an ULP of |x - max| <= 87 into exp's argument (< 88 ULP of
// the result; beyond 87, results underflow to near zero), (x - max) log2(e) rounded up to 45 more, the
// polynomial 70, and sixteen float lanes of n/16 terms each add up to n/16 ULP to the sum.
template <bool kExact>
float StoreExpMinusMaxLong(size_t n, const float* x, float* y, v128_t vmax) {
  v128_t s[4] = {wasm_f32x4_splat(0.0f), wasm_f32x4_splat(0.0f), wasm_f32x4_splat(0.0f), wasm_f32x4_splat(0.0f)};
  StoreExpLoop<4>(
      n, x, y, [&](v128_t v) { return vunary_impl::ExpNonPositiveBase2F32<kExact>(wasm_f32x4_sub(v, vmax)); },
      [&](v128_t v) { return vunary_impl::ExpNonPositiveBase2F32<true>(wasm_f32x4_sub(v, vmax)); },
      [&](size_t u, v128_t e) { s[u] = wasm_f32x4_add(s[u], e); });
  v128_t sum = wasm_f32x4_add(wasm_f32x4_add(s[0], s[1]), wasm_f32x4_add(s[2], s[3]));
  sum = wasm_f32x4_add(sum, wasm_i32x4_shuffle(sum, sum, 2, 3, 0, 1));
  sum = wasm_f32x4_add(sum, wasm_i32x4_shuffle(sum, sum, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(sum, 0);
}

// A NaN in the row (or max = +inf, or a row of -inf, where x - max is NaN) made the sum NaN: every output
// is NaN, as exp(x - NaN) would make it.
void FillNaN(size_t n, float* y) {
  for (size_t i = 0; i < n; ++i) y[i] = NAN;
}

}  // namespace

void f32_softmax__wasmsimd(size_t n, const float* x, float* y) {
  // Pass 1: max and min with f32x4.pmax/pmin, two accumulators each: f32x4.max is eight dependent
  // instructions in V8 on x86, which made this pass take 0.73 ns per element (a third of the kernel) against
  // 0.06. pmax and pmin skip NaN; a NaN is found in pass 2's sum instead (exp keeps it).
  v128_t max0 = wasm_f32x4_splat(-INFINITY), max1 = max0, min0 = wasm_f32x4_splat(INFINITY), min1 = min0;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const v128_t a = wasm_v128_load(x + i), b = wasm_v128_load(x + i + 4);
    max0 = wasm_f32x4_pmax(max0, a);
    max1 = wasm_f32x4_pmax(max1, b);
    min0 = wasm_f32x4_pmin(min0, a);
    min1 = wasm_f32x4_pmin(min1, b);
  }
  if (i + 4 <= n) {
    const v128_t v = wasm_v128_load(x + i);
    max0 = wasm_f32x4_pmax(max0, v);
    min0 = wasm_f32x4_pmin(min0, v);
    i += 4;
  }
  if (i < n) {
    // The last 1..3 floats, padded with -inf (max) and +inf (min) beyond n.
    const size_t rem = n - i;
    const v128_t v = simd::LoadTail(x + i, rem);
    const v128_t valid = simd::TailMask(rem);
    max0 = wasm_f32x4_pmax(max0, wasm_v128_bitselect(v, wasm_f32x4_splat(-INFINITY), valid));
    min0 = wasm_f32x4_pmin(min0, wasm_v128_bitselect(v, wasm_f32x4_splat(INFINITY), valid));
  }
  v128_t vmax = wasm_f32x4_pmax(max0, max1), vmin = wasm_f32x4_pmin(min0, min1);
  vmax = wasm_f32x4_pmax(vmax, wasm_i32x4_shuffle(vmax, vmax, 2, 3, 0, 1));
  vmax = wasm_f32x4_pmax(vmax, wasm_i32x4_shuffle(vmax, vmax, 1, 0, 3, 2));
  vmin = wasm_f32x4_pmin(vmin, wasm_i32x4_shuffle(vmin, vmin, 2, 3, 0, 1));
  vmin = wasm_f32x4_pmin(vmin, wasm_i32x4_shuffle(vmin, vmin, 1, 0, 3, 2));
  const v128_t neg_max = wasm_f32x4_neg(vmax);
  // The range max - min is at most 87 (and finite, with no NaN: the comparison is false then).
  const float range = wasm_f32x4_extract_lane(vmax, 0) - wasm_f32x4_extract_lane(vmin, 0);
  if (n >= kLongRow) {
    const float sum = range <= 87.0f ? StoreExpMinusMaxLong<false>(n, x, y, vmax)
                                     : StoreExpMinusMaxLong<true>(n, x, y, vmax);
    if (sum != sum) return FillNaN(n, y);
    // Pass 3: one multiply by 1/sum (rounded once from double) instead of a division per element.
    const v128_t scale = wasm_f32x4_splat(static_cast<float>(1.0 / sum));
    for (i = 0; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_f32x4_mul(wasm_v128_load(y + i), scale));
    if (i < n) simd::StoreTail(y + i, wasm_f32x4_mul(simd::LoadTail(y + i, n - i), scale), n - i);
    return;
  }
  const double sum = range <= 87.0f ? StoreExpMinusMax<false>(n, x, y, vmax, neg_max)
                                    : StoreExpMinusMax<true>(n, x, y, vmax, neg_max);
  if (sum != sum) return FillNaN(n, y);
  const v128_t vsum = wasm_f32x4_splat(static_cast<float>(sum));
  // Pass 3: normalise (a division, not a reciprocal multiply: one rounding fewer).
  for (i = 0; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_f32x4_div(wasm_v128_load(y + i), vsum));
  if (i < n) simd::StoreTail(y + i, wasm_f32x4_div(simd::LoadTail(y + i, n - i), vsum), n - i);
}

}  // namespace webnn::kernels
