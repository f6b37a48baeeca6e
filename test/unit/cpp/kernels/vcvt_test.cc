// float16 <-> float32 conversion kernels against base/float16.h: every half one way; the other way a
// stride over all float bit patterns plus the edges of each branch (the smallest subnormal's half, the
// subnormal/normal boundary, ties at both, 65504/65520, inf, NaN payloads). All 2^32 floats were checked
// once (a 30 s run, too long for the suite).
#include "kernels/vcvt.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "base/float16.h"

namespace webnn::kernels {
namespace {

float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}
uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

TEST(VCvt, EveryHalfToFloat) {
  std::vector<uint16_t> h(65536 + 5);
  for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<uint16_t>(i);
  std::vector<float> y(h.size() + 1, 7.0f);
  f16_f32_vcvt_ukernel__wasmsimd_u8(h.size(), h.data(), y.data());  // a 1..7 tail too
  ASSERT_EQ(y[h.size()], 7.0f);
  for (size_t i = 0; i < h.size(); ++i) {
    ASSERT_EQ(Bits(y[i]), Bits(Float16ToFloat32(h[i]))) << "half 0x" << std::hex << h[i];
  }
}

TEST(VCvt, FloatsToHalf) {
  std::vector<float> x;
  for (uint64_t u = 0; u < (uint64_t{1} << 32); u += 8191) x.push_back(FromBits(static_cast<uint32_t>(u)));
  // Around each branch's bounds, and their ties, both signs.
  for (uint32_t edge : {0x33000000u, 0x33800000u, 0x38800000u, 0x387FF000u, 0x387FE000u, 0x477FE000u, 0x477FF000u,
                        0x477FEFFFu, 0x7F800000u, 0x7F800001u, 0x7FC00000u, 0x7FFFFFFFu, 0x3F801000u, 0x3F803000u}) {
    for (int d = -3; d <= 3; ++d) {
      x.push_back(FromBits(edge + d));
      x.push_back(FromBits((edge + d) | 0x80000000u));
    }
  }
  for (size_t n : {x.size(), size_t{5}, size_t{1}}) {
    std::vector<uint16_t> y(n + 1, 0xABCD);
    f32_f16_vcvt_ukernel__wasmsimd_u8(n, x.data(), y.data());
    ASSERT_EQ(y[n], 0xABCD);
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(y[i], Float32ToFloat16(x[i])) << "float 0x" << std::hex << Bits(x[i]);
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
