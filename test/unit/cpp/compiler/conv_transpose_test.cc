// convTranspose2d (compiler/lower/conv_transpose.cc) against a scatter in double: the pixel-shuffle form (the
// kernel tiles the output: stride = kernel size, no padding) with and without bias, with a fused clamp, on
// one image and two, and geometries just outside that form (overlap, padding, output padding, groups) on
// col2im. Each result within float32 rounding of the double sum (K products and a bias), and the form each
// took checked by its step's name.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

std::shared_ptr<runtime::Buffer> FloatBuffer(const std::vector<float>& v) {
  auto buffer = runtime::Buffer::Allocate(v.size() * sizeof(float));
  EXPECT_TRUE(buffer.ok());
  std::memcpy((*buffer)->data(), v.data(), v.size() * sizeof(float));
  return *buffer;
}

std::vector<float> Wave(size_t n, float scale, float phase) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = std::sin(static_cast<float>(i) * 0.7f + phase) * scale;
  return v;
}

struct Case {
  uint32_t n, ih, iw, cin, kh, kw, cout;
  uint32_t stride, pad, out_pad, groups;
  bool bias, clamp;
  const char* step;
};

TEST(ConvTranspose2d, MatchesScatterInDouble) {
  const std::vector<Case> cases = {
      {1, 16, 12, 16, 2, 2, 1, 2, 0, 0, 1, true, false, "convTranspose2d/gemm+shuffle"},   // a segmentation head
      {2, 5, 7, 3, 2, 2, 5, 2, 0, 0, 1, true, true, "convTranspose2d/gemm+shuffle"},
      {1, 4, 6, 8, 3, 3, 16, 3, 0, 0, 1, false, false, "convTranspose2d/gemm+shuffle"},
      {1, 6, 5, 4, 1, 1, 3, 1, 0, 0, 1, true, true, "convTranspose2d/gemm+shuffle"},
      {1, 5, 5, 4, 3, 3, 2, 2, 0, 0, 1, true, false, "convTranspose2d/gemm+col2im"},      // overlapping taps
      {1, 5, 5, 4, 2, 2, 2, 2, 1, 0, 1, true, false, "convTranspose2d/gemm+col2im"},      // padding
      {1, 5, 5, 4, 2, 2, 2, 2, 0, 1, 1, true, true, "convTranspose2d/gemm+col2im"},       // output padding
      {1, 5, 5, 4, 2, 2, 4, 2, 0, 0, 2, true, false, "convTranspose2d/gemm+col2im"},      // groups
  };
  for (const Case& c : cases) {
    const uint32_t oh = (c.ih - 1) * c.stride + c.kh - 2 * c.pad + c.out_pad;
    const uint32_t ow = (c.iw - 1) * c.stride + c.kw - 2 * c.pad + c.out_pad;
    const uint32_t cig = c.cin / c.groups, og = c.cout / c.groups;
    const std::vector<float> x = Wave(size_t{c.n} * c.ih * c.iw * c.cin, 1.5f, 0.1f);
    const std::vector<float> w = Wave(size_t{c.cin} * c.kh * c.kw * og, 0.8f, 0.3f);  // [Cin][KH][KW][Cout/groups]
    const std::vector<float> b = Wave(c.cout, 0.5f, 0.9f);
    Subgraph g;
    ValueId xv = g.AddInput("x", DataType::kFloat32, {c.n, c.ih, c.iw, c.cin});
    std::vector<ValueId> ins = {xv, g.AddConstant(DataType::kFloat32, {c.cin, c.kh, c.kw, og}, FloatBuffer(w))};
    if (c.bias) ins.push_back(g.AddConstant(DataType::kFloat32, {c.cout}, FloatBuffer(b)));
    ValueId yv = g.AddValue(DataType::kFloat32, {c.n, oh, ow, c.cout});
    ConvTranspose2dParams p;
    p.stride_h = p.stride_w = c.stride;
    p.pad_top = p.pad_left = p.pad_bottom = p.pad_right = c.pad;
    p.groups = c.groups;
    if (c.clamp) p.clamp = MinMax{-0.75f, 1.25f};
    g.AddNode(p, ins, {yv}, "convTranspose");
    g.AddOutput("y", yv);
    auto plan = Compile(g);
    ASSERT_TRUE(plan.ok());
    ASSERT_EQ((*plan)->steps.size(), 1u);
    EXPECT_STREQ((*plan)->steps[0]->name(), c.step) << "case ih " << c.ih << " k " << c.kh << " stride " << c.stride;
    std::vector<float> y(size_t{c.n} * oh * ow * c.cout);
    void* inputs[] = {const_cast<float*>(x.data())};
    void* outputs[] = {y.data()};
    (*plan)->Run(inputs, outputs, nullptr);
    // The scatter: every (input pixel, tap) adds its products to the output pixel it lands on.
    std::vector<double> want(y.size(), 0.0), bound(y.size(), 0.0);
    for (uint32_t n = 0; n < c.n; ++n)
      for (uint32_t iy = 0; iy < c.ih; ++iy)
        for (uint32_t ix = 0; ix < c.iw; ++ix)
          for (uint32_t ky = 0; ky < c.kh; ++ky)
            for (uint32_t kx = 0; kx < c.kw; ++kx) {
              const int64_t oy = int64_t{iy} * c.stride + ky - c.pad, ox = int64_t{ix} * c.stride + kx - c.pad;
              if (oy < 0 || ox < 0 || oy >= oh || ox >= ow) continue;
              for (uint32_t o = 0; o < c.cout; ++o) {
                const uint32_t grp = o / og;
                for (uint32_t i = 0; i < cig; ++i) {
                  const uint32_t ci = grp * cig + i;
                  const double v = double{x[((size_t{n} * c.ih + iy) * c.iw + ix) * c.cin + ci]} *
                                   w[((size_t{ci} * c.kh + ky) * c.kw + kx) * og + o % og];
                  const size_t at = ((size_t{n} * oh + oy) * ow + ox) * c.cout + o;
                  want[at] += v;
                  bound[at] += std::fabs(v);
                }
              }
            }
    for (size_t i = 0; i < y.size(); ++i) {
      double v = want[i] + (c.bias ? b[i % c.cout] : 0.0);
      if (c.clamp) v = std::min(std::max(v, -0.75), 1.25);
      const double tolerance = (bound[i] + std::fabs(c.bias ? b[i % c.cout] : 0.0f)) * 1e-6 + 1e-7;
      ASSERT_NEAR(y[i], v, tolerance) << c.step << " element " << i;
    }
  }
}

}  // namespace
}  // namespace webnn::compiler
