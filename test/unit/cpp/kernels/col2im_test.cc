// f32 col2im kernels stamped from f32-col2im.inc: against a double-precision sum (within a few ULP of
// the float sum) and bit-exact against the scalar twin; channels 1..19 (SIMD body and every tail),
// 0..9 rows, bias and no bias, input_offset, clamps (including NaN passing through), no over-read or
// over-write.
#include "kernels/col2im.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

struct Kernel {
  const char* name;
  F32Col2imUkernelFn fn;
};
#define WEBNN_F32_COL2IM_UKERNEL(ct, name) Kernel{#name, name},
const Kernel kKernels[] = {
#include "kernels/f32-col2im/f32-col2im.inc"
};
#undef WEBNN_F32_COL2IM_UKERNEL

void TestCol2im(const Kernel& k, size_t channels, size_t n, bool with_bias, float lo, float hi, uint32_t seed) {
  Rng rng(seed);
  const size_t offset_elems = 3, pool_rows = 7;
  // One exactly sized allocation per row, so an over-read leaves the allocation (ASan-free, but the
  // next row's data would show up in the sums).
  std::vector<std::vector<float>> rows(pool_rows);
  for (auto& r : rows) r = rng.Vector(offset_elems + channels, -4.0f, 4.0f);
  std::vector<const float*> ptrs(n);
  for (size_t i = 0; i < n; ++i) ptrs[i] = rows[(i * 5 + 1) % pool_rows].data();
  std::vector<float> bias = rng.Vector(channels);
  if (channels > 2) rows[1][offset_elems + 1] = NAN;
  std::vector<float> out(channels + 1, -99.0f), twin(channels + 1, -99.0f);
  MinMaxParams params{lo, hi};
  const float* b = with_bias ? bias.data() : nullptr;
  k.fn(channels, n, ptrs.data(), offset_elems * sizeof(float), b, out.data(), &params);
  f32_col2im_minmax_ukernel__scalar_c1(channels, n, ptrs.data(), offset_elems * sizeof(float), b, twin.data(), &params);
  ASSERT_EQ(out[channels], -99.0f) << k.name << " wrote past the channels";
  for (size_t c = 0; c < channels; ++c) {
    double ref = with_bias ? bias[c] : 0.0;
    for (size_t i = 0; i < n; ++i) ref += ptrs[i][offset_elems + c];
    const float expect = std::isnan(ref) ? NAN : std::fmin(std::fmax(static_cast<float>(ref), lo), hi);
    ASSERT_TRUE(testing::SameBits(out[c], twin[c])) << k.name << " c=" << c << " n=" << n << ": " << out[c] << " vs " << twin[c];
    if (std::isnan(ref)) {
      ASSERT_TRUE(std::isnan(out[c]));
    } else {
      ASSERT_NEAR(out[c], expect, 1e-5 * (n + 1) * 4) << k.name << " c=" << c << " n=" << n;
    }
  }
}

TEST(F32Col2im, ChannelsRowsAndBias) {
  for (const Kernel& k : kKernels) {
    for (size_t channels = 1; channels <= 19; ++channels) {
      for (size_t n : {0, 1, 2, 3, 9}) {
        for (bool with_bias : {false, true}) {
          TestCol2im(k, channels, n, with_bias, -INFINITY, INFINITY, static_cast<uint32_t>(channels * 31 + n));
        }
      }
    }
  }
}

TEST(F32Col2im, Clamps) {
  for (const Kernel& k : kKernels) {
    for (size_t channels : {1, 4, 7, 8, 13, 16, 17}) {
      TestCol2im(k, channels, 4, true, -0.5f, 0.75f, static_cast<uint32_t>(channels));
      TestCol2im(k, channels, 2, false, 0.0f, INFINITY, static_cast<uint32_t>(channels + 100));
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
