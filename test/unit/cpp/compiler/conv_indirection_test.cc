// Large convolutions build their indirection per band of output pixels in each run instead of keeping a
// table as large as their activations (compiler/lower/conv.cc, kMaxKeptIndirection): the banded IGEMM
// and depthwise paths must give what the kept table gives, which is checked here against a double
// reference, with padding, strides, dilation, groups and a last band shorter than the others.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/compiler_testutil.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

using testing::FloatBuffer;
using testing::Values;

struct Case {
  uint32_t h, w, c, o, k, groups, stride, dilation, pad;
};

void CheckConv(const Case& t) {
  const uint32_t oh = (t.h + 2 * t.pad - t.dilation * (t.k - 1) - 1) / t.stride + 1;
  const uint32_t ow = (t.w + 2 * t.pad - t.dilation * (t.k - 1) - 1) / t.stride + 1;
  const uint32_t cg = t.c / t.groups, og = t.o / t.groups;
  ASSERT_GT(uint64_t{oh} * ow * t.k * t.k, uint64_t{1} << 20) << "not large enough to be banded";
  const std::vector<float> x = Values(size_t{t.h} * t.w * t.c, 1), f = Values(size_t{t.o} * t.k * t.k * cg, 2);
  const std::vector<float> bias = Values(t.o, 3);
  Subgraph g;
  ValueId in = g.AddInput("x", DataType::kFloat32, {1, t.h, t.w, t.c});
  ValueId w = g.AddConstant(DataType::kFloat32, {t.o, t.k, t.k, cg}, FloatBuffer(f));
  ValueId b = g.AddConstant(DataType::kFloat32, {t.o}, FloatBuffer(bias));
  ValueId y = g.AddValue(DataType::kFloat32, {1, oh, ow, t.o});
  Conv2dParams p;
  p.pad_top = p.pad_bottom = p.pad_left = p.pad_right = t.pad;
  p.stride_h = p.stride_w = t.stride;
  p.dilation_h = p.dilation_w = t.dilation;
  p.groups = t.groups;
  g.AddNode(p, {in, w, b}, {y}, "conv");
  g.AddOutput("y", y);
  auto plan = Compile(g);
  ASSERT_TRUE(plan.ok());
  std::vector<float> out(size_t{oh} * ow * t.o);
  void* inputs[] = {const_cast<float*>(x.data())};
  void* outputs[] = {out.data()};
  for (int run = 0; run < 2; ++run) {  // a second run rebuilds the bands the same way
    std::fill(out.begin(), out.end(), NAN);
    (*plan)->Run(inputs, outputs, nullptr);
    for (uint32_t oy = 0; oy < oh; ++oy) {
      for (uint32_t ox = 0; ox < ow; ++ox) {
        for (uint32_t oc = 0; oc < t.o; ++oc) {
          const uint32_t grp = oc / og;
          double sum = bias[oc];
          for (uint32_t ky = 0; ky < t.k; ++ky) {
            for (uint32_t kx = 0; kx < t.k; ++kx) {
              const int64_t iy = int64_t{oy} * t.stride + int64_t{ky} * t.dilation - t.pad;
              const int64_t ix = int64_t{ox} * t.stride + int64_t{kx} * t.dilation - t.pad;
              if (iy < 0 || ix < 0 || iy >= t.h || ix >= t.w) continue;
              for (uint32_t ci = 0; ci < cg; ++ci) {
                sum += double{x[(size_t(iy) * t.w + size_t(ix)) * t.c + grp * cg + ci]} *
                       f[((size_t{oc} * t.k + ky) * t.k + kx) * cg + ci];
              }
            }
          }
          const float got = out[(size_t{oy} * ow + ox) * t.o + oc];
          ASSERT_NEAR(got, sum, 1e-5 * (1 + std::fabs(sum))) << "run " << run << " pixel " << oy << "," << ox << " channel " << oc;
        }
      }
    }
  }
}

TEST(ConvIndirection, BandedIgemmMatchesTheReference) {
  CheckConv({350, 349, 3, 5, 3, 1, 1, 1, 1});   // 'same' padding, a last band shorter than the others
  CheckConv({701, 700, 2, 4, 3, 1, 2, 2, 2});   // stride 2, dilation 2
  CheckConv({350, 351, 4, 6, 3, 2, 1, 1, 1});   // two groups
}

TEST(ConvIndirection, BandedDepthwiseMatchesTheReference) {
  CheckConv({350, 349, 4, 4, 3, 4, 1, 1, 1});
  CheckConv({701, 700, 3, 3, 3, 3, 2, 1, 1});
}

}  // namespace
}  // namespace webnn::compiler
