// softmax, layernorm and reductions on rows of n = 1..67: against double-precision references with
// the WPT float32 tolerances (softmax 12 ULP — the tightest WPT case —, layerNormalization 0 ULP
// against the double formula, with one ULP allowed for summation-order ties), in place, -inf/NaN rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "kernels/kernel_testutil.h"
#include "kernels/layernorm.h"
#include "kernels/reduce.h"
#include "kernels/softmax.h"

namespace webnn::kernels {
namespace {

using testing::Rng;
using testing::UlpDistance;

std::vector<double> SoftmaxRef(const std::vector<float>& x) {
  double m = -INFINITY;
  for (float v : x) m = std::max<double>(m, v);
  std::vector<double> e(x.size());
  double s = 0;
  for (size_t i = 0; i < x.size(); ++i) s += e[i] = std::exp(double{x[i]} - m);
  for (double& v : e) v /= s;
  return e;
}

TEST(F32Softmax, RowsAgainstDouble) {
  Rng rng(5);
  for (size_t n = 1; n <= 67; ++n) {
    for (float range : {1.0f, 10.0f, 80.0f}) {
      std::vector<float> x = rng.Vector(n, -range, range);
      if (n > 3) x[n / 2] = -INFINITY;  // -inf entries give 0
      const std::vector<double> ref = SoftmaxRef(x);
      std::vector<float> y(n + 1, 3.0f), ys(n), in_place = x;
      f32_softmax__wasmsimd(n, x.data(), y.data());
      f32_softmax__scalar(n, x.data(), ys.data());
      f32_softmax__wasmsimd(n, in_place.data(), in_place.data());
      ASSERT_EQ(y[n], 3.0f);
      for (size_t i = 0; i < n; ++i) {
        const float r = static_cast<float>(ref[i]);
        ASSERT_LE(UlpDistance(y[i], r), 12) << "n=" << n << " i=" << i << " " << y[i] << " vs " << r;
        ASSERT_LE(UlpDistance(ys[i], r), 0) << "scalar n=" << n << " i=" << i;
        ASSERT_TRUE(testing::SameBits(y[i], in_place[i]));
      }
      if (n > 3) ASSERT_EQ(y[n / 2], 0.0f);
    }
  }
}

TEST(F32Softmax, LongRowsWithinTheirTolerance) {
  // Rows of 128 and more take the float path: WPT's bound is 3n + 3 ULP; we hold them to the error analysis'
  // worst case, 204 + n/16 (88 from rounding x - max, 45 from rounding (x - max) log2(e) in exp's base-2
  // reduction, 70 from its polynomial of degree 4, n/16 from the float sum, 1 from 1/sum): 212 at n = 128
  // against 387.
  Rng rng(7);
  int64_t worst = 0;
  for (size_t n : {127, 128, 131, 509, 1024, 1027}) {
    for (float range : {1.0f, 10.0f, 43.0f, 80.0f, 300.0f}) {
      std::vector<float> x = rng.Vector(n, -range, range);
      x[n / 3] = -INFINITY;
      const std::vector<double> ref = SoftmaxRef(x);
      std::vector<float> y(n + 1, 3.0f), in_place = x;
      f32_softmax__wasmsimd(n, x.data(), y.data());
      f32_softmax__wasmsimd(n, in_place.data(), in_place.data());
      ASSERT_EQ(y[n], 3.0f);
      ASSERT_EQ(y[n / 3], 0.0f);
      for (size_t i = 0; i < n; ++i) {
        const int64_t d = UlpDistance(y[i], static_cast<float>(ref[i]));
        worst = std::max(worst, d);
        ASSERT_LE(d, n < 128 ? 12 : 204 + static_cast<int64_t>(n / 16)) << "n=" << n << " range=" << range << " i=" << i;
        ASSERT_TRUE(testing::SameBits(y[i], in_place[i]));
      }
    }
  }
  std::printf("softmax, rows of 127..1027: worst %lld ULP from double precision\n", static_cast<long long>(worst));
}

TEST(F32Softmax, SpecialRows) {
  std::vector<float> x{1.0f, NAN, 2.0f, 3.0f, 4.0f};
  std::vector<float> y(5), ys(5);
  f32_softmax__wasmsimd(5, x.data(), y.data());
  f32_softmax__scalar(5, x.data(), ys.data());
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_TRUE(std::isnan(y[i]));
    EXPECT_TRUE(std::isnan(ys[i]));
  }
  std::vector<float> big{88.0f, 88.0f, -1e30f};
  f32_softmax__wasmsimd(3, big.data(), y.data());
  EXPECT_FLOAT_EQ(y[0], 0.5f);
  EXPECT_EQ(y[2], 0.0f);
  float one = 7.0f, out = 0;
  f32_softmax__wasmsimd(1, &one, &out);
  EXPECT_EQ(out, 1.0f);
}

TEST(F32LayerNorm, RowsAgainstDouble) {
  Rng rng(6);
  for (size_t n = 1; n <= 67; ++n) {
    std::vector<float> x = rng.Vector(n, -10.0f, 10.0f), scale = rng.Vector(n), bias = rng.Vector(n);
    for (int variant = 0; variant < 4; ++variant) {
      const float* s = variant & 1 ? scale.data() : nullptr;
      const float* b = variant & 2 ? bias.data() : nullptr;
      const float eps = variant == 3 ? 1e-3f : 1e-5f;
      double mean = 0, var = 0;
      for (float v : x) mean += v;
      mean /= n;
      for (float v : x) var += (v - mean) * (v - mean);
      var /= n;
      std::vector<float> y(n + 1, 9.0f), ys(n), in_place = x;
      f32_layernorm__wasmsimd(n, x.data(), s, b, 1, eps, y.data());
      f32_layernorm__scalar(n, x.data(), s, b, 1, eps, ys.data());
      f32_layernorm__wasmsimd(n, in_place.data(), s, b, 1, eps, in_place.data());
      ASSERT_EQ(y[n], 9.0f);
      for (size_t i = 0; i < n; ++i) {
        double r = (x[i] - mean) / std::sqrt(var + eps);
        if (s) r *= s[i];
        if (b) r += b[i];
        ASSERT_LE(UlpDistance(y[i], static_cast<float>(r)), 1) << "n=" << n << " i=" << i;
        ASSERT_LE(UlpDistance(ys[i], static_cast<float>(r)), 1) << "scalar n=" << n << " i=" << i;
        ASSERT_TRUE(testing::SameBits(y[i], in_place[i]));
      }
    }
  }
  float single = 5.0f, out = 1.0f;
  f32_layernorm__wasmsimd(1, &single, nullptr, nullptr, 1, 1e-5f, &out);
  EXPECT_EQ(out, 0.0f);
}

// The double-accumulating sums: SIMD and scalar twin bit for bit, against a sequential double sum within
// the reassociation's bound (n 2^-52 of the sum of magnitudes), for every n = 0..67 and every SumOf.
TEST(F32Reduce, F64AccRowSums) {
  Rng rng(8);
  for (SumOf what : {SumOf::kValues, SumOf::kMagnitudes, SumOf::kSquares}) {
    for (size_t n = 0; n <= 67; ++n) {
      std::vector<float> x = rng.Vector(n, -2.0f, 2.0f);
      double want = 0, magnitudes = 0;
      for (float v : x) {
        const double t = what == SumOf::kMagnitudes ? std::fabs(double{v}) : what == SumOf::kSquares ? double{v} * v : v;
        want += t;
        magnitudes += std::fabs(t);
      }
      const double got = f32_f64acc_rsum_ukernel__wasmsimd_u8(n, x.data(), what);
      ASSERT_EQ(got, f32_f64acc_rsum_ukernel__scalar(n, x.data(), what)) << n;
      ASSERT_NEAR(got, want, (n + 1) * 0x1p-52 * magnitudes) << n;
    }
  }
  const std::vector<float> special{-INFINITY, -0.0f, 0.0f, -5.0f, NAN};
  EXPECT_EQ(f32_f64acc_rsum_ukernel__wasmsimd_u8(4, special.data(), SumOf::kValues), -INFINITY);
  EXPECT_EQ(f32_f64acc_rsum_ukernel__wasmsimd_u8(4, special.data(), SumOf::kSquares), INFINITY);
  EXPECT_TRUE(std::isnan(f32_f64acc_rsum_ukernel__wasmsimd_u8(5, special.data(), SumOf::kMagnitudes)));
  EXPECT_EQ(f32_f64acc_rsum_ukernel__wasmsimd_u8(0, nullptr, SumOf::kValues), 0.0);
}

TEST(F32Reduce, MaxRows) {
  Rng rng(9);
  for (size_t n = 1; n <= 67; ++n) {
    std::vector<float> x = rng.Vector(n, -2.0f, 2.0f);
    const float m = f32_rmax_ukernel__wasmsimd_u16(n, x.data());
    ASSERT_EQ(m, *std::max_element(x.begin(), x.end())) << n;
    ASSERT_EQ(m, f32_rmax_ukernel__scalar(n, x.data()));
  }
  std::vector<float> special{-INFINITY, -0.0f, 0.0f, -5.0f, NAN};
  EXPECT_TRUE(std::isnan(f32_rmax_ukernel__wasmsimd_u16(5, special.data())));
  EXPECT_TRUE(std::isnan(f32_rmax_ukernel__scalar(5, special.data())));
  EXPECT_FALSE(std::signbit(f32_rmax_ukernel__wasmsimd_u16(3, special.data())));
  EXPECT_EQ(f32_rmax_ukernel__wasmsimd_u16(1, special.data()), -INFINITY);
}

TEST(F32Reduce, MinRows) {
  Rng rng(11);
  for (size_t n = 1; n <= 67; ++n) {
    std::vector<float> x = rng.Vector(n, -2.0f, 2.0f);
    const float m = f32_rmin_ukernel__wasmsimd_u16(n, x.data());
    ASSERT_EQ(m, *std::min_element(x.begin(), x.end())) << n;
    ASSERT_EQ(m, f32_rmin_ukernel__scalar(n, x.data()));
  }
  std::vector<float> special{INFINITY, 0.0f, -0.0f, 5.0f, NAN};
  EXPECT_TRUE(std::isnan(f32_rmin_ukernel__wasmsimd_u16(5, special.data())));
  EXPECT_TRUE(std::isnan(f32_rmin_ukernel__scalar(5, special.data())));
  EXPECT_TRUE(std::signbit(f32_rmin_ukernel__wasmsimd_u16(3, special.data())));
  EXPECT_TRUE(std::signbit(f32_rmin_ukernel__scalar(3, special.data())));
  EXPECT_EQ(f32_rmin_ukernel__wasmsimd_u16(1, special.data()), INFINITY);
}

// The pair in one pass: bit for bit the min and max kernels', with zeros of either sign and NaN anywhere.
TEST(F32Reduce, MinMaxRows) {
  Rng rng(12);
  const auto check = [](const std::vector<float>& x, const std::string& what) {
    const size_t n = x.size();
    float lo = 1, hi = 1, slo = 1, shi = 1;
    f32_rminmax_ukernel__wasmsimd_u8(n, x.data(), &lo, &hi);
    f32_rminmax_ukernel__scalar(n, x.data(), &slo, &shi);
    const float want_lo = f32_rmin_ukernel__wasmsimd_u16(n, x.data()), want_hi = f32_rmax_ukernel__wasmsimd_u16(n, x.data());
    for (const auto& [got, want, name] : {std::tuple{lo, want_lo, "min"}, {hi, want_hi, "max"}, {slo, want_lo, "scalar min"}, {shi, want_hi, "scalar max"}}) {
      if (std::isnan(want)) {
        ASSERT_TRUE(std::isnan(got)) << name << " " << what << " n " << n;
      } else {
        ASSERT_EQ(got, want) << name << " " << what << " n " << n;
        ASSERT_EQ(std::signbit(got), std::signbit(want)) << name << " " << what << " n " << n;
      }
    }
  };
  for (size_t n = 1; n <= 67; ++n) {
    check(rng.Vector(n, -2.0f, 2.0f), "random");
    for (size_t at = 0; at < n; at += 3) {
      for (float special : {0.0f, -0.0f, NAN, INFINITY, -INFINITY}) {
        std::vector<float> zeros(n, std::signbit(special) ? 0.0f : -0.0f);  // zeros of the other sign, one special
        zeros[at] = special;
        check(zeros, "zeros and one special");
        std::vector<float> x = rng.Vector(n, 0.0f, 2.0f);  // non-negative (post-relu): the min is a zero if any
        x[at] = special;
        check(x, "non-negative and one special");
      }
    }
  }
}

TEST(F32Reduce, F64AccStridedRows) {
  Rng rng(10);
  for (SumOf what : {SumOf::kValues, SumOf::kMagnitudes, SumOf::kSquares}) {
    for (size_t rows = 1; rows <= 9; rows += 2) {
      for (size_t channels = 1; channels <= 37; ++channels) {
        const size_t stride = channels + 5;
        std::vector<float> x = rng.Vector(rows * stride);
        std::vector<double> y(channels + 1), ys, y0;
        for (double& v : y) v = rng.Vector(1)[0];
        ys = y0 = y;
        f32_f64acc_rdsum_ukernel__wasmsimd_c8(rows, channels, x.data(), stride * 4, what, y.data());
        f32_f64acc_rdsum_ukernel__scalar(rows, channels, x.data(), stride * 4, what, ys.data());
        ASSERT_EQ(y[channels], y0[channels]) << "wrote past channels";
        for (size_t c = 0; c < channels; ++c) {
          double want = y0[c];
          for (size_t r = 0; r < rows; ++r) {
            const double d = x[r * stride + c];
            want += what == SumOf::kMagnitudes ? std::fabs(d) : what == SumOf::kSquares ? d * d : d;
          }
          ASSERT_EQ(y[c], want) << "rows=" << rows << " channels=" << channels << " c=" << c;  // same order
          ASSERT_EQ(y[c], ys[c]);
        }
      }
    }
  }
}

// One scale and one bias for the row (stride 0), as instanceNormalization's channel in NCHW.
TEST(F32LayerNorm, UniformParametersAgainstDouble) {
  Rng rng(7);
  for (size_t n = 1; n <= 67; ++n) {
    std::vector<float> x = rng.Vector(n, -10.0f, 10.0f);
    const float scale = -1.25f, bias = 0.375f;
    for (int variant = 0; variant < 4; ++variant) {
      const float* s = variant & 1 ? &scale : nullptr;
      const float* b = variant & 2 ? &bias : nullptr;
      double mean = 0, var = 0;
      for (float v : x) mean += v;
      mean /= n;
      for (float v : x) var += (v - mean) * (v - mean);
      var /= n;
      std::vector<float> y(n + 1, 9.0f), ys(n);
      f32_layernorm__wasmsimd(n, x.data(), s, b, 0, 1e-5f, y.data());
      f32_layernorm__scalar(n, x.data(), s, b, 0, 1e-5f, ys.data());
      ASSERT_EQ(y[n], 9.0f);
      for (size_t i = 0; i < n; ++i) {
        double r = (x[i] - mean) / std::sqrt(var + 1e-5);
        if (s) r *= scale;
        if (b) r += bias;
        ASSERT_LE(UlpDistance(y[i], static_cast<float>(r)), 1) << "n=" << n << " i=" << i;
        ASSERT_TRUE(testing::SameBits(y[i], ys[i])) << "n=" << n << " i=" << i;
      }
    }
  }
}

// Interleaved channels (instanceNormalization in NHWC): bit-identical to the scalar twin, whose per-channel
// sums run in the same order, and within an ULP of each channel's double formula; in place too.
TEST(F32LayerNorm, ChannelsAgainstDouble) {
  Rng rng(8);
  for (size_t channels : {1, 3, 4, 7, 8, 13}) {
    for (size_t pixels : {1, 2, 5, 49}) {
      std::vector<float> x = rng.Vector(pixels * channels, -10.0f, 10.0f);
      std::vector<float> scale = rng.Vector(channels), bias = rng.Vector(channels);
      for (int variant = 0; variant < 4; ++variant) {
        const float* s = variant & 1 ? scale.data() : nullptr;
        const float* b = variant & 2 ? bias.data() : nullptr;
        std::vector<double> scratch(2 * channels);
        std::vector<float> y(x.size() + 1, 9.0f), ys(x.size()), in_place = x;
        f32_layernorm_channels__wasmsimd(pixels, channels, x.data(), s, b, 1e-5f, y.data(), scratch.data());
        f32_layernorm_channels__scalar(pixels, channels, x.data(), s, b, 1e-5f, ys.data(), scratch.data());
        f32_layernorm_channels__wasmsimd(pixels, channels, in_place.data(), s, b, 1e-5f, in_place.data(),
                                         scratch.data());
        ASSERT_EQ(y[x.size()], 9.0f);
        for (size_t c = 0; c < channels; ++c) {
          double mean = 0, var = 0;
          for (size_t p = 0; p < pixels; ++p) mean += x[p * channels + c];
          mean /= pixels;
          for (size_t p = 0; p < pixels; ++p) var += (x[p * channels + c] - mean) * (x[p * channels + c] - mean);
          var /= pixels;
          for (size_t p = 0; p < pixels; ++p) {
            const size_t i = p * channels + c;
            double r = (x[i] - mean) / std::sqrt(var + 1e-5);
            if (s) r *= s[c];
            if (b) r += b[c];
            ASSERT_LE(UlpDistance(y[i], static_cast<float>(r)), 1) << channels << "ch " << pixels << "px i=" << i;
            ASSERT_TRUE(testing::SameBits(y[i], ys[i])) << channels << "ch " << pixels << "px i=" << i;
            ASSERT_TRUE(testing::SameBits(y[i], in_place[i]));
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
