// Internal helpers for the wasmsimd kernels: partial loads/stores for tails (so no kernel reads or
// writes past the end of a row) and the NaN-propagating clamp. Not part of the public kernel API.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>

// For a kernel's helpers that take its accumulators by pointer (arrays of v128_t): clang 14 at -O3 left
// gemm-impl.h's StoreBlock out of line, so the 4x8 tile's 8 accumulators lived in stack memory and every
// k step of the inner loop stored them back (8 v128.store per 4 k).
#define WEBNN_KERNEL_INLINE inline __attribute__((always_inline))

namespace webnn::kernels::simd {

// Loads n (1..3) floats into the low lanes, zeroing the rest; reads exactly n floats.
inline v128_t LoadTail(const float* p, size_t n) {
  if (n & 2) {
    v128_t v = wasm_v128_load64_zero(p);
    if (n & 1) v = wasm_v128_load32_lane(p + 2, v, 2);
    return v;
  }
  return wasm_v128_load32_zero(p);
}

// All ones in the low n (0..4) lanes, zeros above: which lanes of a LoadTail hold data.
inline v128_t TailMask(size_t n) {
  return wasm_u32x4_lt(wasm_u32x4_make(0, 1, 2, 3), wasm_u32x4_splat(static_cast<uint32_t>(n)));
}

// Stores the low n (1..3) lanes of v (4-byte elements: float or int32_t).
template <typename T>
inline void StoreTail(T* p, v128_t v, size_t n) {
  static_assert(sizeof(T) == 4);
  if (n & 2) {
    wasm_v128_store64_lane(p, v, 0);
    v = wasm_i64x2_shuffle(v, v, 1, 1);
    p += 2;
  }
  if (n & 1) wasm_v128_store32_lane(p, v, 0);
}

// y = min(max(y, lo), hi) keeping NaN: pmax(a, b) is `a < b ? b : a`, so a NaN `a` survives.
inline v128_t Clamp(v128_t y, v128_t lo, v128_t hi) {
  return wasm_f32x4_pmin(wasm_f32x4_pmax(y, lo), hi);
}

// acc + a * b. Plain SIMD rounds twice (mul, then add). The wasmrelaxedsimd kernels (kFma) use
// f32x4.relaxed_madd, which the engine may fuse (one rounding: x86 with FMA3, ARM) or not; either
// result is within the GEMM / conv tolerances (kernel tests, WPT), but not bit-identical to the scalar
// twins. Those kernels are compiled by clang 19 with -mrelaxed-simd (cmake/relaxed-simd.cmake).
template <bool kFma>
inline v128_t MulAdd(v128_t acc, v128_t a, v128_t b) {
  if constexpr (kFma) {
#if defined(__wasm_relaxed_simd__)
    return wasm_f32x4_relaxed_madd(a, b, acc);
#else
    static_assert(!kFma, "wasmrelaxedsimd kernels must be compiled with -mrelaxed-simd");
#endif
  } else {
    return wasm_f32x4_add(acc, wasm_f32x4_mul(a, b));
  }
}

// Floats through double: the low and the high two lanes of v as f64x2, and two f64x2 back as four floats
// (each rounded once), for the kernels that evaluate a formula in double and round its result once.
inline v128_t PromoteLow(v128_t v) { return wasm_f64x2_promote_low_f32x4(v); }
inline v128_t PromoteHigh(v128_t v) { return wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(v, v, 1, 1)); }
inline v128_t DemotePair(v128_t lo, v128_t hi) {
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
}
// f(x) for four floats through f64x2: each half promoted, f applied, the two demoted (rounded once) and
// put back together. For the operations held to the double formula rounded once.
template <typename F>
inline v128_t ViaF64Halves(v128_t v, F f) {
  return DemotePair(f(PromoteLow(v)), f(PromoteHigh(v)));
}

// Scalar twin of Clamp: NaN passes through.
inline float ClampScalar(float y, float lo, float hi) {
  y = y < lo ? lo : y;
  return hi < y ? hi : y;
}

template <typename T>
inline T* ByteOffset(T* p, size_t bytes) {
  return reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(p) + bytes);
}
template <typename T>
inline T* ByteOffsetBack(T* p, size_t bytes) {
  return reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(p) - bytes);
}

}  // namespace webnn::kernels::simd
