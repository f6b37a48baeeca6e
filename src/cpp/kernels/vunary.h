// Elementwise unary f32 kernels on contiguous arrays: y[i] = f(x[i]) for i < n (n >= 1).
//
// x and y need 4-byte alignment only and may be the same array (in place). No kernel reads or
// writes past n elements: SIMD kernels handle the 1..3 tail with partial loads/stores.
// NaN inputs give NaN for every op except sign (NaN) — i.e. NaN always propagates. relu(-0) = -0.
//
// SIMD (wasmsimd) kernels: relu, clamp, abs, neg, sqrt (exact), exp (evaluated in f64x2 and rounded
// once: WPT wants 0 ULP), sigmoid, tanh, erf, gelu (f32 polynomial/rational approximations). All other
// ops are scalar (double-precision libm rounded once). Every SIMD kernel has a __scalar twin; the
// twins are double-precision references, so SIMD and scalar agree within the bounds in the tests
// (sigmoid <= 34 ULP, tanh <= 16 ULP, gelu <= 18 ULP, erf <= 1 ULP, exp/sqrt/abs/neg/relu/
// clamp exact).
// Special values: sigmoid(±inf) = 1/0, tanh(±inf) = ±1, exp(-inf) = 0, exp(x > 88.73) = inf,
// erf(±inf) = ±1, gelu(+inf) = +inf, gelu(-inf) = -0 (the limit; x*Phi(x) in double would be NaN).
#pragma once

#include <cstddef>

#include "kernels/elementwise_math.h"

namespace webnn::kernels {


// min/max: clamp bounds. alpha/beta: elu(alpha), leakyRelu(alpha), hardSigmoid(alpha, beta),
// linear(alpha, beta): y = alpha * x + beta. Unused fields are ignored.
struct UnaryParams {
  float min = -__builtin_inff();
  float max = __builtin_inff();
  float alpha = 0.0f;
  float beta = 0.0f;
};

using F32VUnaryFn = void (*)(size_t n, const float* x, float* y, const UnaryParams* params);

// Best kernel for op (SIMD where one exists); never null.
F32VUnaryFn GetF32VUnary(UnaryOp op);
// The scalar twin / reference for op; never null.
F32VUnaryFn GetF32VUnaryScalar(UnaryOp op);

// The SIMD kernels (f32-vunary.inc) and one scalar kernel per operation (unary_ops.def), which
// evaluates UnaryMath in double and rounds once.
#define WEBNN_F32_VUNARY_UKERNEL(op, name) void name(size_t n, const float* x, float* y, const UnaryParams* params);
#include "kernels/f32-vunary/f32-vunary.inc"
#undef WEBNN_F32_VUNARY_UKERNEL
#define WEBNN_UNARY_OP(op, name) \
  void f32_v##name##_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params);
#include "kernels/unary_ops.def"
#undef WEBNN_UNARY_OP

}  // namespace webnn::kernels
