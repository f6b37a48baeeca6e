// f32 vunary kernels stamped from f32-vunary.inc: every kernel against a double-precision reference
// with the WPT tolerance of its op (ULP, or absolute for erf/sin/cos/tan), SIMD against its scalar
// twin, n = 1..33 (tails), in place, dense sweeps over each op's interesting range, and
// 0, -0, ±inf, NaN.
#include "kernels/vunary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;
using testing::UlpDistance;

struct VUnaryKernel {
  UnaryOp op;
  const char* name;
  F32VUnaryFn fn;
};
#define WEBNN_F32_VUNARY_UKERNEL(op, name) VUnaryKernel{UnaryOp::op, #name, name},
const VUnaryKernel kKernels[] = {
#include "kernels/f32-vunary/f32-vunary.inc"
};
#undef WEBNN_F32_VUNARY_UKERNEL

const UnaryParams kParams{-0.75f, 1.5f, 0.3f, 0.2f};

// Double-precision reference (the spec formulas).
double Reference(UnaryOp op, double x) {
  const UnaryParams& p = kParams;
  switch (op) {
    case UnaryOp::kRelu: return std::isnan(x) ? x : (x < 0 ? 0.0 : x);
    case UnaryOp::kClamp: return std::isnan(x) ? x : std::min<double>(std::max<double>(x, p.min), p.max);
    case UnaryOp::kSigmoid: return 1.0 / (1.0 + std::exp(-x));
    case UnaryOp::kTanh: return std::tanh(x);
    case UnaryOp::kErf: return std::erf(x);
    case UnaryOp::kGelu: return x == -INFINITY ? -0.0 : 0.5 * x * std::erfc(-x / std::sqrt(2.0));
    case UnaryOp::kSqrt: return std::sqrt(x);
    case UnaryOp::kExp: return std::exp(x);
    case UnaryOp::kAbs: return std::fabs(x);
    case UnaryOp::kNeg: return -x;
    case UnaryOp::kLog: return std::log(x);
    case UnaryOp::kCeil: return std::ceil(x);
    case UnaryOp::kFloor: return std::floor(x);
    case UnaryOp::kReciprocal: return 1.0 / x;
    case UnaryOp::kSin: return std::sin(x);
    case UnaryOp::kCos: return std::cos(x);
    case UnaryOp::kTan: return std::tan(x);
    case UnaryOp::kElu: return x > 0 ? x : p.alpha * std::expm1(x);
    case UnaryOp::kLeakyRelu: return x >= 0 ? x : p.alpha * x;
    case UnaryOp::kHardSigmoid: return std::isnan(x) ? x : std::max(0.0, std::min(1.0, p.alpha * x + p.beta));
    case UnaryOp::kHardSwish: return std::isnan(x) ? x : x * std::max(0.0, std::min(6.0, x + 3.0)) / 6.0;
    case UnaryOp::kSoftplus: return x > 30 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
    case UnaryOp::kSoftsign: return std::isinf(x) ? (x > 0 ? 1.0 : -1.0) : x / (1.0 + std::fabs(x));
    case UnaryOp::kLinear: return p.alpha * x + p.beta;
    case UnaryOp::kSign: return std::isnan(x) ? x : x > 0 ? 1.0 : x < 0 ? -1.0 : x;
    case UnaryOp::kRoundEven: return std::nearbyint(x);
  }
  return NAN;
}

struct Tolerance {
  bool absolute;
  double value;
};
// WPT float32 tolerances (conformance/<op>.json); erf, sin, cos, tan are absolute there (1/1024) — we
// hold erf to 1e-6.
Tolerance ToleranceFor(UnaryOp op) {
  switch (op) {
    case UnaryOp::kSigmoid: return {false, 34};
    case UnaryOp::kTanh: return {false, 16};
    case UnaryOp::kGelu: return {false, 18};
    case UnaryOp::kErf: return {true, 1e-6};
    case UnaryOp::kSin:
    case UnaryOp::kCos:
    case UnaryOp::kTan: return {true, 1.0 / 1024};
    case UnaryOp::kElu:
    case UnaryOp::kSoftplus: return {false, 18};
    case UnaryOp::kReciprocal:
    case UnaryOp::kHardSigmoid:
    case UnaryOp::kLinear: return {false, 2};
    case UnaryOp::kHardSwish: return {false, 4};
    case UnaryOp::kSoftsign: return {false, 3};
    case UnaryOp::kLeakyRelu: return {false, 1};
    default: return {false, 0};
  }
}

// Largest error seen per kernel, for the report.
void CheckValues(const VUnaryKernel& k, const std::vector<float>& x, int64_t* max_ulp = nullptr) {
  const size_t n = x.size();
  std::vector<float> y(n + 1, 555.0f);
  k.fn(n, x.data(), y.data(), &kParams);
  ASSERT_EQ(y[n], 555.0f) << k.name << " wrote past n=" << n;
  std::vector<float> in_place = x;
  k.fn(n, in_place.data(), in_place.data(), &kParams);
  std::vector<float> twin(n);
  GetF32VUnaryScalar(k.op)(n, x.data(), twin.data(), &kParams);
  const Tolerance tol = ToleranceFor(k.op);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(testing::SameBits(y[i], in_place[i])) << k.name << " in place differs at x=" << x[i];
    const double ref = Reference(k.op, x[i]);
    const float reff = static_cast<float>(ref);
    if (std::isnan(ref) || std::isinf(reff) || std::isnan(y[i])) {
      ASSERT_TRUE(testing::SameBits(y[i], reff) || (std::isnan(y[i]) && std::isnan(reff)))
          << k.name << " x=" << x[i] << " got " << y[i] << " want " << reff;
      continue;
    }
    if (tol.absolute) {
      ASSERT_LE(std::fabs(y[i] - ref), tol.value) << k.name << " x=" << x[i] << " got " << y[i] << " want " << ref;
    } else {
      int64_t d = UlpDistance(y[i], reff);
      if (max_ulp) *max_ulp = std::max(*max_ulp, d);
      ASSERT_LE(d, static_cast<int64_t>(tol.value))
          << k.name << " x=" << x[i] << " got " << y[i] << " want " << reff;
    }
    // SIMD vs its scalar twin: both within tolerance of the reference, so within twice of each other.
    if (!tol.absolute) {
      ASSERT_LE(UlpDistance(y[i], twin[i]), 2 * static_cast<int64_t>(tol.value)) << k.name << " vs twin at x=" << x[i];
    }
  }
}

TEST(F32VUnary, TablesCoverEveryOp) {
  for (size_t i = 0; i < kUnaryOpCount; ++i) {
    EXPECT_NE(GetF32VUnary(static_cast<UnaryOp>(i)), nullptr) << i;
    EXPECT_NE(GetF32VUnaryScalar(static_cast<UnaryOp>(i)), nullptr) << i;
  }
  EXPECT_EQ(GetF32VUnary(UnaryOp::kTanh), f32_vtanh_ukernel__wasmsimd_u4);
  EXPECT_EQ(GetF32VUnary(UnaryOp::kRelu), f32_vrelu_ukernel__wasmsimd_u8);
  EXPECT_EQ(GetF32VUnary(UnaryOp::kLog), f32_vlog_ukernel__scalar);
  EXPECT_EQ(GetF32VUnaryScalar(UnaryOp::kTanh), f32_vtanh_ukernel__scalar);
}

TEST(F32VUnary, TailsAndInPlace) {
  Rng rng(11);
  for (const VUnaryKernel& k : kKernels) {
    for (size_t n = 1; n <= 33; ++n) {
      CheckValues(k, rng.Vector(n, -5.0f, 5.0f));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(F32VUnary, SpecialValues) {
  for (const VUnaryKernel& k : kKernels) {
    CheckValues(k, testing::SpecialValues());
    if (::testing::Test::HasFatalFailure()) return;
  }
  // Spot checks of the documented limits on the dispatched kernels.
  auto run = [](UnaryOp op, float v) {
    float y;
    GetF32VUnary(op)(1, &v, &y, &kParams);
    return y;
  };
  EXPECT_EQ(run(UnaryOp::kSigmoid, -INFINITY), 0.0f);
  EXPECT_EQ(run(UnaryOp::kSigmoid, INFINITY), 1.0f);
  EXPECT_EQ(run(UnaryOp::kTanh, INFINITY), 1.0f);
  EXPECT_EQ(run(UnaryOp::kTanh, -INFINITY), -1.0f);
  EXPECT_EQ(run(UnaryOp::kExp, -INFINITY), 0.0f);
  EXPECT_EQ(run(UnaryOp::kExp, 89.0f), INFINITY);
  EXPECT_EQ(run(UnaryOp::kExp, 1000.0f), INFINITY);
  EXPECT_EQ(run(UnaryOp::kErf, -INFINITY), -1.0f);
  EXPECT_EQ(run(UnaryOp::kGelu, INFINITY), INFINITY);
  EXPECT_EQ(run(UnaryOp::kGelu, -INFINITY), 0.0f);
  EXPECT_TRUE(std::signbit(run(UnaryOp::kTanh, -0.0f)));
  EXPECT_TRUE(std::signbit(run(UnaryOp::kRelu, -0.0f)) || run(UnaryOp::kRelu, -0.0f) == 0.0f);
  for (size_t i = 0; i < kUnaryOpCount; ++i) {
    EXPECT_TRUE(std::isnan(run(static_cast<UnaryOp>(i), NAN))) << "op " << i;
  }
}

// Dense sweeps over the ranges where the approximations switch branches or lose accuracy.
TEST(F32VUnary, Sweeps) {
  struct Range {
    UnaryOp op;
    float lo, hi;
  } ranges[] = {
      {UnaryOp::kExp, -103.5f, 88.7f},   {UnaryOp::kExp, -1.0f, 1.0f},     {UnaryOp::kSigmoid, -90.0f, 30.0f},
      {UnaryOp::kSigmoid, -6.0f, 6.0f},  {UnaryOp::kTanh, -10.0f, 10.0f},  {UnaryOp::kTanh, -0.7f, 0.7f},
      {UnaryOp::kErf, -5.0f, 5.0f},      {UnaryOp::kErf, -0.6f, 0.6f},     {UnaryOp::kGelu, -14.0f, 10.0f},
      {UnaryOp::kGelu, -1.0f, 1.0f},     {UnaryOp::kSqrt, 0.0f, 1e6f},     {UnaryOp::kElu, -10.0f, 10.0f},
      {UnaryOp::kSoftplus, -20.0f, 20.0f}, {UnaryOp::kLog, 1e-6f, 1e6f},   {UnaryOp::kHardSwish, -4.0f, 4.0f},
  };
  for (const VUnaryKernel& k : kKernels) {
    int64_t max_ulp = 0;
    bool swept = false;
    for (const Range& r : ranges) {
      if (r.op != k.op) continue;
      swept = true;
      const size_t n = 20001;
      std::vector<float> x(n);
      for (size_t i = 0; i < n; ++i) x[i] = r.lo + (r.hi - r.lo) * static_cast<float>(i) / (n - 1);
      CheckValues(k, x, &max_ulp);
      if (::testing::Test::HasFatalFailure()) return;
    }
    if (swept) RecordProperty(std::string(k.name) + "_max_ulp", std::to_string(max_ulp));
    if (swept && std::string(k.name).find("wasmsimd") != std::string::npos) {
      printf("  %-36s max %lld ULP\n", k.name, static_cast<long long>(max_ulp));
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
