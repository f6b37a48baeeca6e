// qu8 dwconv kernels stamped from qu8-dwconv.inc against an exact depthwise convolution (int64), channels 1..19
// (the 8-channel blocks and every tail), 1, 4, 9 and 25 taps (a fixed-tap kernel its count), zero (padding) taps, input_offset,
// output_increment, activation zero points 0, 131 and 255, and the extremes of the ranges (x 0 and 255, weights
// -255 and 255), with rows sized exactly so an over-read would leave the allocation.
#include "kernels/qdwconv.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

struct Kernel {
  const char* name;
  size_t taps;  // 0: any
  QU8DwconvUkernelFn fn;
};
#define WEBNN_QU8_DWCONV_UKERNEL(taps, cr, name) Kernel{#name, taps, name},
const Kernel kKernels[] = {
#include "kernels/qu8-dwconv/qu8-dwconv.inc"
};
#undef WEBNN_QU8_DWCONV_UKERNEL

void Check(const Kernel& k, size_t taps, size_t channels, int32_t a_zero_point, bool extremes, uint32_t seed) {
  Rng rng(seed);
  const size_t offset = 3, rows = 5, row = offset + channels, width = 4;
  std::vector<uint8_t> input(rows * row);
  for (uint8_t& v : input) v = extremes ? (rng.Uniform(0.0f, 1.0f) < 0.5f ? 0 : 255) : static_cast<uint8_t>(rng.Uniform(0.0f, 255.99f));
  std::vector<uint8_t> zero(channels, static_cast<uint8_t>(a_zero_point));
  std::vector<int16_t> w(channels * taps);
  for (int16_t& v : w) v = extremes ? (rng.Uniform(0.0f, 1.0f) < 0.5f ? -255 : 255) : static_cast<int16_t>(rng.Uniform(-255.0f, 255.99f));
  std::vector<int32_t> bias(channels);
  for (size_t c = 0; c < channels; ++c) bias[c] = static_cast<int32_t>(rng.Uniform(-1e6f, 1e6f));
  std::vector<uint8_t> packed(QU8PackedDwconvSize(channels, taps));
  QS16PackDwconv(channels, taps, w.data(), bias.data(), packed.data());
  std::vector<const uint8_t*> ind(width * taps);
  for (size_t x = 0; x < width; ++x) {
    for (size_t t = 0; t < taps; ++t) {
      const size_t r = (x * 7 + t * 3) % (rows + 1);
      ind[x * taps + t] = r == rows ? zero.data() : input.data() + r * row;
    }
  }
  const size_t gap = 2, pixel = channels + gap;
  std::vector<int32_t> out(width * pixel, -99);
  const QU8ConvParams params{a_zero_point};
  k.fn(channels, width, taps, ind.data(), packed.data(), out.data(), taps * sizeof(void*), gap * sizeof(int32_t), offset, zero.data(),
       &params);
  for (size_t x = 0; x < width; ++x) {
    for (size_t c = 0; c < pixel; ++c) {
      const int32_t got = out[x * pixel + c];
      if (c >= channels) {
        ASSERT_EQ(got, -99) << k.name << " wrote into the output increment gap";
        continue;
      }
      int64_t want = bias[c];
      for (size_t t = 0; t < taps; ++t) {
        const uint8_t* p = ind[x * taps + t];
        if (p != zero.data()) p += offset;
        want += (int64_t{p[c]} - a_zero_point) * w[c * taps + t];
      }
      ASSERT_EQ(got, want) << k.name << " taps " << taps << " channels " << channels << " pixel " << x << " channel " << c;
    }
  }
}

TEST(QU8Dwconv, ExactOnEveryChannelTailAndTapCount) {
  for (const Kernel& k : kKernels) {
    uint32_t seed = 1;
    for (size_t taps : {1, 4, 9, 25}) {
      if (k.taps != 0 && k.taps != taps) continue;
      for (size_t channels = 1; channels <= 19; ++channels) {
        for (int32_t zp : {0, 131, 255}) Check(k, taps, channels, zp, false, seed++);
      }
    }
  }
}

TEST(QU8Dwconv, ExactAtTheExtremesOfTheRanges) {
  for (const Kernel& k : kKernels) {
    const size_t taps = k.taps != 0 ? k.taps : 25;
    for (size_t channels : {8, 13}) {
      for (int32_t zp : {0, 255}) Check(k, taps, channels, zp, true, 7);
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
