// Pooling kernels: max and pixelwise-average pools with odd windows (1, 2, 3x3, 5x5, 7x1...),
// channels 1..17, zero rows, input_offset, increments and clamps, against naive references and SIMD
// against the scalar twins bit for bit; global average pool over 1..67 rows.
#include "kernels/pool.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;
using testing::SameBits;

struct PoolSetup {
  std::vector<float> input, zero;
  std::vector<const float*> ind;
  size_t offset_elems = 1, row;
};

PoolSetup MakeSetup(size_t pixels, size_t taps, size_t channels, bool use_zero, uint32_t seed) {
  PoolSetup s;
  Rng rng(seed);
  const size_t rows = 6;
  s.row = s.offset_elems + channels;
  s.input = rng.Vector(rows * s.row, -3.0f, 3.0f);
  s.zero.assign(channels, 0.0f);
  s.ind.resize(pixels * taps);
  for (size_t p = 0; p < pixels; ++p)
    for (size_t t = 0; t < taps; ++t) {
      size_t r = (p * 5 + t * 7) % (rows + (use_zero ? 1 : 0));
      s.ind[p * taps + t] = r == rows ? s.zero.data() : s.input.data() + r * s.row;
    }
  return s;
}

TEST(F32MaxPool, WindowsChannelsClamps) {
  for (size_t taps : {1, 2, 3, 9, 25, 7}) {
    for (size_t channels = 1; channels <= 17; ++channels) {
      for (float hi : {INFINITY, 1.0f}) {
        const size_t pixels = 3, out_inc = 2, stride = channels + out_inc;
        PoolSetup s = MakeSetup(pixels, taps, channels, false, static_cast<uint32_t>(taps * 31 + channels));
        std::vector<float> out(pixels * stride, -5.0f), ref(pixels * stride, -5.0f);
        MinMaxParams p{-2.0f, hi};
        f32_maxpool_minmax_ukernel_up__wasmsimd_c4(pixels, taps, channels, s.ind.data(), s.offset_elems * 4, out.data(),
                                                   taps * sizeof(void*), out_inc * 4, &p);
        f32_maxpool_minmax_ukernel_up__scalar_c1(pixels, taps, channels, s.ind.data(), s.offset_elems * 4, ref.data(),
                                                 taps * sizeof(void*), out_inc * 4, &p);
        for (size_t px = 0; px < pixels; ++px) {
          for (size_t c = 0; c < stride; ++c) {
            if (c >= channels) {
              ASSERT_EQ(out[px * stride + c], -5.0f);
              continue;
            }
            float m = -INFINITY;
            for (size_t t = 0; t < taps; ++t) m = std::max(m, s.ind[px * taps + t][s.offset_elems + c]);
            m = std::min(std::max(m, p.min), p.max);
            ASSERT_EQ(out[px * stride + c], m) << "taps=" << taps << " c=" << c;
            ASSERT_TRUE(SameBits(out[px * stride + c], ref[px * stride + c]));
          }
        }
      }
    }
  }
}

TEST(F32MaxPool, NanPropagates) {
  float a[5] = {0, 1, NAN, 3, -INFINITY}, b[5] = {2, -1, 0, INFINITY, -INFINITY};
  const float* ind[2] = {a, b};
  float out[5], ref[5];
  MinMaxParams p{-INFINITY, INFINITY};
  f32_maxpool_minmax_ukernel_up__wasmsimd_c4(1, 2, 5, ind, 0, out, 0, 0, &p);
  f32_maxpool_minmax_ukernel_up__scalar_c1(1, 2, 5, ind, 0, ref, 0, 0, &p);
  EXPECT_EQ(out[0], 2.0f);
  EXPECT_EQ(out[1], 1.0f);
  EXPECT_TRUE(std::isnan(out[2]));
  EXPECT_EQ(out[3], INFINITY);
  EXPECT_EQ(out[4], -INFINITY);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(SameBits(out[i], ref[i]));
}

// The <= 9-tap path takes the max alone and runs again with the NaN mask only when the taps' sum is NaN: a NaN in
// one lane of one pixel among many, and +inf beside -inf (a NaN sum from inputs that hold none), give the scalar
// twin's bits everywhere.
TEST(F32MaxPool, NanOrInfinitiesAmongManyPixels) {
  for (size_t taps : {4, 9}) {
    for (int form = 0; form < 3; ++form) {
      const size_t pixels = 7, channels = 13;
      PoolSetup s = MakeSetup(pixels, taps, channels, false, static_cast<uint32_t>(taps * 7 + form));
      if (form == 1) s.input[3 * s.row + s.offset_elems + 9] = NAN;
      if (form == 2) {
        s.input[2 * s.row + s.offset_elems + 5] = INFINITY;
        s.input[4 * s.row + s.offset_elems + 5] = -INFINITY;
      }
      std::vector<float> out(pixels * channels), ref(pixels * channels);
      MinMaxParams p{-INFINITY, INFINITY};
      f32_maxpool_minmax_ukernel_up__wasmsimd_c4(pixels, taps, channels, s.ind.data(), s.offset_elems * 4, out.data(),
                                                 taps * sizeof(void*), 0, &p);
      f32_maxpool_minmax_ukernel_up__scalar_c1(pixels, taps, channels, s.ind.data(), s.offset_elems * 4, ref.data(),
                                               taps * sizeof(void*), 0, &p);
      size_t nans = 0;
      for (size_t px = 0; px < pixels; ++px) {
        for (size_t c = 0; c < channels; ++c) {
          bool nan = false;
          float m = -INFINITY;
          for (size_t t = 0; t < taps; ++t) {
            const float v = s.ind[px * taps + t][s.offset_elems + c];
            nan |= std::isnan(v);
            m = std::max(m, v);
          }
          const float got = out[px * channels + c];
          ASSERT_TRUE(SameBits(got, ref[px * channels + c])) << "taps=" << taps << " form=" << form << " px=" << px << " c=" << c;
          if (nan) {
            ASSERT_TRUE(std::isnan(got));
            ++nans;
          } else {
            ASSERT_EQ(got, m) << "taps=" << taps << " form=" << form << " px=" << px << " c=" << c;
          }
        }
      }
      if (form == 1) EXPECT_GT(nans, 0u);
    }
  }
}

TEST(F32PAvgPool, WindowsChannelsZeroRowsAndMultipliers) {
  for (size_t taps : {1, 2, 3, 9, 25, 7}) {
    for (size_t channels = 1; channels <= 17; ++channels) {
      const size_t pixels = 4, out_inc = 1, stride = channels + out_inc;
      PoolSetup s = MakeSetup(pixels, taps, channels, true, static_cast<uint32_t>(taps * 17 + channels));
      // Exclude padding: multiplier = 1 / (non-zero taps), like count_include_pad = false.
      std::vector<float> mult(pixels);
      for (size_t px = 0; px < pixels; ++px) {
        size_t valid = 0;
        for (size_t t = 0; t < taps; ++t) valid += s.ind[px * taps + t] != s.zero.data();
        mult[px] = valid ? 1.0f / static_cast<float>(valid) : 0.0f;
      }
      std::vector<float> out(pixels * stride, -5.0f), ref(pixels * stride, -5.0f);
      MinMaxParams p{-1.5f, 2.0f};
      f32_pavgpool_minmax_ukernel_up__wasmsimd_c4(pixels, taps, channels, s.ind.data(), s.offset_elems * 4,
                                                  s.zero.data(), mult.data(), out.data(), taps * sizeof(void*),
                                                  out_inc * 4, &p);
      f32_pavgpool_minmax_ukernel_up__scalar_c1(pixels, taps, channels, s.ind.data(), s.offset_elems * 4,
                                                s.zero.data(), mult.data(), ref.data(), taps * sizeof(void*),
                                                out_inc * 4, &p);
      for (size_t px = 0; px < pixels; ++px) {
        for (size_t c = 0; c < stride; ++c) {
          if (c >= channels) {
            ASSERT_EQ(out[px * stride + c], -5.0f);
            continue;
          }
          double sum = 0;
          for (size_t t = 0; t < taps; ++t) {
            const float* r = s.ind[px * taps + t];
            sum += r == s.zero.data() ? 0.0 : r[s.offset_elems + c];
          }
          double want = std::min<double>(std::max<double>(sum * mult[px], p.min), p.max);
          ASSERT_NEAR(out[px * stride + c], want, 2e-6 * taps) << "taps=" << taps << " c=" << c;
          ASSERT_TRUE(SameBits(out[px * stride + c], ref[px * stride + c]));
        }
      }
    }
  }
}

TEST(F32GAvgPool, RowsAndChannels) {
  Rng rng(9);
  for (size_t rows = 1; rows <= 67; rows += (rows < 9 ? 1 : 7)) {
    for (size_t channels = 1; channels <= 17; ++channels) {
      const size_t stride = channels + 3;
      std::vector<float> x = rng.Vector(rows * stride);
      std::vector<float> out(channels + 1, 42.0f), ref(channels);
      const float scale = 1.0f / static_cast<float>(rows);
      f32_gavgpool_ukernel__wasmsimd_c4(rows, channels, x.data(), stride * 4, scale, out.data());
      f32_gavgpool_ukernel__scalar_c1(rows, channels, x.data(), stride * 4, scale, ref.data());
      ASSERT_EQ(out[channels], 42.0f);
      for (size_t c = 0; c < channels; ++c) {
        double sum = 0;
        for (size_t r = 0; r < rows; ++r) sum += x[r * stride + c];
        ASSERT_NEAR(out[c], sum / rows, 1e-6) << rows << " " << c;
        ASSERT_TRUE(SameBits(out[c], ref[c]));
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
