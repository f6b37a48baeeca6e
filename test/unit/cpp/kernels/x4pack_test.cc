// The 4-bit pack and unpack kernels (kernels/x4pack.h): the wasmsimd kernels bit-exact with their scalar twins
// for every byte value in every position, at lengths that leave every tail (odd counts included), and the
// scalar twins against the definition (low nibble first, int4 sign-extended).
#include "kernels/x4pack.h"

#include <gtest/gtest.h>

#include <vector>

namespace webnn::kernels {
namespace {

std::vector<uint8_t> AllBytes(size_t count) {
  std::vector<uint8_t> b(count);
  for (size_t i = 0; i < count; ++i) b[i] = static_cast<uint8_t>(i * 7 + i / 256);
  return b;
}

TEST(X4Pack, ScalarFollowsTheDefinition) {
  const uint8_t packed[2] = {0x8F, 0x07};  // elements 15, 8, 7 (the high nibble of byte 1 is not an element)
  int8_t s[3];
  uint8_t u[3];
  s4_s8_vunpack_ukernel__scalar(3, packed, s);
  u4_u8_vunpack_ukernel__scalar(3, packed, u);
  EXPECT_EQ(s[0], -1);
  EXPECT_EQ(s[1], -8);
  EXPECT_EQ(s[2], 7);
  EXPECT_EQ(u[0], 15);
  EXPECT_EQ(u[1], 8);
  EXPECT_EQ(u[2], 7);
  const uint8_t values[3] = {0xFF, 0x08, 0x17};  // only the low four bits are kept
  uint8_t out[2] = {0xAA, 0xAA};
  x8_x4_vpack_ukernel__scalar(3, values, out);
  EXPECT_EQ(out[0], 0x8F);
  EXPECT_EQ(out[1], 0x07);
}

TEST(X4Pack, UnpackSimdMatchesScalar) {
  for (size_t n : {0, 1, 2, 31, 32, 33, 63, 64, 65, 97, 512 + 17}) {
    const std::vector<uint8_t> packed = AllBytes((n + 1) / 2);
    std::vector<int8_t> s_simd(n + 1, 99), s_ref(n + 1, 99);
    std::vector<uint8_t> u_simd(n + 1, 99), u_ref(n + 1, 99);
    s4_s8_vunpack_ukernel__wasmsimd_u32(n, packed.data(), s_simd.data());
    s4_s8_vunpack_ukernel__scalar(n, packed.data(), s_ref.data());
    u4_u8_vunpack_ukernel__wasmsimd_u32(n, packed.data(), u_simd.data());
    u4_u8_vunpack_ukernel__scalar(n, packed.data(), u_ref.data());
    EXPECT_EQ(s_simd, s_ref) << "n = " << n;
    EXPECT_EQ(u_simd, u_ref) << "n = " << n;
    EXPECT_EQ(s_simd[n], 99) << "wrote past n = " << n;
  }
}

TEST(X4Pack, PackSimdMatchesScalarAndRoundTrips) {
  for (size_t n : {0, 1, 2, 31, 32, 33, 63, 64, 65, 97, 512 + 17}) {
    const std::vector<uint8_t> x = AllBytes(n);
    std::vector<uint8_t> simd((n + 1) / 2 + 1, 0xAA), ref((n + 1) / 2 + 1, 0xAA);
    x8_x4_vpack_ukernel__wasmsimd_u32(n, x.data(), simd.data());
    x8_x4_vpack_ukernel__scalar(n, x.data(), ref.data());
    EXPECT_EQ(simd, ref) << "n = " << n;
    EXPECT_EQ(simd.back(), 0xAA) << "wrote past the packed length, n = " << n;
    std::vector<uint8_t> back(n);
    u4_u8_vunpack_ukernel__wasmsimd_u32(n, simd.data(), back.data());
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(back[i], x[i] & 0xF) << "n = " << n << ", element " << i;
  }
}

}  // namespace
}  // namespace webnn::kernels
