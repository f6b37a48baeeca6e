// f32 Winograd F(2x2, 3x3) transform kernels stamped from f32-winograd.inc: each transform against its
// matrices in double precision, bit-exact against the scalar twins, channels 1..13 (the SIMD body and every
// tail), no write past the channels; and the three composed (filter, input, the 16 products summed over
// channels, output) against a direct 3x3 convolution of the 4x4 window in double.
#include "kernels/winograd.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;
using testing::Sandwich;
using testing::SameBits;

struct Kernels {
  const char* name;
  size_t channel_tile;
  F32WinogradFilterFn filter;
  F32WinogradInputFn input;
  F32WinogradOutputFn output;
};
#define WEBNN_F32_WINOGRAD_UKERNELS(ct, filter, input, output) Kernels{#filter, ct, filter, input, output},
const Kernels kKernels[] = {
#include "kernels/f32-winograd/f32-winograd.inc"
};
#undef WEBNN_F32_WINOGRAD_UKERNELS
const Kernels& kScalar = kKernels[sizeof(kKernels) / sizeof(kKernels[0]) - 1];

constexpr double kBT[4][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}};
constexpr double kG[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
constexpr double kAT[2][4] = {{1, 1, 1, 0}, {0, 1, -1, -1}};

TEST(F32Winograd, FilterTransformIntoThePackedLayout) {
  for (const Kernels& k : kKernels) {
    for (size_t kc : {1, 3, 8}) {
      const size_t nr = 8, blocks = 3, ncp = nr * blocks, block = nr * (kc + 1), xi_stride = blocks * block + 5;
      Rng rng(static_cast<uint32_t>(kc));
      const std::vector<float> g = rng.Vector(9 * kc * ncp);
      std::vector<float> packed(16 * xi_stride, -7.0f), twin(16 * xi_stride, -7.0f);
      k.filter(kc, ncp, nr, g.data(), 1, 3, packed.data(), xi_stride);  // blocks 1 and 2 only
      kScalar.filter(kc, ncp, nr, g.data(), 1, 3, twin.data(), xi_stride);
      for (size_t i = 0; i < packed.size(); ++i) ASSERT_TRUE(SameBits(packed[i], twin[i])) << k.name << " at " << i;
      for (size_t xi = 0; xi < 16; ++xi) {
        for (size_t i = 0; i < block; ++i) ASSERT_EQ(packed[xi * xi_stride + i], -7.0f) << "block 0 written";
        for (size_t i = 3 * block; i < xi_stride; ++i) ASSERT_EQ(packed[xi * xi_stride + i], -7.0f) << "past block 2";
      }
      for (size_t j = 1; j < 3; ++j) {
        for (size_t q = 0; q < nr; ++q) {
          for (size_t xi = 0; xi < 16; ++xi) ASSERT_EQ(packed[xi * xi_stride + j * block + q], 0.0f) << "bias slot";
          for (size_t kk = 0; kk < kc; ++kk) {
            double f[9], u[16];
            for (size_t t = 0; t < 9; ++t) f[t] = g[(t * kc + kk) * ncp + j * nr + q];
            Sandwich<4, 3, 4>(kG, f, kG, u);
            for (size_t xi = 0; xi < 16; ++xi) {
              ASSERT_NEAR(packed[xi * xi_stride + j * block + nr + kk * nr + q], u[xi], 3e-7) << k.name << " xi=" << xi;
            }
          }
        }
      }
    }
  }
}

TEST(F32Winograd, InputAndOutputTransforms) {
  for (const Kernels& k : kKernels) {
    for (size_t channels = 1; channels <= 13; ++channels) {
      Rng rng(static_cast<uint32_t>(channels * 7));
      // Input: 16 rows of exactly `channels` floats each.
      std::vector<std::vector<float>> rows(16);
      std::vector<const float*> d(16);
      for (size_t i = 0; i < 16; ++i) {
        rows[i] = rng.Vector(channels, -2.0f, 2.0f);
        d[i] = rows[i].data();
      }
      const size_t v_stride = channels + 2;
      std::vector<float> v(16 * v_stride, -7.0f), vt(16 * v_stride, -7.0f);
      k.input(channels, d.data(), v.data(), v_stride);
      kScalar.input(channels, d.data(), vt.data(), v_stride);
      for (size_t c = 0; c < channels; ++c) {
        double x[16], ref[16];
        for (size_t i = 0; i < 16; ++i) x[i] = rows[i][c];
        Sandwich<4, 4, 4>(kBT, x, kBT, ref);
        for (size_t xi = 0; xi < 16; ++xi) {
          ASSERT_TRUE(SameBits(v[xi * v_stride + c], vt[xi * v_stride + c])) << k.name;
          ASSERT_NEAR(v[xi * v_stride + c], ref[xi], 2e-6) << k.name << " c=" << c << " xi=" << xi;
        }
      }
      for (size_t xi = 0; xi < 16; ++xi) {
        for (size_t c = channels; c < v_stride; ++c) ASSERT_EQ(v[xi * v_stride + c], -7.0f) << "wrote past the channels";
      }
      // Output: clamp(A^T m A + bias) into the non-null pixels.
      const std::vector<float> m = rng.Vector(16 * v_stride, -3.0f, 3.0f), bias = rng.Vector(channels);
      for (bool with_bias : {false, true}) {
        std::vector<std::vector<float>> out(4, std::vector<float>(channels + 1, -9.0f)), twin = out;
        float* y[4] = {out[0].data(), out[1].data(), nullptr, out[3].data()};
        float* yt[4] = {twin[0].data(), twin[1].data(), nullptr, twin[3].data()};
        const MinMaxParams params{-2.5f, 4.0f};
        k.output(channels, m.data(), v_stride, with_bias ? bias.data() : nullptr, y, &params);
        kScalar.output(channels, m.data(), v_stride, with_bias ? bias.data() : nullptr, yt, &params);
        for (size_t c = 0; c < channels; ++c) {
          double x[16], ref[4];
          for (size_t i = 0; i < 16; ++i) x[i] = m[i * v_stride + c];
          Sandwich<2, 4, 2>(kAT, x, kAT, ref);
          for (size_t p : {0, 1, 3}) {
            const double expect = std::fmin(std::fmax(ref[p] + (with_bias ? bias[c] : 0.0), -2.5), 4.0);
            ASSERT_TRUE(SameBits(out[p][c], twin[p][c])) << k.name;
            ASSERT_NEAR(out[p][c], expect, 4e-6) << k.name << " c=" << c << " p=" << p;
          }
        }
        for (size_t p = 0; p < 4; ++p) ASSERT_EQ(out[p][channels], -9.0f) << "wrote past the channels";
        ASSERT_EQ(out[2][0], -9.0f) << "wrote a null pixel";
      }
    }
  }
}

// Filter, input, products summed over channels, output: a 3x3 convolution of a 4x4 window (2x2 outputs).
TEST(F32Winograd, ComposedTransformsConvolve) {
  const Kernels& k = kKernels[0];
  const size_t kc = 5, nr = 8, ncp = 8, block = nr * (kc + 1), xi_stride = block;
  Rng rng(11);
  const std::vector<float> g = rng.Vector(9 * kc * ncp);  // [tap][ci][co]
  std::vector<float> packed(16 * xi_stride);
  k.filter(kc, ncp, nr, g.data(), 0, 1, packed.data(), xi_stride);
  std::vector<std::vector<float>> rows(16);
  std::vector<const float*> d(16);
  for (size_t i = 0; i < 16; ++i) {
    rows[i] = rng.Vector(kc);
    d[i] = rows[i].data();
  }
  std::vector<float> v(16 * kc);
  k.input(kc, d.data(), v.data(), kc);
  std::vector<float> m(16 * ncp);
  for (size_t xi = 0; xi < 16; ++xi) {
    for (size_t co = 0; co < ncp; ++co) {
      float s = 0;
      for (size_t ci = 0; ci < kc; ++ci) s += v[xi * kc + ci] * packed[xi * xi_stride + nr + ci * nr + co];
      m[xi * ncp + co] = s;
    }
  }
  std::vector<std::vector<float>> out(4, std::vector<float>(ncp));
  float* y[4] = {out[0].data(), out[1].data(), out[2].data(), out[3].data()};
  const MinMaxParams params{-INFINITY, INFINITY};
  k.output(ncp, m.data(), ncp, nullptr, y, &params);
  for (size_t oy = 0; oy < 2; ++oy) {
    for (size_t ox = 0; ox < 2; ++ox) {
      for (size_t co = 0; co < ncp; ++co) {
        double ref = 0, mag = 0;
        for (size_t ky = 0; ky < 3; ++ky) {
          for (size_t kx = 0; kx < 3; ++kx) {
            for (size_t ci = 0; ci < kc; ++ci) {
              const double p = double{rows[(oy + ky) * 4 + ox + kx][ci]} * g[((ky * 3 + kx) * kc + ci) * ncp + co];
              ref += p;
              mag += std::fabs(p);
            }
          }
        }
        ASSERT_NEAR(out[oy * 2 + ox][co], ref, 1e-5 * mag) << "pixel " << oy << "," << ox << " co=" << co;
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
