// conv2d through Winograd F(2x2, 3x3) (compiler/lower/conv_winograd.cc) against a double-precision direct
// convolution: odd and even output sizes (tiles past the last row or column), 'same', asymmetric and no
// padding, a batch of two, channel counts with every SIMD tail, bias or none, a fused clamp; two runs (the
// filter is transformed into the scratch at each). The error bound is relative to the sum of |products|
// (Winograd's transforms add and subtract before they multiply): within 2e-6 of it, where the IGEMM's is
// within ~1e-7.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/compiler_testutil.h"
#include "compiler/lower/conv_winograd.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

using testing::FloatBuffer;
using testing::Values;

struct Case {
  uint32_t n, h, w, c, o, pad_top, pad_bottom, pad_left, pad_right;
  bool bias, relu;
};

void CheckConv(const Case& t) {
  const uint32_t oh = t.h + t.pad_top + t.pad_bottom - 2, ow = t.w + t.pad_left + t.pad_right - 2;
  const std::vector<float> x = Values(size_t{t.n} * t.h * t.w * t.c, 1), f = Values(size_t{t.o} * 9 * t.c, 2);
  const std::vector<float> bias = Values(t.o, 3);
  Subgraph g;
  ValueId in = g.AddInput("x", DataType::kFloat32, {t.n, t.h, t.w, t.c});
  ValueId w = g.AddConstant(DataType::kFloat32, {t.o, 3, 3, t.c}, FloatBuffer(f));
  std::vector<ValueId> inputs{in, w};
  if (t.bias) inputs.push_back(g.AddConstant(DataType::kFloat32, {t.o}, FloatBuffer(bias)));
  ValueId y = g.AddValue(DataType::kFloat32, {t.n, oh, ow, t.o});
  Conv2dParams p;
  p.pad_top = t.pad_top;
  p.pad_bottom = t.pad_bottom;
  p.pad_left = t.pad_left;
  p.pad_right = t.pad_right;
  if (t.relu) p.clamp.min = 0.0f;
  ASSERT_TRUE(WinogradSuits(ConvGeometry{t.n, t.h, t.w, t.c, oh, ow, t.o, 3, 3, t.c, t.o, p})) << "not a Winograd case";
  g.AddNode(p, inputs, {y}, "conv");
  g.AddOutput("y", y);
  auto plan = Compile(g);
  ASSERT_TRUE(plan.ok());
  std::vector<float> out(size_t{t.n} * oh * ow * t.o);
  void* ins[] = {const_cast<float*>(x.data())};
  void* outs[] = {out.data()};
  for (int run = 0; run < 2; ++run) {
    std::fill(out.begin(), out.end(), NAN);
    (*plan)->Run(ins, outs, nullptr);
    for (uint32_t b = 0; b < t.n; ++b) {
      for (uint32_t oy = 0; oy < oh; ++oy) {
        for (uint32_t ox = 0; ox < ow; ++ox) {
          for (uint32_t oc = 0; oc < t.o; ++oc) {
            double sum = t.bias ? bias[oc] : 0.0, mag = std::fabs(sum);
            for (uint32_t ky = 0; ky < 3; ++ky) {
              for (uint32_t kx = 0; kx < 3; ++kx) {
                const int64_t iy = int64_t{oy} + ky - t.pad_top, ix = int64_t{ox} + kx - t.pad_left;
                if (iy < 0 || ix < 0 || iy >= t.h || ix >= t.w) continue;
                for (uint32_t ci = 0; ci < t.c; ++ci) {
                  const double prod = double{x[((size_t{b} * t.h + size_t(iy)) * t.w + size_t(ix)) * t.c + ci]} *
                                      f[((size_t{oc} * 3 + ky) * 3 + kx) * t.c + ci];
                  sum += prod;
                  mag += std::fabs(prod);
                }
              }
            }
            if (t.relu) sum = std::fmax(sum, 0.0);
            const float got = out[((size_t{b} * oh + oy) * ow + ox) * t.o + oc];
            ASSERT_NEAR(got, sum, 2e-6 * mag + 1e-30)
                << "run " << run << " image " << b << " pixel " << oy << "," << ox << " channel " << oc;
          }
        }
      }
    }
  }
}

TEST(ConvWinograd, MatchesTheDirectConvolution) {
  CheckConv({1, 12, 12, 8, 16, 1, 1, 1, 1, true, false});    // 'same' padding, even output
  CheckConv({1, 11, 13, 9, 17, 1, 1, 1, 1, true, true});     // odd outputs, channel tails, fused relu
  CheckConv({2, 10, 9, 16, 20, 0, 0, 0, 0, false, false});   // no padding, a batch of two, no bias
  CheckConv({1, 15, 14, 13, 37, 0, 2, 1, 0, true, false});   // asymmetric padding
  CheckConv({1, 30, 30, 24, 64, 1, 1, 1, 1, true, true});    // several tile blocks
}

TEST(ConvWinograd, OnlyWhereItPays) {
  ConvWindow p;
  const auto suits = [&](uint32_t c, uint32_t o, uint32_t h, uint32_t k) {
    return WinogradSuits(ConvGeometry{1, h, h, c, h - k + 1, h - k + 1, o, k, k, c, o, p});
  };
  EXPECT_TRUE(suits(16, 64, 56, 3));
  EXPECT_FALSE(suits(3, 64, 56, 3));   // an RGB input: too few channels for the transforms to pay
  EXPECT_FALSE(suits(16, 64, 56, 5));  // 5x5
  EXPECT_FALSE(suits(16, 64, 4, 3));   // one tile
  EXPECT_FALSE(suits(512, 512, 9, 3));  // 16 tiles do not pay back the transform of 512 x 512 filters
  EXPECT_TRUE(suits(512, 512, 16, 3));  // 49 tiles do
  EXPECT_TRUE(suits(256, 256, 10, 3));  // 16 tiles pay back 256 x 256
  p.stride_h = p.stride_w = 2;
  EXPECT_FALSE(suits(16, 64, 56, 3));
  p.stride_h = p.stride_w = 1;
  p.groups = 2;
  EXPECT_FALSE(WinogradSuits(ConvGeometry{1, 56, 56, 16, 54, 54, 64, 3, 3, 8, 32, p}));
  // The integer step: 8 output channels too; at most 900 input channels (no int32 sum wraps).
  p.groups = 1;
  const auto integer = [&](uint32_t c, uint32_t o) {
    return IntegerWinogradSuits(ConvGeometry{1, 56, 56, c, 54, 54, o, 3, 3, c, o, p});
  };
  EXPECT_FALSE(suits(8, 8, 56, 3));
  EXPECT_TRUE(integer(8, 8));
  EXPECT_FALSE(integer(8, 4));
  EXPECT_TRUE(integer(900, 16));
  EXPECT_FALSE(integer(901, 16));
}

}  // namespace
}  // namespace webnn::compiler
