// f32 ibilinear kernels stamped from f32-ibilinear.inc: against the spec's formula in double (within
// a few ULP) and bit-exact against the scalar twin; channels 1..19 (SIMD body and every tail), several
// pixels with their own taps and weights (0, 1 and in between), input_offset, output_increment, no
// over-write.
#include "kernels/ibilinear.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

struct Kernel {
  const char* name;
  F32IbilinearUkernelFn fn;
};
#define WEBNN_F32_IBILINEAR_UKERNEL(ct, name) Kernel{#name, name},
const Kernel kKernels[] = {
#include "kernels/f32-ibilinear/f32-ibilinear.inc"
};
#undef WEBNN_F32_IBILINEAR_UKERNEL

void TestIbilinear(const Kernel& k, size_t channels, size_t pixels, uint32_t seed) {
  Rng rng(seed);
  const size_t offset_elems = 2, pool_rows = 6, out_inc = 3;
  std::vector<std::vector<float>> rows(pool_rows);
  for (auto& r : rows) r = rng.Vector(offset_elems + channels, -8.0f, 8.0f);
  std::vector<const float*> ptrs(pixels * 4);
  std::vector<float> weights(pixels * 2);
  for (size_t p = 0; p < pixels; ++p) {
    for (size_t t = 0; t < 4; ++t) ptrs[p * 4 + t] = rows[(p * 3 + t * 2) % pool_rows].data();
    weights[p * 2] = p % 3 == 0 ? 0.0f : p % 3 == 1 ? 1.0f : rng.Uniform(0.0f, 1.0f);
    weights[p * 2 + 1] = rng.Uniform(0.0f, 1.0f);
  }
  const size_t stride = channels + out_inc;
  std::vector<float> out(pixels * stride, -99.0f), twin(pixels * stride, -99.0f);
  k.fn(pixels, channels, ptrs.data(), offset_elems * sizeof(float), weights.data(), out.data(), out_inc * sizeof(float));
  f32_ibilinear_ukernel__scalar_c1(pixels, channels, ptrs.data(), offset_elems * sizeof(float), weights.data(),
                                   twin.data(), out_inc * sizeof(float));
  for (size_t p = 0; p < pixels; ++p) {
    const double tx = weights[p * 2], ty = weights[p * 2 + 1];
    for (size_t c = 0; c < stride; ++c) {
      const float got = out[p * stride + c];
      if (c >= channels) {
        ASSERT_EQ(got, -99.0f) << k.name << " wrote into the output increment";
        continue;
      }
      auto v = [&](size_t t) { return double(ptrs[p * 4 + t][offset_elems + c]); };
      const double ref = (v(0) * (1 - tx) + v(1) * tx) * (1 - ty) + (v(2) * (1 - tx) + v(3) * tx) * ty;
      ASSERT_TRUE(testing::SameBits(got, twin[p * stride + c])) << k.name << " p=" << p << " c=" << c;
      ASSERT_NEAR(got, ref, 1e-5 * 16) << k.name << " p=" << p << " c=" << c;
    }
  }
}

TEST(F32Ibilinear, ChannelsAndPixels) {
  for (const Kernel& k : kKernels) {
    for (size_t channels = 1; channels <= 19; ++channels) {
      for (size_t pixels : {1, 2, 5}) TestIbilinear(k, channels, pixels, static_cast<uint32_t>(channels * 7 + pixels));
    }
  }
}

TEST(F32Ibilinear, ExactWeightsReturnTheTap) {
  // tx = ty = 0 gives the top-left tap exactly; tx = ty = 1 the bottom-right one.
  std::vector<float> tl{1.5f, -2.25f, 3.0f, 7.0f, 0.1f}, tr{9, 9, 9, 9, 9}, bl{8, 8, 8, 8, 8}, br{-0.5f, 4, 5, 6, 0.3f};
  for (const Kernel& k : kKernels) {
    const float* ptrs[8] = {tl.data(), tr.data(), bl.data(), br.data(), tl.data(), tr.data(), bl.data(), br.data()};
    float weights[4] = {0.0f, 0.0f, 1.0f, 1.0f};
    std::vector<float> out(10);
    k.fn(2, 5, ptrs, 0, weights, out.data(), 0);
    for (size_t c = 0; c < 5; ++c) {
      EXPECT_EQ(out[c], tl[c]) << k.name;
      EXPECT_EQ(out[5 + c], br[c]) << k.name;
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
