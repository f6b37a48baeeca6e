// f32 dwconv kernels stamped from f32-dwconv.inc and f32-dwconv-direct.inc: 9, 25 and generic (1, 2, 4, 9, 13, 49 taps)
// against a double-precision depthwise convolution and SIMD against the scalar twin (bit-exact),
// channels 1..17, several output pixels, zero (padding) taps, input_offset, output_increment, clamps.
#include "kernels/dwconv.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

struct Kernel {
  const char* name;
  size_t taps;  // 0: generic
  F32DwconvUkernelFn fixed;
  F32DwconvGenericUkernelFn generic;
};
#define WEBNN_F32_DWCONV_UKERNEL(taps, cr, name) Kernel{#name, taps, name, nullptr},
#define WEBNN_F32_DWCONV_GENERIC_UKERNEL(cr, name) Kernel{#name, 0, nullptr, name},
const Kernel kKernels[] = {
#include "kernels/f32-dwconv/f32-dwconv.inc"
};
#undef WEBNN_F32_DWCONV_UKERNEL
#undef WEBNN_F32_DWCONV_GENERIC_UKERNEL

void Run(const Kernel& k, size_t taps, size_t channels, size_t width, const float** ind, const float* packed, float* out,
         size_t out_inc, size_t offset, const float* zero, const MinMaxParams* p) {
  if (k.fixed) {
    k.fixed(channels, width, ind, packed, out, taps * sizeof(void*), out_inc, offset, zero, p);
  } else {
    k.generic(channels, width, taps, ind, packed, out, taps * sizeof(void*), out_inc, offset, zero, p);
  }
}

void TestDwconv(const Kernel& k, const Kernel& twin, size_t taps, size_t channels, size_t width, float lo, float hi,
          bool bias_null, uint32_t seed) {
  Rng rng(seed);
  const size_t offset_elems = 2, rows = 5, row = offset_elems + channels;
  // Exactly sized rows (no slack), so an over-read past `channels` would read the next row's data or
  // off the end of the allocation; the zero row has exactly `channels` floats.
  std::vector<float> input = rng.Vector(rows * row);
  std::vector<float> zero(channels, 0.0f);
  std::vector<float> w = rng.Vector(taps * channels), bias = rng.Vector(channels);
  std::vector<float> packed(F32PackedDwconvSize(channels, taps, 4));
  F32PackDwconv(channels, taps, 4, w.data(), bias_null ? nullptr : bias.data(), packed.data());
  std::vector<const float*> ind(width * taps);
  for (size_t x = 0; x < width; ++x)
    for (size_t t = 0; t < taps; ++t) {
      size_t r = (x * 7 + t * 3) % (rows + 1);
      ind[x * taps + t] = r == rows ? zero.data() : input.data() + r * row;
    }
  const size_t out_inc_elems = 3, out_pixel = channels + out_inc_elems;
  std::vector<float> out(width * out_pixel, -99.0f), ref_out(width * out_pixel, -99.0f);
  MinMaxParams p{lo, hi};
  Run(k, taps, channels, width, ind.data(), packed.data(), out.data(), out_inc_elems * 4, offset_elems * 4, zero.data(), &p);
  Run(twin, taps, channels, width, ind.data(), packed.data(), ref_out.data(), out_inc_elems * 4, offset_elems * 4,
      zero.data(), &p);
  for (size_t x = 0; x < width; ++x) {
    for (size_t c = 0; c < out_pixel; ++c) {
      const float got = out[x * out_pixel + c];
      if (c >= channels) {
        ASSERT_EQ(got, -99.0f) << k.name << " wrote into the output increment gap";
        continue;
      }
      double acc = bias_null ? 0.0 : bias[c];
      for (size_t t = 0; t < taps; ++t) {
        const float* src = ind[x * taps + t];
        if (src != zero.data()) src += offset_elems;
        acc += double{src[c]} * w[t * channels + c];
      }
      acc = std::min<double>(std::max<double>(acc, lo), hi);
      ASSERT_TRUE(testing::SameBits(got, ref_out[x * out_pixel + c])) << k.name << " vs " << twin.name;
      ASSERT_NEAR(got, acc, 1e-5 * (taps + 1)) << k.name << " taps=" << taps << " c=" << c << " x=" << x;
    }
  }
}

// The scalar twin of a stamped kernel: the entry of `list` named as `k` with its ISA suffix replaced by __scalar
// (k itself when there is none).
template <typename K, size_t N>
const K& TwinOf(const K& k, const K (&list)[N]) {
  std::string name = k.name;
  name = name.substr(0, name.find("__")) + "__scalar";
  for (const K& t : list)
    if (name == t.name) return t;
  return k;
}

TEST(F32Dwconv, AllKernels) {
  size_t checked = 0;
  for (const Kernel& k : kKernels) {
    std::vector<size_t> tap_counts = k.taps ? std::vector<size_t>{k.taps} : std::vector<size_t>{1, 2, 4, 9, 13, 49};
    for (size_t taps : tap_counts) {
      for (size_t channels = 1; channels <= 17; ++channels) {
        for (size_t width : {1, 3}) {
          TestDwconv(k, TwinOf(k, kKernels), taps, channels, width, -INFINITY, INFINITY, channels % 3 == 0,
               static_cast<uint32_t>(taps * 100 + channels * 3 + width));
          if (::testing::Test::HasFatalFailure()) return;
          ++checked;
        }
      }
      TestDwconv(k, TwinOf(k, kKernels), taps, 11, 2, -0.5f, 0.75f, false, 5);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(checked, 300u);
}

// The direct kernels stamped from f32-dwconv-direct.inc: every run of output pixels (1..9, so every pixel tail),
// channels 1..17 and 32, a row stride wider than the row (as a dilated height gives), against their scalar
// twin and the indirect up4c kernel over the same windows (both bit-exact), and a double reference.
struct DirectKernel {
  const char* name;
  size_t k, s, p;
  F32DwconvDirectUkernelFn fn;
};
#define WEBNN_F32_DWCONV_DIRECT_UKERNEL(k, s, p, name) DirectKernel{#name, k, s, p, name},
const DirectKernel kDirectKernels[] = {
#include "kernels/f32-dwconv-direct/f32-dwconv-direct.inc"
};
#undef WEBNN_F32_DWCONV_DIRECT_UKERNEL

void TestDirect(const DirectKernel& k, const DirectKernel& twin, size_t channels, size_t width, float lo, float hi,
                uint32_t seed) {
  Rng rng(seed);
  const size_t taps = k.k * k.k, cols = (width - 1) * k.s + k.k;
  const size_t row = cols * channels + 5;  // floats from one kernel row to the next
  // The windows end exactly at the allocation's end: a read past the last pixel's channels leaves it.
  std::vector<float> input = rng.Vector((k.k - 1) * row + cols * channels);
  std::vector<float> w = rng.Vector(taps * channels), bias = rng.Vector(channels), zero(channels, 0.0f);
  std::vector<float> packed(F32PackedDwconvSize(channels, taps, 4));
  F32PackDwconv(channels, taps, 4, w.data(), bias.data(), packed.data());
  std::vector<float> out(width * channels + 4, -99.0f), twin_out(out), indirect_out(out);
  MinMaxParams p{lo, hi};
  k.fn(channels, width, input.data(), row * sizeof(float), packed.data(), out.data(), &p);
  twin.fn(channels, width, input.data(), row * sizeof(float), packed.data(), twin_out.data(), &p);
  std::vector<const float*> ind(width * taps);
  for (size_t x = 0; x < width; ++x) {
    for (size_t t = 0; t < taps; ++t) ind[x * taps + t] = input.data() + (t / k.k) * row + (x * k.s + t % k.k) * channels;
  }
  f32_dwconv_minmax_ukernel_up4c__scalar(channels, width, taps, ind.data(), packed.data(), indirect_out.data(),
                                         taps * sizeof(void*), 0, 0, zero.data(), &p);
  for (size_t i = width * channels; i < out.size(); ++i) ASSERT_EQ(out[i], -99.0f) << k.name << " wrote past its pixels";
  for (size_t x = 0; x < width; ++x) {
    for (size_t c = 0; c < channels; ++c) {
      const size_t i = x * channels + c;
      double acc = bias[c];
      for (size_t t = 0; t < taps; ++t) acc += double{ind[x * taps + t][c]} * w[t * channels + c];
      acc = std::min<double>(std::max<double>(acc, lo), hi);
      ASSERT_TRUE(testing::SameBits(out[i], twin_out[i])) << k.name << " vs " << twin.name << " c=" << c << " x=" << x;
      ASSERT_TRUE(testing::SameBits(out[i], indirect_out[i])) << k.name << " vs the indirect kernel c=" << c << " x=" << x;
      ASSERT_NEAR(out[i], acc, 1e-5 * (taps + 1)) << k.name << " c=" << c << " x=" << x;
    }
  }
}

TEST(F32DwconvDirect, AllKernels) {
  size_t checked = 0;
  for (const DirectKernel& k : kDirectKernels) {
    for (size_t channels : {1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 32}) {
      for (size_t width = 1; width <= 9; ++width) {
        TestDirect(k, TwinOf(k, kDirectKernels), channels, width, -INFINITY, INFINITY,
                   static_cast<uint32_t>(k.k * 1000 + k.s * 100 + channels * 10 + width));
        if (::testing::Test::HasFatalFailure()) return;
        ++checked;
      }
    }
    TestDirect(k, TwinOf(k, kDirectKernels), 11, 6, -0.5f, 0.75f, 7);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(checked, 900u);
}

TEST(F32Dwconv, Config) {
  ASSERT_NE(GetF32DwconvConfig(9), nullptr);
  EXPECT_EQ(GetF32DwconvConfig(9)->primary_taps, 9u);
  EXPECT_EQ(GetF32DwconvConfig(9)->ukernel, f32_dwconv_minmax_ukernel_9p4c__wasmsimd);
  ASSERT_NE(GetF32DwconvConfig(25), nullptr);
  EXPECT_EQ(GetF32DwconvConfig(25)->channel_tile, 4u);
  EXPECT_EQ(GetF32DwconvConfig(7), nullptr);
  EXPECT_NE(GetF32DwconvGenericConfig().generic, nullptr);
  EXPECT_EQ(F32PackedDwconvSize(5, 9, 4), 8u * 10u);
  for (size_t kernel : {3, 5}) {
    for (size_t stride : {1, 2}) {
      const F32DwconvDirectConfig* direct = GetF32DwconvDirectConfig(kernel, stride);
      ASSERT_NE(direct, nullptr);
      EXPECT_EQ(direct->kernel_size, kernel);
      EXPECT_EQ(direct->stride, stride);
    }
  }
  EXPECT_EQ(GetF32DwconvDirectConfig(3, 3), nullptr);
  EXPECT_EQ(GetF32DwconvDirectConfig(7, 1), nullptr);
}

}  // namespace
}  // namespace webnn::kernels
