// The f32 x blockwise 4-bit kernels (kernels/qb4w.h), stamped from f32-qb4w-gemm.inc: every kernel bit-exact with
// the scalar reference tile and within a float rounding bound of a double-precision product of the dequantized
// weights, over column counts below, at and past 8, one and several blocks, block lengths 4 to 64; nothing
// written past nc. Qb4wPack reads int4 and uint4 weights in either orientation ([N, K] or [K, N] through the
// strides), and both unpack kernels give exactly the float weights dequantizeLinear computes.
#include "kernels/qb4w.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

struct Kernel {
  const char* name;
  F32Qb4wGemmUkernelFn fn;
};
#define WEBNN_F32_QB4W_GEMM_UKERNEL(mr, nr, name) Kernel{#name, name},
const Kernel kKernels[] = {
#include "kernels/f32-qb4w-gemm/f32-qb4w-gemm.inc"
};
#undef WEBNN_F32_QB4W_GEMM_UKERNEL

// Random 4-bit weights [nc][kc] held a byte each (int4 sign-extended), scales and zero points [nc][kc / bl].
struct Weights {
  size_t nc, kc, bl;
  bool int4;
  std::vector<uint8_t> q, z;
  std::vector<float> s;
  Weights(size_t nc_, size_t kc_, size_t bl_, bool int4_, Rng& rng) : nc(nc_), kc(kc_), bl(bl_), int4(int4_) {
    auto value = [&] { return static_cast<uint8_t>(int4 ? static_cast<int8_t>(rng.Next() % 16) - 8 : rng.Next() % 16); };
    q.resize(nc * kc);
    for (uint8_t& v : q) v = value();
    z.resize(nc * (kc / bl));
    s.resize(z.size());
    for (size_t i = 0; i < z.size(); ++i) {
      z[i] = value();
      s[i] = static_cast<float>(rng.Next() % 1000 + 1) / 4096.0f;
    }
  }
  int Q(size_t n, size_t k) const { return int4 ? static_cast<int8_t>(q[n * kc + k]) : q[n * kc + k]; }
  int Z(size_t n, size_t b) const { return int4 ? static_cast<int8_t>(z[n * (kc / bl) + b]) : z[n * (kc / bl) + b]; }
  float W(size_t n, size_t k) const { return static_cast<float>(Q(n, k) - Z(n, k / bl)) * s[n * (kc / bl) + k / bl]; }
  std::vector<uint8_t> Pack() const {
    std::vector<uint8_t> packed(Qb4wPackedSize(nc, kc, bl));
    Qb4wPack(nc, kc, bl, {q.data(), static_cast<int64_t>(kc), 1, s.data(), z.data(), static_cast<int64_t>(kc / bl), 1, int4},
             packed.data());
    return packed;
  }
};

TEST(F32Qb4wGemm, EveryKernelAgainstTheReference) {
  Rng rng(7);
  for (const Kernel& kernel : kKernels) {
    for (size_t nc : {1, 5, 8, 13, 24}) {
      for (size_t bl : {4, 16, 64}) {
        for (size_t blocks : {1, 3}) {
          for (bool int4 : {false, true}) {
            const size_t kc = bl * blocks;
            const Weights w(nc, kc, bl, int4, rng);
            std::vector<float> a(kc);
            for (float& v : a) v = static_cast<float>(static_cast<int>(rng.Next() % 2001) - 1000) / 512.0f;
            const std::vector<uint8_t> packed = w.Pack();
            std::vector<float> c(nc + 3, 1234.5f), ref(nc + 3, 1234.5f);
            kernel.fn(nc, kc, bl, a.data(), packed.data(), c.data());
            f32_qb4w_gemm_ukernel_1x8__scalar(nc, kc, bl, a.data(), packed.data(), ref.data());
            for (size_t j = 0; j < nc + 3; ++j) ASSERT_EQ(c[j], ref[j]) << kernel.name << " nc " << nc << " kc " << kc << " column " << j;
            for (size_t n = 0; n < nc; ++n) {
              double exact = 0, magnitude = 0;
              for (size_t k = 0; k < kc; ++k) {
                exact += double{a[k]} * w.W(n, k);
                magnitude += std::fabs(double{a[k]} * w.W(n, k));
              }
              ASSERT_NEAR(c[n], exact, (kc + 2) * 6e-8 * magnitude + 1e-30) << kernel.name << " column " << n;
            }
          }
        }
      }
    }
  }
}

TEST(F32Qb4wGemm, UnpackGivesTheDequantizedWeights) {
  Rng rng(11);
  for (bool int4 : {false, true}) {
    const Weights w(13, 48, 16, int4, rng);
    const std::vector<uint8_t> packed = w.Pack();
    for (size_t n0 = 0; n0 < w.nc; n0 += kQb4wNr) {
      std::vector<float> block(kQb4wNr * (w.kc + 1), -1.0f), scalar(block.size(), -1.0f);
      const uint8_t* source = packed.data() + n0 / kQb4wNr * Qb4wBlockBytes(w.kc, w.bl);
      qb4w_f32_unpack_ukernel__wasmsimd_magic(w.kc, w.bl, source, block.data());
      qb4w_f32_unpack_ukernel__scalar(w.kc, w.bl, source, scalar.data());
      ASSERT_EQ(block, scalar);
      for (size_t j = 0; j < kQb4wNr; ++j) EXPECT_EQ(block[j], 0.0f);  // bias
      for (size_t k = 0; k < w.kc; ++k) {
        for (size_t j = 0; j < kQb4wNr; ++j) {
          const float want = n0 + j < w.nc ? w.W(n0 + j, k) : 0.0f;
          ASSERT_EQ(block[kQb4wNr * (k + 1) + j], want) << "n " << n0 + j << " k " << k;
        }
      }
    }
  }
}

TEST(F32Qb4wGemm, PackReadsEitherOrientation) {
  Rng rng(13);
  const Weights w(11, 32, 8, true, rng);
  // The same weights stored [K, N], with scales and zero points [blocks, N].
  const size_t blocks = w.kc / w.bl;
  std::vector<uint8_t> qt(w.nc * w.kc), zt(w.z.size());
  std::vector<float> st(w.s.size());
  for (size_t n = 0; n < w.nc; ++n) {
    for (size_t k = 0; k < w.kc; ++k) qt[k * w.nc + n] = w.q[n * w.kc + k];
    for (size_t b = 0; b < blocks; ++b) {
      zt[b * w.nc + n] = w.z[n * blocks + b];
      st[b * w.nc + n] = w.s[n * blocks + b];
    }
  }
  std::vector<uint8_t> packed(Qb4wPackedSize(w.nc, w.kc, w.bl));
  Qb4wPack(w.nc, w.kc, w.bl, {qt.data(), 1, static_cast<int64_t>(w.nc), st.data(), zt.data(), 1, static_cast<int64_t>(w.nc), true},
           packed.data());
  EXPECT_EQ(packed, w.Pack());
}

}  // namespace
}  // namespace webnn::kernels
