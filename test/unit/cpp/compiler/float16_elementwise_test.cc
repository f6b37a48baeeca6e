// float16 elementwise steps that run through the float32 kernels (compiler/lower/elementwise.cc): their
// results must be the double path's, the exact result rounded once to float16, for every half: add, sub,
// mul, div, max and min over all 65536 halves against pseudo-random partners, as vectors and against a
// scalar; every unary op without parameters likewise (they read their results from a table of all 65536).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "base/float16.h"
#include "compiler/compiler.h"
#include "kernels/elementwise_math.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

constexpr uint32_t kN = 65536;

std::vector<uint16_t> AllHalves() {
  std::vector<uint16_t> h(kN);
  for (uint32_t i = 0; i < kN; ++i) h[i] = static_cast<uint16_t>(i);
  return h;
}

std::vector<uint16_t> Partners() {
  std::vector<uint16_t> h(kN);
  uint32_t s = 12345;
  for (uint32_t i = 0; i < kN; ++i) {
    s = s * 1664525u + 1013904223u;
    h[i] = static_cast<uint16_t>(s >> 16);
  }
  return h;
}

bool SameHalf(uint16_t got, uint16_t want) {
  const bool got_nan = (got & 0x7FFF) > 0x7C00, want_nan = (want & 0x7FFF) > 0x7C00;
  return got_nan || want_nan ? got_nan == want_nan : got == want;
}

uint16_t Reference(double r) { return Half::FromDouble(r).bits; }

TEST(Float16Elementwise, BinaryArithmeticIsTheDoubleResultRoundedOnce) {
  const std::vector<uint16_t> a = AllHalves(), b = Partners();
  for (BinaryOp op : {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul, BinaryOp::kDiv, BinaryOp::kMax, BinaryOp::kMin}) {
    for (bool scalar_b : {false, true}) {
      Subgraph g;
      ValueId x = g.AddInput("a", DataType::kFloat16, {kN});
      ValueId w = g.AddInput("b", DataType::kFloat16, {scalar_b ? 1u : kN});
      ValueId y = g.AddValue(DataType::kFloat16, {kN});
      g.AddNode(BinaryParams{op, {}}, {x, w}, {y}, "op");
      g.AddOutput("y", y);
      auto plan = Compile(g);
      ASSERT_TRUE(plan.ok());
      std::vector<uint16_t> out(kN);
      const void* bdata = scalar_b ? static_cast<const void*>(&b[7]) : b.data();
      void* inputs[] = {const_cast<uint16_t*>(a.data()), const_cast<void*>(bdata)};
      void* outputs[] = {out.data()};
      (*plan)->Run(inputs, outputs, nullptr);
      for (uint32_t i = 0; i < kN; ++i) {
        const uint16_t bv = scalar_b ? b[7] : b[i];
        const double r = kernels::BinaryArith<double>(op, Float16ToFloat32(a[i]), Float16ToFloat32(bv));
        ASSERT_TRUE(SameHalf(out[i], Reference(r)))
            << "op " << static_cast<int>(op) << " a=0x" << std::hex << a[i] << " b=0x" << bv << " got 0x" << out[i];
      }
    }
  }
}

TEST(Float16Elementwise, UnaryOpsWithoutParametersAreTheDoubleResultRoundedOnce) {
  const std::vector<uint16_t> a = AllHalves();
  for (UnaryOp op : {UnaryOp::kRelu, UnaryOp::kAbs, UnaryOp::kNeg, UnaryOp::kSqrt, UnaryOp::kReciprocal, UnaryOp::kCeil,
                     UnaryOp::kFloor, UnaryOp::kRoundEven, UnaryOp::kSign, UnaryOp::kExp, UnaryOp::kLog, UnaryOp::kTan,
                     UnaryOp::kIdentity, UnaryOp::kSigmoid, UnaryOp::kTanh, UnaryOp::kErf, UnaryOp::kGelu, UnaryOp::kSin,
                     UnaryOp::kCos, UnaryOp::kSoftplus, UnaryOp::kSoftsign, UnaryOp::kHardSwish, UnaryOp::kSwish}) {
    Subgraph g;
    ValueId x = g.AddInput("a", DataType::kFloat16, {kN});
    ValueId y = g.AddValue(DataType::kFloat16, {kN});
    g.AddNode(UnaryParams{op}, {x}, {y}, "op");
    g.AddOutput("y", y);
    auto plan = Compile(g);
    ASSERT_TRUE(plan.ok());
    std::vector<uint16_t> out(kN);
    void* inputs[] = {const_cast<uint16_t*>(a.data())};
    void* outputs[] = {out.data()};
    (*plan)->Run(inputs, outputs, nullptr);
    for (uint32_t i = 0; i < kN; ++i) {
      const double r = kernels::UnaryMath<double>(op, Float16ToFloat32(a[i]), kernels::UnaryMathParams{});
      ASSERT_TRUE(SameHalf(out[i], Reference(r))) << "op " << static_cast<int>(op) << " a=0x" << std::hex << a[i]
                                                  << " got 0x" << out[i] << " want 0x" << Reference(r);
    }
  }
}

}  // namespace
}  // namespace webnn::compiler
