// Shared pieces of the f32 vunary kernels: the loop driver (main loop of U vectors, then one vector,
// then a 1..3 tail through partial loads/stores — no over-read, no over-write, in place is fine) and
// the f32x4 / f64x2 approximations the transcendental kernels use.
#pragma once

#include <wasm_simd128.h>

#include <cmath>
#include <cstddef>

#include "kernels/elementwise_math.h"
#include "kernels/simd_util.h"
#include "kernels/tables.h"
#include "kernels/vunary.h"

namespace webnn::kernels::vunary_impl {

// Applies f (v128_t -> v128_t) to n floats, kUnroll vectors per main-loop iteration.
template <size_t kUnroll, typename F>
inline void Loop(size_t n, const float* x, float* y, F f) {
  for (; n >= 4 * kUnroll; n -= 4 * kUnroll) {
    v128_t v[kUnroll];
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) v[u] = wasm_v128_load(x + 4 * u);
    x += 4 * kUnroll;
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) v[u] = f(v[u]);
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + 4 * u, v[u]);
    y += 4 * kUnroll;
  }
  for (; n >= 4; n -= 4) {
    wasm_v128_store(y, f(wasm_v128_load(x)));
    x += 4;
    y += 4;
  }
  if (n != 0) simd::StoreTail(y, f(simd::LoadTail(x, n)), n);
}

// One group of kUnroll vectors through f, out of line: LoopGuarded's rare path. Callers pass f as a lambda,
// whose type makes this instantiation call it inline; a function passed by name would be a pointer here,
// called indirectly per vector (the exact sigmoid: 3.8 ns per element, 3.0 as a lambda; its fast form 0.9).
template <size_t kUnroll, typename F>
__attribute__((noinline)) void GroupOutOfLine(const float* x, float* y, F f) {
#pragma clang loop unroll(full)
  for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + 4 * u, f(wasm_v128_load(x + 4 * u)));
}

// Loop for the exp-based ops, whose exact form checks every vector for an exp argument below -87 (a
// subnormal result, scaled in two steps): a group of kUnroll vectors whose |x| are all at most `bound`
// (and not NaN) takes `fast`, which may skip that check; any other group, and the tail, take `exact`.
// The rare group runs out of line, so the common path keeps its registers: with both forms inlined in
// one loop, clang hoisted their common parts above the branch for all kUnroll vectors, and V8 spilled
// them (sigmoid 1.24 ns per element against 0.88 out of line, 1M elements, AMD EPYC).
template <size_t kUnroll, typename Fast, typename Exact>
inline void LoopGuarded(size_t n, const float* x, float* y, float bound, Fast fast, Exact exact) {
  const v128_t abs_mask = wasm_i32x4_const_splat(0x7FFFFFFF);
  const v128_t bound_bits = wasm_f32x4_splat(bound);
  for (; n >= 4 * kUnroll; n -= 4 * kUnroll, x += 4 * kUnroll, y += 4 * kUnroll) {
    v128_t v[kUnroll];
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) v[u] = wasm_v128_load(x + 4 * u);
    // The largest |x| as unsigned bits (NaN's are above every finite bound's).
    v128_t m = wasm_v128_and(v[0], abs_mask);
#pragma clang loop unroll(full)
    for (size_t u = 1; u < kUnroll; ++u) m = wasm_u32x4_max(m, wasm_v128_and(v[u], abs_mask));
    if (wasm_v128_any_true(wasm_u32x4_gt(m, bound_bits))) {
      GroupOutOfLine<kUnroll>(x, y, exact);
      continue;
    }
#pragma clang loop unroll(full)
    for (size_t u = 0; u < kUnroll; ++u) wasm_v128_store(y + 4 * u, fast(v[u]));
  }
  // The rest a vector at a time, each checked alone (LoadTail's zero lanes pass the check): short calls, such as
  // a fused activation's rows of a conv tile, took the exact form throughout (a 3x3 stem's swish 1.9 ms, not 0.4).
  const auto one = [&](v128_t v) {
    const v128_t m = wasm_v128_and(v, abs_mask);
    return wasm_v128_any_true(wasm_u32x4_gt(m, bound_bits)) ? exact(v) : fast(v);
  };
  for (; n >= 4; n -= 4, x += 4, y += 4) wasm_v128_store(y, one(wasm_v128_load(x)));
  if (n != 0) simd::StoreTail(y, one(simd::LoadTail(x, n)), n);
}

inline v128_t Splat(float v) { return wasm_f32x4_splat(v); }
inline v128_t Select(v128_t mask, v128_t if_true, v128_t if_false) {
  return wasm_v128_bitselect(if_true, if_false, mask);
}
inline v128_t Abs(v128_t x) { return wasm_f32x4_abs(x); }
// -|x| by setting the sign bit: one v128.or, where f32x4.neg(f32x4.abs(x)) costs V8 two masks built in
// registers and two operations.
inline v128_t NegAbs(v128_t x) { return wasm_v128_or(x, wasm_i32x4_const_splat(static_cast<int32_t>(0x80000000u))); }
// Copies the sign of s onto the magnitude of m (m must be non-negative).
inline v128_t CopySign(v128_t m, v128_t s) {
  return wasm_v128_or(m, wasm_v128_and(s, wasm_i32x4_const_splat(static_cast<int32_t>(0x80000000u))));
}

// t = x - n ln2 (+ lo), the Cody-Waite reduction of the f32 exp: n ln2_hi is exact (ln2_hi has 15 bits)
// and a small correction lo is added right after it, where it is not lost to rounding.
template <bool kWithLo>
inline v128_t ReduceByLn2(v128_t x, v128_t n, v128_t lo) {
  v128_t t = wasm_f32x4_sub(x, wasm_f32x4_mul(n, Splat(0.693145751953125f)));
  if constexpr (kWithLo) t = wasm_f32x4_add(t, lo);
  return wasm_f32x4_sub(t, wasm_f32x4_mul(n, Splat(1.42860682030941723212e-6f)));
}

// n = round(x log2(e)) by adding 1.5 * 2^23 + 127: x log2(e)'s low mantissa bits are then n + 127, which a
// shift by 23 turns into the float 2^n (for n >= -126), with neither nearest nor a float-to-int conversion.
// Returns that biased sum; *n is n as a float, and *x_log2e (if asked) x log2(e) as rounded.
constexpr float kRoundLog2eMagic = 12583039.0f;  // 0x1.8000FEp23: 1.5 * 2^23 + 127
inline v128_t RoundTimesLog2e(v128_t x, v128_t* n, v128_t* x_log2e = nullptr) {
  const v128_t magic = Splat(kRoundLog2eMagic);
  const v128_t xl = wasm_f32x4_mul(x, Splat(1.44269504088896341f));
  const v128_t biased = wasm_f32x4_add(xl, magic);
  *n = wasm_f32x4_sub(biased, magic);
  if (x_log2e) *x_log2e = xl;
  return biased;
}

// exp(t) - 1 ~ t + t^2 q(t) on the reduced range |t| <= ln2/2, q of degree 4 fitted for it
// (tools/fit-exp-poly.mjs 4: 0.79 ULP for exp evaluated in float32, against a degree-7 Taylor's).
inline v128_t Expm1Poly(v128_t t) {
  v128_t q = Splat(0.00138146128f);
  q = wasm_f32x4_add(Splat(0.00836871006f), wasm_f32x4_mul(q, t));
  q = wasm_f32x4_add(Splat(0.0416683890f), wasm_f32x4_mul(q, t));
  q = wasm_f32x4_add(Splat(0.166665211f), wasm_f32x4_mul(q, t));
  q = wasm_f32x4_add(Splat(0.499999940f), wasm_f32x4_mul(q, t));
  return wasm_f32x4_add(t, wasm_f32x4_mul(wasm_f32x4_mul(t, t), q));
}

// p * 2^n for RoundTimesLog2e's n, read as an integer from its sum `biased` (whose bits are the magic's plus n; a NaN
// lane's are anything: p is NaN already), n in [-153, 128], p in [0.5, 2), rounded once, with no
// float operation that reads or makes a subnormal (x86 takes a microcode assist for each: a sigmoid over
// logits below -87, a segmentation mask's background, ran at 9.4 ns per element, now 3.0; above -87, 0.9).
// A lane whose result is subnormal is made as integers: big = p 2^(n + 149) is exact and below 2^23 there, and adding 2^23
// rounds it to the nearest integer, ties to even, as the subnormal's rounding does; that integer is the
// subnormal's bit pattern. Every other lane is p 2^n as two normal factors (its p and n replaced in the
// subnormal lanes, so that they make nothing subnormal either).
inline v128_t MulPow2(v128_t p, v128_t biased) {
  const v128_t ni = wasm_i32x4_sub(biased, wasm_i32x4_const_splat(__builtin_bit_cast(int32_t, kRoundLog2eMagic)));
  const v128_t n_low = wasm_i32x4_min(ni, wasm_i32x4_const_splat(-100));  // 2^(n_low + 149) stays a float
  const v128_t big = wasm_f32x4_mul(p, wasm_i32x4_shl(wasm_i32x4_add(n_low, wasm_i32x4_const_splat(149 + 127)), 23));
  const v128_t two23 = wasm_f32x4_const_splat(8388608.0f);
  const v128_t subnormal = wasm_f32x4_lt(big, two23);
  const v128_t sub_bits = wasm_i32x4_sub(wasm_f32x4_add(big, two23), two23);
  const v128_t pn = wasm_v128_andnot(p, subnormal);  // 0 (and n 0) in the subnormal lanes
  const v128_t nn = wasm_v128_andnot(ni, subnormal);
  const v128_t n1 = wasm_i32x4_shr(nn, 1);
  const v128_t n2 = wasm_i32x4_sub(nn, n1);
  const v128_t s1 = wasm_i32x4_shl(wasm_i32x4_add(n1, wasm_i32x4_const_splat(127)), 23);
  const v128_t s2 = wasm_i32x4_shl(wasm_i32x4_add(n2, wasm_i32x4_const_splat(127)), 23);
  return wasm_v128_bitselect(sub_bits, wasm_f32x4_mul(wasm_f32x4_mul(pn, s1), s2), subnormal);
}

// p 2^n for RoundTimesLog2e's n (`biased` its sum) of an exp argument `arg`: one multiply by the float 2^n where
// no lane's argument is below -87 (n >= -126; kExact = false: the caller guarantees it), else MulPow2, rounded
// once into the subnormal range. (NaN compares false and takes the multiply: p is NaN already.)
template <bool kExact>
inline v128_t TimesPow2(v128_t p, v128_t biased, v128_t arg) {
  if (!kExact || !wasm_v128_any_true(wasm_f32x4_lt(arg, Splat(-87.0f)))) {
    return wasm_f32x4_mul(p, wasm_i32x4_shl(biased, 23));
  }
  return MulPow2(p, biased);
}

// exp(x) for x <= 0 (and -inf, NaN): what sigmoid, tanh, swish, softmax and gelu need, cheaper than a
// full-range exp. The same Cody-Waite reduction; exp(t) ~ 1 + t + t^2 q(t) with q of degree 4 fitted for it
// (tools/fit-exp-poly.mjs 4: 0.79 ULP evaluated in float32, against a degree-7 Taylor's); 2^n made from the
// rounding constant and applied as one factor, or as two when a lane's result may be subnormal (x < -87:
// rare, so a branch), so that it is rounded once.
// ExpNonPositiveF32(hi, lo) is exp(hi + lo) for a small correction lo (|lo| <= half an ULP of hi), added after
// the exact first reduction step so that it is not lost to rounding.
// ExpNonPositiveF32Times(hi, lo, m) is m exp(hi + lo) for any |lo| <= 2, with m applied before 2^n so that a
// result in the subnormal range is still rounded once (|m| <= 8): n is taken from hi + lo, and hi - n ln2_hi
// is exact once |hi| > 2 |lo| + 1 (Sterbenz); below that its rounding is far under an ULP of the result.
// kExact = false (LoopGuarded's fast form) drops the subnormal check: the caller guarantees hi + lo >= -87.
template <bool kWithLo, bool kTimes, bool kExact = true>
inline v128_t ExpNonPositiveImpl(v128_t x, v128_t lo, v128_t m) {
  // NaN stays NaN: pmax(x, c) is x unless x < c. The fast form's inputs are >= -87 already.
  if constexpr (kExact) x = wasm_f32x4_pmax(x, Splat(-104.0f));
  const v128_t sum = kTimes ? wasm_f32x4_add(x, lo) : x;
  v128_t n;
  const v128_t biased = RoundTimesLog2e(sum, &n);
  const v128_t t = ReduceByLn2<kWithLo>(x, n, lo);
  v128_t p = wasm_f32x4_add(Splat(1.0f), Expm1Poly(t));
  if constexpr (kTimes) p = wasm_f32x4_mul(p, m);
  return TimesPow2<kExact>(p, biased, sum);
}
// exp(x) for x <= 0 reduced in base 2, for callers whose tolerance is hundreds of ULP (softmax's long rows):
// x log2(e) rounded to float, n = round(that), 2^u for u = that - n (exact, |u| <= 1/2) from the degree-4
// polynomial 1 + t + t^2 q(t), q of degree 2 (tools/fit-exp-poly.mjs 2: 69.7 ULP evaluated in float32 in this
// form), rescaled to u (coefficient k times ln2^k) in one Horner chain. Seven operations fewer than
// ExpNonPositiveF32's two-step ln2 reduction and degree-6 polynomial (degree 5 here, 2.3 ULP, took 113 us on
// softmax 128x1024 against 94-98); the rounding of x log2(e) (half an ULP of up to 126) costs up to ln2 2^-18
// relative, ~45 ULP.
template <bool kExact>
inline v128_t ExpNonPositiveBase2F32(v128_t x) {
  if constexpr (kExact) x = wasm_f32x4_pmax(x, Splat(-104.0f));
  v128_t n, xl;
  const v128_t biased = RoundTimesLog2e(x, &n, &xl);
  const v128_t u = wasm_f32x4_sub(xl, n);
  v128_t p = wasm_f32x4_add(Splat(0.0557933338f), wasm_f32x4_mul(Splat(0.00952835288f), u));
  p = wasm_f32x4_add(Splat(0.240251079f), wasm_f32x4_mul(p, u));
  p = wasm_f32x4_add(Splat(0.693147182f), wasm_f32x4_mul(p, u));
  p = wasm_f32x4_add(Splat(1.0f), wasm_f32x4_mul(p, u));
  return TimesPow2<kExact>(p, biased, x);
}
inline v128_t ExpNonPositiveF32(v128_t x, v128_t lo) { return ExpNonPositiveImpl<true, false>(x, lo, lo); }
template <bool kExact = true>
inline v128_t ExpNonPositiveF32(v128_t x) {
  return ExpNonPositiveImpl<false, false, kExact>(x, wasm_f32x4_const_splat(0.0f), wasm_f32x4_const_splat(0.0f));
}
template <bool kExact = true>
inline v128_t ExpNonPositiveF32Times(v128_t hi, v128_t lo, v128_t m) {
  return ExpNonPositiveImpl<true, true, kExact>(hi, lo, m);
}

// exp(x) in f64x2 for x a float already within [-110, 100], to about 2^-50 relative: rounded to float it is
// correctly rounded except for inputs within 2^-50 of a rounding boundary (none among the 2.24e9 floats with
// |x| <= 104). With x = (n + r) ln2/128, n an integer and |r| <= 1/2, exp(x) = 2^(n >> 7) 2^((n & 127)/128)
// exp(r ln2/128): the middle factor from kExp2KOver128, the last from its Taylor polynomial in r to degree 4
// (truncation below 2^-49.6). The table costs two lane loads and saves the seven multiply-adds of the
// degree-11 polynomial that |t| <= ln2/2 needed (1.98 -> 1.53 ns per float, AMD EPYC). r comes without a
// rounding that matters: 128/ln2 = kHi + kLo with kHi of 29 bits, so x kHi is exact (x has 24), and so is
// x kHi - n; x kLo (< 2^-28 of x kHi) adds the rest. n = round(x kHi) from adding the magic number 1.5 * 2^52:
// the sum's low bits are n in two's complement, so n & 127 and (n >> 7) << 52 are integer operations on
// them (|n| < 2^15), with no float -> int conversion.
inline v128_t ExpF64InRange(v128_t x) {
  const v128_t magic = wasm_f64x2_splat(0x1.8p52);
  const v128_t x_hi = wasm_f64x2_mul(x, wasm_f64x2_splat(0x1.7154765p+7));
  const v128_t biased = wasm_f64x2_add(x_hi, magic);
  const v128_t r = wasm_f64x2_add(wasm_f64x2_sub(x_hi, wasm_f64x2_sub(biased, magic)),
                                  wasm_f64x2_mul(x, wasm_f64x2_splat(0x1.5c17f0bbbe88p-24)));
  // exp(r c) with c = ln2/128: sum of (c r)^k / k!, the c^k / k! folded into the coefficients.
  v128_t p = wasm_f64x2_add(wasm_f64x2_mul(r, wasm_f64x2_splat(0x1.3b2ab6fba4e77p-35)), wasm_f64x2_splat(0x1.c6b08d704a0c0p-26));
  p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(0x1.ebfbdff82c58fp-17));
  p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(0x1.62e42fefa39efp-8));
  p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(1.0));
  // 2^((n & 127)/128), then 2^(n >> 7) added to its exponent field (the sum stays a normal double:
  // n >> 7 is in [-160, 145]).
  const uint32_t j0 = static_cast<uint32_t>(wasm_i32x4_extract_lane(biased, 0)) & 127;
  const uint32_t j1 = static_cast<uint32_t>(wasm_i32x4_extract_lane(biased, 2)) & 127;
  v128_t s = wasm_v128_load64_lane(&kExp2KOver128[j1], wasm_v128_load64_zero(&kExp2KOver128[j0]), 1);
  s = wasm_i64x2_add(s, wasm_i64x2_shl(wasm_u64x2_shr(biased, 7), 52));
  return wasm_f64x2_mul(p, s);
}

// log(x) in f64x2 for positive normal doubles that are floats (every float but 0 is one, subnormals
// included) to about 2^-50 relative: rounded to float it is correctly rounded but within ~2^-50 of a
// rounding boundary. x = 2^k z with z in [0.6855, 1.371) from the bits, log x = k ln2 + logc + log1p(r),
// r = z invc - 1 (exact: invc has 29 significant bits, z 24) with |r| <= 2^-8, from the entry of z's
// interval (kLogInvC128), and log1p's Taylor polynomial to degree 6 (truncation below 2^-50.8 relative).
// The entry around 1 has invc = 1, logc = 0: near 1 the result is log1p(x - 1) alone. The table replaced
// a division and an 11-term atanh series (3.25 -> 2.48 ns per float with the fast path below, 1M positive
// floats, AMD EPYC). Of the 2.14e9 positive floats, all but two give libm's double log rounded; at those
// two (0x1.827a74p-7, 0x1.2f1fd6p+3: log within 6e-17 of a rounding boundary) libm's double rounds the
// wrong way and ours is the correctly rounded one.
inline v128_t LogF64Positive(v128_t x) {
  // tmp = bits - (0x3fe6000000000000 - 2^44) + 2^62: its top 12 bits are k + 1024 (biased, so that a
  // logical shift gives it: V8 has no 64-bit arithmetic shift on x86 and emulates one), the next 7 the
  // interval's index.
  constexpr int64_t kBias = int64_t{1024} << 52;
  const v128_t tmp = wasm_i64x2_sub(x, wasm_i64x2_const_splat(0x3fe6000000000000ll - (1ll << 44) - kBias));
  const v128_t k_biased = wasm_u64x2_shr(tmp, 52);
  const v128_t z = wasm_i64x2_add(
      wasm_i64x2_sub(x, wasm_v128_and(tmp, wasm_i64x2_const_splat(static_cast<int64_t>(0xFFF0000000000000ull)))),
      wasm_i64x2_const_splat(kBias));
  const uint32_t j0 = (static_cast<uint32_t>(wasm_i32x4_extract_lane(tmp, 1)) >> 13) & 127;
  const uint32_t j1 = (static_cast<uint32_t>(wasm_i32x4_extract_lane(tmp, 3)) >> 13) & 127;
  const v128_t e0 = wasm_v128_load(&kLogInvC128[j0]), e1 = wasm_v128_load(&kLogInvC128[j1]);
  const v128_t invc = wasm_i64x2_shuffle(e0, e1, 0, 2), logc = wasm_i64x2_shuffle(e0, e1, 1, 3);
  const v128_t r = wasm_f64x2_sub(wasm_f64x2_mul(z, invc), wasm_f64x2_splat(1.0));
  // k as a double: k + 1024 put in the low bits of 1.5 * 2^52, minus 1.5 * 2^52 + 1024.
  const v128_t magic = wasm_f64x2_splat(0x1.8p52);
  const v128_t kd = wasm_f64x2_sub(wasm_i64x2_add(magic, k_biased), wasm_f64x2_splat(0x1.8p52 + 1024));
  v128_t q = wasm_f64x2_add(wasm_f64x2_mul(r, wasm_f64x2_splat(-1.0 / 6)), wasm_f64x2_splat(1.0 / 5));
  q = wasm_f64x2_add(wasm_f64x2_mul(q, r), wasm_f64x2_splat(-1.0 / 4));
  q = wasm_f64x2_add(wasm_f64x2_mul(q, r), wasm_f64x2_splat(1.0 / 3));
  q = wasm_f64x2_add(wasm_f64x2_mul(q, r), wasm_f64x2_splat(-1.0 / 2));
  const v128_t log1p_r = wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_mul(r, r), q));
  // k ln2 (one rounding; ln2's own error is 2^-54 of a term no larger than the result's magnitude plus
  // 0.37) + logc, then the small log1p(r).
  return wasm_f64x2_add(wasm_f64x2_add(wasm_f64x2_mul(kd, wasm_f64x2_splat(0.693147180559945309417)), logc), log1p_r);
}

// log(x) of four floats, each half through LogF64Positive, rounded once; 0 gives -inf, negatives and NaN
// NaN, +inf +inf. A vector of positive finite floats (bits 1 to 0x7F7FFFFF: the usual case) skips those
// fixes and their eight selects (2.73 -> 2.48 ns per float). Shared by the log kernels.
inline v128_t LogF32ViaF64(v128_t v) {
  v128_t r = simd::ViaF64Halves(v, LogF64Positive);
  const v128_t positive_finite =
      wasm_u32x4_lt(wasm_i32x4_sub(v, wasm_i32x4_const_splat(1)), wasm_i32x4_const_splat(0x7F7FFFFF));
  if (wasm_i32x4_all_true(positive_finite)) return r;
  r = Select(wasm_f32x4_eq(v, Splat(0.0f)), Splat(-__builtin_inff()), r);
  r = Select(wasm_f32x4_eq(v, Splat(__builtin_inff())), v, r);
  return Select(wasm_f32x4_lt(v, Splat(0.0f)), Splat(__builtin_nanf("")), Select(wasm_f32x4_ne(v, v), v, r));
}

// exp(x) of four floats, clamped to [-110, 100] (exp's float result is 0 or inf beyond; NaN stays NaN),
// each half through ExpF64InRange, rounded once. Shared by the exp kernels.
inline v128_t ExpF32ViaF64(v128_t v) {
  v = wasm_f32x4_pmin(wasm_f32x4_pmax(v, Splat(-110.0f)), Splat(100.0f));
  return simd::ViaF64Halves(v, ExpF64InRange);
}

// erf(x) in float32 as x P(x^2) / Q(x^2), P and Q of degree 5 with positive coefficients (no cancellation
// in either Horner chain), fitted on [0, 3.92] by tools/fit-erf-rational.mjs; 1 from 3.92 on (1 - erfc(3.92)
// rounds to 1), sign applied last (erf(-0) = -0, +-inf give +-1, NaN stays NaN). At most 6.6 ULP from the
// exact erf over every 7th float in [2^-20, 3.92): the fit is within 0.16 ULP, the rest is the float32
// evaluation's roundings; the WPT allows 1/1024 absolute. 25 operations and a division per vector, where the
// piecewise polynomial it replaced (1.73 ULP; 7 terms on 4 intervals, each coefficient picked per lane by
// i8x16.swizzle, which V8 lowers to four x86 instructions) took about 60: 1M floats 1.64 -> 0.92 ms.
inline v128_t ErfRational(v128_t v) {
  static constexpr float kBound = 3.92f;
  static constexpr float kP[] = {1.12837911f,    0.190404266f,    0.0527484380f,
                                 0.00376552367f, 0.000284880807f, 0.00000205010701f};
  static constexpr float kQ[] = {1.0f,           0.502074122f,    0.114108205f,
                                 0.0149690313f,  0.00116251316f,  0.0000380918173f};
  const v128_t ax = wasm_f32x4_abs(v);
  const v128_t a = wasm_f32x4_pmin(ax, Splat(kBound));  // NaN stays NaN
  const v128_t u = wasm_f32x4_mul(a, a);
  v128_t p = Splat(kP[5]), q = Splat(kQ[5]);
#pragma clang loop unroll(full)
  for (size_t j = 5; j-- > 0;) {
    p = wasm_f32x4_add(Splat(kP[j]), wasm_f32x4_mul(p, u));
    q = wasm_f32x4_add(Splat(kQ[j]), wasm_f32x4_mul(q, u));
  }
  const v128_t r = wasm_f32x4_div(wasm_f32x4_mul(a, p), q);
  return CopySign(Select(wasm_f32x4_ge(ax, Splat(kBound)), Splat(1.0f), r), v);
}

// erfc(z) for z >= 0 (clamped to 10, where erfc underflows anyway), relative error ~1e-6 at most:
// Numerical Recipes' Chebyshev-fitted erfcc, t exp(-z^2 + P(t)) with t = 1 / (1 + z/2), the exponent passed
// as -zsq_hi + (P(t) - zsq_lo) so the rounding of z^2 (up to 1e-5 absolute near z = 10) does not enter it
// (one exp, where two were: gelu 1M 7.6 -> 6.2 ms), and t applied before the exponent's 2^n so a subnormal
// result is rounded once. zsq_hi must be exact and zsq_hi + zsq_lo = z^2 to within a rounding of zsq_lo.
template <bool kExact = true>
inline v128_t ErfcCore(v128_t z, v128_t zsq_hi, v128_t zsq_lo) {
  const v128_t t = wasm_f32x4_div(Splat(1.0f), wasm_f32x4_add(Splat(1.0f), wasm_f32x4_mul(Splat(0.5f), z)));
  static constexpr float kP[] = {0.17087277f, -0.82215223f, 1.48851587f, -1.13520398f, 0.27886807f,
                                 -0.18628806f, 0.09678418f, 0.37409196f, 1.00002368f,  -1.26551223f};
  v128_t p = Splat(kP[0]);
#pragma clang loop unroll(full)
  for (size_t i = 1; i < sizeof(kP) / sizeof(kP[0]); ++i) p = wasm_f32x4_add(Splat(kP[i]), wasm_f32x4_mul(p, t));
  return ExpNonPositiveF32Times<kExact>(wasm_f32x4_neg(zsq_hi), wasm_f32x4_sub(p, zsq_lo), t);
}

// Splits a non-negative v into hi (12 significant bits, so hi*hi is exact) and lo = v - hi.
inline void Split(v128_t v, v128_t* hi, v128_t* lo) {
  *hi = wasm_v128_and(v, wasm_i32x4_const_splat(static_cast<int32_t>(0xFFFFF000u)));
  *lo = wasm_f32x4_sub(v, *hi);
}

// sigmoid(x) as e / (1 + e) with e = exp(-|x|) (no overflow, no cancellation), reflected as 1 - that
// for x > 0. Shared by the sigmoid and swish kernels; kExact = false for |x| <= kSigmoidFastBound only.
constexpr float kSigmoidFastBound = 87.0f;
// The exact form keeps a tiny e (below 2^-26, subnormal ones among them) out of the division and the
// reflection: there e / (1 + e) rounds to e and 1 - e to 1, which it returns without reading e in a float
// operation (see MulPow2), bit for bit what the arithmetic gives; a vector whose e is tiny everywhere (a
// segmentation mask's background) takes no division.
template <bool kExact = true>
inline v128_t SigmoidF32(v128_t v) {
  const v128_t one = wasm_f32x4_const_splat(1.0f);
  const v128_t positive = wasm_f32x4_gt(v, wasm_f32x4_const_splat(0.0f));
  const v128_t e0 = ExpNonPositiveF32<kExact>(NegAbs(v));
  v128_t e = e0, tiny = wasm_i32x4_const_splat(0);
  if constexpr (kExact) {
    // As integers: 0 <= e (or NaN, whose bits are above the bound's), and a float compare may read a subnormal.
    tiny = wasm_i32x4_lt(e0, wasm_i32x4_const_splat(0x32800000));  // 2^-26
    if (wasm_i32x4_all_true(tiny)) return Select(positive, one, e0);
    e = wasm_v128_bitselect(one, e0, tiny);  // 1 in the tiny lanes: harmless
  }
  const v128_t f = wasm_f32x4_div(e, wasm_f32x4_add(one, e));
  const v128_t r = Select(positive, wasm_f32x4_sub(one, f), f);
  if constexpr (!kExact) return r;
  return Select(tiny, Select(positive, one, e0), r);
}

// SigmoidF32<true> for LoopGuarded's rare groups, where a segmentation mask's background lands (logits far
// below -87: 3.1 ns per element there against the fast form's 0.9): a vector below -104 everywhere is +0, as
// exp(-104) < 2^-150 rounds to it. (In the exact-only u4 and u8 loops the same test cost 50% of their time.)
inline v128_t SigmoidF32Rare(v128_t v) {
  if (wasm_i32x4_all_true(wasm_f32x4_lt(v, wasm_f32x4_const_splat(-104.0f)))) return wasm_f32x4_const_splat(0.0f);
  return SigmoidF32<true>(v);
}

// expm1(z) for z in [-18, 0] (and NaN): the exp reduction above, z = n ln2 + t, then
// expm1(z) = (2^n - 1) + 2^n (t + t^2 q(t)) with exp's own q. 2^n - 1 is exact down to n = -24 (below, the
// result is -1 to within its rounding anyway), and for |z| < ln2/2 (n = 0) it is t + t^2 q(t) alone, so
// the result keeps its relative accuracy near 0, where exp(z) - 1 would cancel.
inline v128_t Expm1NegativeSmall(v128_t z) {
  v128_t n;
  const v128_t biased = RoundTimesLog2e(z, &n);
  const v128_t p = Expm1Poly(ReduceByLn2<false>(z, n, z));
  const v128_t scale = wasm_i32x4_shl(biased, 23);  // 2^n, n in [-26, 0]
  return wasm_f32x4_add(wasm_f32x4_sub(scale, Splat(1.0f)), wasm_f32x4_mul(scale, p));
}

// tanh(x) = -e / (2 + e) with e = expm1(-2|x|), x's sign taken last (tanh(-0) = -0); |x| is clamped to 9,
// beyond which tanh rounds to 1, so exp's argument never leaves [-18, 0] and no subnormal check is
// needed. One expm1 and one division, where a Taylor branch for small |x|, an exp and a division were
// (1.89 ns per element, AMD EPYC). Shared by the tanh kernels.
inline v128_t TanhF32(v128_t v) {
  const v128_t ax = wasm_f32x4_pmin(wasm_f32x4_abs(v), Splat(9.0f));  // NaN stays NaN
  const v128_t e = Expm1NegativeSmall(wasm_f32x4_mul(Splat(-2.0f), ax));
  const v128_t r = wasm_f32x4_div(wasm_f32x4_neg(e), wasm_f32x4_add(Splat(2.0f), e));
  return CopySign(r, v);
}

// alpha x + beta of four floats in f64x2 halves, rounded once: alpha x is exact in double, so the result
// is the double sum rounded, as the scalar twins compute it. In float, alpha x rounded first lost up to half
// an ULP of the product, many ULP of a result that cancels (0.3 x + 0.2 near x = -2/3). alpha and beta are
// f64x2 splats.
inline v128_t AffineF64(v128_t v, v128_t alpha, v128_t beta) {
  return simd::ViaF64Halves(v, [&](v128_t d) { return wasm_f64x2_add(wasm_f64x2_mul(d, alpha), beta); });
}

// softplus(x) = max(x, 0) + log1p(e), e = exp(-|x|) in (0, 1] (no overflow, and no cancellation for x < 0):
// log1p(e) = 2 atanh(s) with s = e / (2 + e) <= 1/3, the atanh series in s^2 <= 1/9 to its eighth term
// (the next is below 2^-29), so the result keeps relative accuracy when e is tiny. +inf gives inf, -inf 0,
// NaN NaN. Shared by the softplus kernels; kExact = false for |x| <= kSoftplusFastBound only.
constexpr float kSoftplusFastBound = 87.0f;
template <bool kExact = true>
inline v128_t SoftplusF32(v128_t v) {
  const v128_t e = ExpNonPositiveF32<kExact>(NegAbs(v));
  const v128_t s = wasm_f32x4_div(e, wasm_f32x4_add(Splat(2.0f), e));
  const v128_t z = wasm_f32x4_mul(s, s);
  static constexpr float kC[] = {1.0f / 15, 1.0f / 13, 1.0f / 11, 1.0f / 9, 1.0f / 7, 1.0f / 5, 1.0f / 3, 1.0f};
  v128_t q = Splat(kC[0]);
#pragma clang loop unroll(full)
  for (size_t i = 1; i < sizeof(kC) / sizeof(kC[0]); ++i) q = wasm_f32x4_add(Splat(kC[i]), wasm_f32x4_mul(q, z));
  const v128_t log1p = wasm_f32x4_mul(wasm_f32x4_add(s, s), q);
  return wasm_f32x4_add(wasm_f32x4_pmax(v, Splat(0.0f)), log1p);
}

// sin(x) (kCos = false) or cos(x) (true) for |x| <= kSinCosFastBound: x = k pi/2 + r with r in [-pi/4, pi/4],
// k from the rounding constant (its low bits are the quadrant, as in RoundTimesLog2e) and pi/2 in three
// parts whose first two times k are exact up to the bound (Cephes' sinf split, doubled); sin r and cos r by
// Cephes' minimax polynomials; the quadrant picks one and its sign. About 1e-7 absolute where WPT allows
// 1/1024. +-inf and NaN give NaN. Beyond the bound the reduction loses bits: SinCosExact takes those.
constexpr float kSinCosFastBound = 8192.0f;
template <bool kCos>
inline v128_t SinCosF32(v128_t v) {
  const v128_t magic = Splat(12582912.0f);  // 1.5 * 2^23: k in the low significand bits
  const v128_t biased = wasm_f32x4_add(wasm_f32x4_mul(v, Splat(0.636619772367581343f)), magic);
  const v128_t k = wasm_f32x4_sub(biased, magic);
  v128_t r = wasm_f32x4_sub(v, wasm_f32x4_mul(k, Splat(1.5703125f)));
  r = wasm_f32x4_sub(r, wasm_f32x4_mul(k, Splat(4.837512969970703125e-4f)));
  r = wasm_f32x4_sub(r, wasm_f32x4_mul(k, Splat(7.54978995489188216e-8f)));
  const v128_t r2 = wasm_f32x4_mul(r, r);
  v128_t sp = Splat(-1.9515295891e-4f);
  sp = wasm_f32x4_add(Splat(8.3321608736e-3f), wasm_f32x4_mul(sp, r2));
  sp = wasm_f32x4_add(Splat(-1.6666654611e-1f), wasm_f32x4_mul(sp, r2));
  const v128_t sin_r = wasm_f32x4_add(r, wasm_f32x4_mul(wasm_f32x4_mul(r, r2), sp));
  v128_t cp = Splat(2.443315711809948e-5f);
  cp = wasm_f32x4_add(Splat(-1.388731625493765e-3f), wasm_f32x4_mul(cp, r2));
  cp = wasm_f32x4_add(Splat(4.166664568298827e-2f), wasm_f32x4_mul(cp, r2));
  const v128_t cos_r = wasm_f32x4_add(wasm_f32x4_sub(Splat(1.0f), wasm_f32x4_mul(Splat(0.5f), r2)),
                                      wasm_f32x4_mul(wasm_f32x4_mul(r2, r2), cp));
  // Quadrant q = k mod 4 (cos: k + 1): odd takes the other function, 2 and 3 the negative.
  v128_t q = biased;
  if constexpr (kCos) q = wasm_i32x4_add(q, wasm_i32x4_const_splat(1));
  const v128_t odd = wasm_i32x4_eq(wasm_v128_and(q, wasm_i32x4_const_splat(1)), wasm_i32x4_const_splat(1));
  const v128_t negate = wasm_i32x4_shl(wasm_v128_and(q, wasm_i32x4_const_splat(2)), 30);  // bit 1 -> sign bit
  return wasm_v128_xor(Select(odd, cos_r, sin_r), negate);
}

// sin or cos of each lane by the scalar twins' own math (elementwise_math.h, in double): the rare path for
// |x| beyond kSinCosFastBound (and NaN).
template <bool kCos>
inline v128_t SinCosExact(v128_t v) {
  alignas(16) float lanes[4];
  wasm_v128_store(lanes, v);
  for (float& x : lanes) x = static_cast<float>(UnaryMath<double>(kCos ? UnaryOp::kCos : UnaryOp::kSin, x, {}));
  return wasm_v128_load(lanes);
}

// elu(x) = x for x > 0, else alpha expm1(x): expm1's argument clamped to [-18, 0] (below -18 expm1 rounds to
// -1; NaN stays NaN), so Expm1NegativeSmall needs no subnormal check. Shared by the elu kernels.
inline v128_t EluF32(v128_t v, v128_t alpha) {
  const v128_t z = wasm_f32x4_pmin(wasm_f32x4_pmax(v, Splat(-18.0f)), Splat(0.0f));
  const v128_t e = wasm_f32x4_mul(alpha, Expm1NegativeSmall(z));
  return Select(wasm_f32x4_gt(v, Splat(0.0f)), v, e);
}

// gelu(x) = x Phi(x) = 0.5 x (1 + erf(x / sqrt(2))): 0.5 x (2 - erfc(z)) for x >= 0, 0.5 x erfc(|z|) below
// (no cancellation in the negative tail), with z^2 = x^2 / 2 split exactly for erfc's exponent (erfc's
// 1.2e-7 relative error keeps 2 - erfc within an ULP near 0 too: a Taylor erf there cost 20% and bought
// nothing, max 6 ULP either way); -0 for x < -15 (incl. -inf), where gelu underflows. Shared by the gelu
// kernels; kExact = false for |x| <= kGeluFastBound only (erfc's exponent -x^2/2 + P(t) >= -85.8 > -87).
constexpr float kGeluFastBound = 13.0f;
template <bool kExact = true>
inline v128_t GeluF32(v128_t v) {
  const v128_t half_x = wasm_f32x4_mul(Splat(0.5f), v);
  const v128_t ax = wasm_f32x4_pmin(wasm_f32x4_abs(v), Splat(14.5f));
  const v128_t z = wasm_f32x4_mul(ax, Splat(0.70710678118654752440f));
  v128_t xh, xl;
  Split(ax, &xh, &xl);
  const v128_t zsq_hi = wasm_f32x4_mul(Splat(0.5f), wasm_f32x4_mul(xh, xh));
  const v128_t zsq_lo = wasm_f32x4_mul(Splat(0.5f), wasm_f32x4_mul(xl, wasm_f32x4_add(ax, xh)));
  const v128_t erfc = ErfcCore<kExact>(z, zsq_hi, zsq_lo);
  const v128_t r = wasm_f32x4_mul(half_x, Select(wasm_f32x4_lt(v, Splat(0.0f)), erfc, wasm_f32x4_sub(Splat(2.0f), erfc)));
  return Select(wasm_f32x4_lt(v, Splat(-15.0f)), wasm_f32x4_const_splat(-0.0f), r);
}

}  // namespace webnn::kernels::vunary_impl
