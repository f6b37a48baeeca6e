// Shared bodies of the f32 vbinary kernels: one loop per broadcast kind, instantiated per operator
// by the kernel files. SIMD loops process 8 elements per iteration (u8), then 4, then a 1..3 tail
// with partial loads/stores: no over-read, no over-write. Scalar twins apply the same operator
// element by element and must match bit for bit (the operators are IEEE single operations).
#pragma once

#include <wasm_simd128.h>

#include <cmath>
#include <cstddef>

#include "kernels/elementwise_math.h"
#include "kernels/params.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::vbinary_impl {

// The scalar twins evaluate the shared math (in double, rounded once: for +, -, *, / that is the IEEE
// single-precision result, so SIMD and scalar agree bit for bit).
inline float Of(BinaryOp op, float a, float b) { return static_cast<float>(BinaryArith<double>(op, a, b)); }

struct Add {
  static v128_t Simd(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static float Scalar(float a, float b) { return Of(BinaryOp::kAdd, a, b); }
};
struct Sub {
  static v128_t Simd(v128_t a, v128_t b) { return wasm_f32x4_sub(a, b); }
  static float Scalar(float a, float b) { return Of(BinaryOp::kSub, a, b); }
};
struct Mul {
  static v128_t Simd(v128_t a, v128_t b) { return wasm_f32x4_mul(a, b); }
  static float Scalar(float a, float b) { return Of(BinaryOp::kMul, a, b); }
};
struct Div {
  static v128_t Simd(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
  static float Scalar(float a, float b) { return Of(BinaryOp::kDiv, a, b); }
};
// f32x4.max/min: NaN if either is NaN; +0 > -0.
struct Max {
  static v128_t Simd(v128_t a, v128_t b) { return wasm_f32x4_max(a, b); }
  static float Scalar(float a, float b) { return Of(BinaryOp::kMax, a, b); }
};
struct Min {
  static v128_t Simd(v128_t a, v128_t b) { return wasm_f32x4_min(a, b); }
  static float Scalar(float a, float b) { return Of(BinaryOp::kMin, a, b); }
};
// Double-precision pow rounded once: exact for the WPT cases (0 ULP tolerance).
struct Pow {
  static float Scalar(float a, float b) { return Of(BinaryOp::kPow, a, b); }
};

// kSwap: y = b OP a (the "rc" kernels: b is the scalar).
template <typename Op, bool kScalarB, bool kSwap>
inline void Wasmsimd(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
  const v128_t vbc = kScalarB ? wasm_v128_load32_splat(b) : wasm_f32x4_splat(0.0f);
  auto apply = [&](v128_t va, v128_t vb) {
    return simd::Clamp(kSwap ? Op::Simd(vb, va) : Op::Simd(va, vb), vmin, vmax);
  };
  for (; n >= 8; n -= 8) {
    const v128_t va0 = wasm_v128_load(a);
    const v128_t va1 = wasm_v128_load(a + 4);
    a += 8;
    v128_t vb0 = vbc, vb1 = vbc;
    if constexpr (!kScalarB) {
      vb0 = wasm_v128_load(b);
      vb1 = wasm_v128_load(b + 4);
      b += 8;
    }
    const v128_t vy0 = apply(va0, vb0);
    const v128_t vy1 = apply(va1, vb1);
    wasm_v128_store(y, vy0);
    wasm_v128_store(y + 4, vy1);
    y += 8;
  }
  if (n >= 4) {
    const v128_t va = wasm_v128_load(a);
    a += 4;
    v128_t vb = vbc;
    if constexpr (!kScalarB) {
      vb = wasm_v128_load(b);
      b += 4;
    }
    wasm_v128_store(y, apply(va, vb));
    y += 4;
    n -= 4;
  }
  if (n != 0) {
    const v128_t va = simd::LoadTail(a, n);
    const v128_t vb = kScalarB ? vbc : simd::LoadTail(b, n);
    simd::StoreTail(y, apply(va, vb), n);
  }
}

template <typename Op, bool kScalarB, bool kSwap>
inline void Scalar(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params) {
  const float lo = params->min, hi = params->max;
  for (size_t i = 0; i < n; ++i) {
    const float vb = kScalarB ? b[0] : b[i];
    const float r = kSwap ? Op::Scalar(vb, a[i]) : Op::Scalar(a[i], vb);
    y[i] = simd::ClampScalar(r, lo, hi);
  }
}

}  // namespace webnn::kernels::vbinary_impl
