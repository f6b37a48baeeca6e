// f32_f64acc_rsum_ukernel__wasmsimd_u8: sum of n floats (or of |x|, x^2) in double, 8 partial sums (four
// f64x2; element i goes to partial i % 8), combined ((p0,p1 + p2,p3) + (p4,p5 + p6,p7)), then the two
// lanes. A 4-float remainder goes to p0..p3, a 1..3-float tail (zero-padded) to p0..p2.
// Over-read: none (partial loads). Reference: f32_f64acc_rsum_ukernel__scalar (bit-exact: same partials).
#include <wasm_simd128.h>

#include "kernels/f32-reduce/f64acc-impl.h"
#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {
namespace {

using f64acc_impl::Term;

template <SumOf kWhat>
double Sum(size_t n, const float* x) {
  v128_t p0 = wasm_f64x2_const_splat(0.0), p1 = p0, p2 = p0, p3 = p0;
  for (; n >= 8; n -= 8, x += 8) {
    const v128_t a = wasm_v128_load(x), b = wasm_v128_load(x + 4);
    p0 = wasm_f64x2_add(p0, Term<kWhat>(simd::PromoteLow(a)));
    p1 = wasm_f64x2_add(p1, Term<kWhat>(simd::PromoteHigh(a)));
    p2 = wasm_f64x2_add(p2, Term<kWhat>(simd::PromoteLow(b)));
    p3 = wasm_f64x2_add(p3, Term<kWhat>(simd::PromoteHigh(b)));
  }
  if (n != 0) {
    const v128_t a = n >= 4 ? wasm_v128_load(x) : simd::LoadTail(x, n);
    p0 = wasm_f64x2_add(p0, Term<kWhat>(simd::PromoteLow(a)));
    p1 = wasm_f64x2_add(p1, Term<kWhat>(simd::PromoteHigh(a)));
    if (n > 4) {
      const v128_t b = simd::LoadTail(x + 4, n - 4);
      p2 = wasm_f64x2_add(p2, Term<kWhat>(simd::PromoteLow(b)));
      p3 = wasm_f64x2_add(p3, Term<kWhat>(simd::PromoteHigh(b)));
    }
  }
  const v128_t s = wasm_f64x2_add(wasm_f64x2_add(p0, p1), wasm_f64x2_add(p2, p3));
  return wasm_f64x2_extract_lane(s, 0) + wasm_f64x2_extract_lane(s, 1);
}

}  // namespace

double f32_f64acc_rsum_ukernel__wasmsimd_u8(size_t n, const float* x, SumOf what) {
  return f64acc_impl::ForSumOf(what, [&](auto kind) { return Sum<decltype(kind)::value>(n, x); });
}

}  // namespace webnn::kernels
