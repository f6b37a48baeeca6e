// f32_rmax_ukernel__wasmsimd_u16 / f32_rmin_ukernel__wasmsimd_u16: max (min) of n >= 1 floats, 4 x f32x4
// accumulators (f32x4.max / f32x4.min: NaN wins, +0 beats -0 for max and -0 beats +0 for min), tail
// through partial loads padded with x[0] (which cannot change the result).
// Over-read: none. References: f32_rmax_ukernel__scalar, f32_rmin_ukernel__scalar (exact).
#include <wasm_simd128.h>

#include <cmath>
#include <cstdint>

#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {
namespace {

template <bool kMax>
v128_t Pick(v128_t a, v128_t b) {
  return kMax ? wasm_f32x4_max(a, b) : wasm_f32x4_min(a, b);
}

template <bool kMax>
float RMinMax(size_t n, const float* x) {
  const v128_t first = wasm_v128_load32_splat(x);
  v128_t m0 = first, m1 = first, m2 = first, m3 = first;
  for (; n >= 16; n -= 16) {
    m0 = Pick<kMax>(m0, wasm_v128_load(x));
    m1 = Pick<kMax>(m1, wasm_v128_load(x + 4));
    m2 = Pick<kMax>(m2, wasm_v128_load(x + 8));
    m3 = Pick<kMax>(m3, wasm_v128_load(x + 12));
    x += 16;
  }
  for (; n >= 4; n -= 4) {
    m0 = Pick<kMax>(m0, wasm_v128_load(x));
    x += 4;
  }
  if (n != 0) {
    m1 = Pick<kMax>(m1, wasm_v128_bitselect(simd::LoadTail(x, n), first, simd::TailMask(n)));
  }
  v128_t m = Pick<kMax>(Pick<kMax>(m0, m1), Pick<kMax>(m2, m3));
  m = Pick<kMax>(m, wasm_i32x4_shuffle(m, m, 2, 3, 0, 1));
  m = Pick<kMax>(m, wasm_i32x4_shuffle(m, m, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(m, 0);
}

}  // namespace

// Both at once (reduceMin and reduceMax of one tensor: DynamicQuantizeLinear's pair): f32x4.pmin / pmax, one
// instruction each in V8 on x86 where f32x4.min / max are eight, and beside them what pmin / pmax order
// differently from min / max: a NaN anywhere (x != x) makes both NaN, and a zero result takes its sign from the
// zeros seen - +0 for the max if the bits' unsigned minimum is 0 (a +0 was seen), -0 for the min if their signed
// minimum is INT32_MIN (a -0 was). Results bit for bit the two kernels' above, at 7 instructions per vector
// against their 18.
void f32_rminmax_ukernel__wasmsimd_u8(size_t n, const float* x, float* min, float* max) {
  const v128_t first = wasm_v128_load32_splat(x);
  v128_t lo0 = first, lo1 = first, hi0 = first, hi1 = first;
  v128_t nan = wasm_i32x4_const_splat(0), bits_u = first, bits_s = first;
  const auto take = [&](v128_t& lo, v128_t& hi, v128_t v) {
    lo = wasm_f32x4_pmin(lo, v);
    hi = wasm_f32x4_pmax(hi, v);
    nan = wasm_v128_or(nan, wasm_f32x4_ne(v, v));
    bits_u = wasm_u32x4_min(bits_u, v);
    bits_s = wasm_i32x4_min(bits_s, v);
  };
  for (; n >= 8; n -= 8, x += 8) {
    take(lo0, hi0, wasm_v128_load(x));
    take(lo1, hi1, wasm_v128_load(x + 4));
  }
  if (n >= 4) {
    take(lo0, hi0, wasm_v128_load(x));
    n -= 4;
    x += 4;
  }
  if (n != 0) take(lo1, hi1, wasm_v128_bitselect(simd::LoadTail(x, n), first, simd::TailMask(n)));
  v128_t lo = wasm_f32x4_pmin(lo0, lo1), hi = wasm_f32x4_pmax(hi0, hi1);
  lo = wasm_f32x4_pmin(lo, wasm_i32x4_shuffle(lo, lo, 2, 3, 0, 1));
  lo = wasm_f32x4_pmin(lo, wasm_i32x4_shuffle(lo, lo, 1, 0, 3, 2));
  hi = wasm_f32x4_pmax(hi, wasm_i32x4_shuffle(hi, hi, 2, 3, 0, 1));
  hi = wasm_f32x4_pmax(hi, wasm_i32x4_shuffle(hi, hi, 1, 0, 3, 2));
  if (wasm_v128_any_true(nan)) {
    *min = *max = NAN;
    return;
  }
  float l = wasm_f32x4_extract_lane(lo, 0), h = wasm_f32x4_extract_lane(hi, 0);
  bits_u = wasm_u32x4_min(bits_u, wasm_i32x4_shuffle(bits_u, bits_u, 2, 3, 0, 1));
  bits_u = wasm_u32x4_min(bits_u, wasm_i32x4_shuffle(bits_u, bits_u, 1, 0, 3, 2));
  bits_s = wasm_i32x4_min(bits_s, wasm_i32x4_shuffle(bits_s, bits_s, 2, 3, 0, 1));
  bits_s = wasm_i32x4_min(bits_s, wasm_i32x4_shuffle(bits_s, bits_s, 1, 0, 3, 2));
  if (h == 0.0f) h = wasm_i32x4_extract_lane(bits_u, 0) == 0 ? 0.0f : -0.0f;
  if (l == 0.0f) l = wasm_i32x4_extract_lane(bits_s, 0) == INT32_MIN ? -0.0f : 0.0f;
  *min = l;
  *max = h;
}

float f32_rmax_ukernel__wasmsimd_u16(size_t n, const float* x) { return RMinMax<true>(n, x); }
float f32_rmin_ukernel__wasmsimd_u16(size_t n, const float* x) { return RMinMax<false>(n, x); }

}  // namespace webnn::kernels
