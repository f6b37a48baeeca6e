// qu8 Winograd F(2x2, 3x3) kernels stamped from qu8-winograd.inc and qs16-gemm.inc: each transform against its
// matrices in exact integers (4 G g G^T for the filter, B^T (d - z) B, floor(A^T m A / 4)), the SIMD kernels equal
// to their scalar twins, channels 1..19 (the SIMD body and every tail), zero lanes up to the padded channel count,
// no write past it; the qs16 GEMM against int64 sums for every row and column count of its tile; and the four
// composed (filter, input, GEMM, output) equal to a direct 3x3 convolution of the 4x4 window at the operands'
// extremes (uint8 0 and 255, zero points 0 and 255).
#include "kernels/qwinograd.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernels/kernel_testutil.h"
#include "kernels/qgemm.h"

namespace webnn::kernels {
namespace {

using testing::Rng;
using testing::Sandwich;

struct Kernels {
  const char* name;
  size_t channel_tile;
  QU8WinogradFilterFn filter;
  QU8WinogradInputFn input;
  QS32WinogradOutputFn output;
};
#define WEBNN_QU8_WINOGRAD_UKERNELS(ct, filter, input, output) Kernels{#filter, ct, filter, input, output},
const Kernels kKernels[] = {
#include "kernels/qu8-winograd/qu8-winograd.inc"
};
#undef WEBNN_QU8_WINOGRAD_UKERNELS
const Kernels& kScalar = kKernels[sizeof(kKernels) / sizeof(kKernels[0]) - 1];

struct Gemm {
  const char* name;
  size_t mr, nr;
  QS16GemmUkernelFn fn;
};
#define WEBNN_QS16_GEMM_UKERNEL(mr, nr, name) Gemm{#name, mr, nr, name},
const Gemm kGemms[] = {
#include "kernels/qu8-winograd/qs16-gemm.inc"
};
#undef WEBNN_QS16_GEMM_UKERNEL

constexpr int64_t kBT[4][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}};
constexpr int64_t k2G[4][3] = {{2, 0, 0}, {1, 1, 1}, {1, -1, 1}, {0, 0, 2}};
constexpr int64_t kAT[2][4] = {{1, 1, 1, 0}, {0, 1, -1, -1}};

uint8_t Byte(Rng& rng) { return static_cast<uint8_t>(rng.Next()); }
size_t Padded(size_t kc) { return (kc + 7) & ~size_t{7}; }
// Element q of column block j, channel k of xi's packed matrix (c2 layout, int16 elements).
size_t PackedAt(size_t kc, size_t j, size_t k, size_t q) {
  return j * (16 + Padded(kc) * 8) + 16 + (k / 2) * 16 + 2 * q + k % 2;
}

TEST(QU8Winograd, FilterTransformIntoTheC2Layout) {
  for (const Kernels& k : kKernels) {
    for (size_t kc : {1, 3, 8, 9, 17}) {
      const size_t blocks = 3, ncp = 8 * blocks, block = 16 + Padded(kc) * 8, xi_stride = blocks * block + 5;
      Rng rng(static_cast<uint32_t>(kc));
      std::vector<uint8_t> g(9 * kc * ncp), zp(ncp);
      for (auto& b : g) b = Byte(rng);
      for (auto& b : zp) b = Byte(rng);
      g[0] = 255, zp[8] = 0, g[8] = 0, zp[9] = 255;  // the extremes
      std::vector<int16_t> packed(16 * xi_stride, -7), twin(16 * xi_stride, -7);
      k.filter(kc, ncp, g.data(), zp.data(), 1, 3, packed.data(), xi_stride);  // blocks 1 and 2 only
      kScalar.filter(kc, ncp, g.data(), zp.data(), 1, 3, twin.data(), xi_stride);
      ASSERT_EQ(packed, twin) << k.name << " kc=" << kc;
      for (size_t xi = 0; xi < 16; ++xi) {
        for (size_t i = 0; i < block; ++i) ASSERT_EQ(packed[xi * xi_stride + i], -7) << "block 0 written";
        for (size_t i = 3 * block; i < xi_stride; ++i) ASSERT_EQ(packed[xi * xi_stride + i], -7) << "past block 2";
        for (size_t j = 1; j < 3; ++j) {
          for (size_t i = 0; i < 16; ++i) ASSERT_EQ(packed[xi * xi_stride + j * block + i], 0) << "bias slot";
        }
      }
      for (size_t j = 1; j < 3; ++j) {
        for (size_t q = 0; q < 8; ++q) {
          for (size_t kk = 0; kk < Padded(kc); ++kk) {
            int64_t f[9] = {}, u[16] = {};
            if (kk < kc) {
              for (size_t t = 0; t < 9; ++t) f[t] = int64_t{g[(t * kc + kk) * ncp + j * 8 + q]} - zp[j * 8 + q];
              Sandwich<4, 3, 4>(k2G, f, k2G, u);
            }
            for (size_t xi = 0; xi < 16; ++xi) {
              ASSERT_EQ(packed[xi * xi_stride + PackedAt(kc, j, kk, q)], u[xi]) << k.name << " xi=" << xi << " k=" << kk;
            }
          }
        }
      }
    }
  }
}

TEST(QU8Winograd, InputAndOutputTransforms) {
  for (const Kernels& k : kKernels) {
    for (size_t channels = 1; channels <= 19; ++channels) {
      Rng rng(static_cast<uint32_t>(channels * 7));
      const uint8_t zero_point = channels % 3 == 0 ? 255 : Byte(rng);
      std::vector<std::vector<uint8_t>> rows(16, std::vector<uint8_t>(channels));
      std::vector<const uint8_t*> d(16);
      for (size_t i = 0; i < 16; ++i) {
        for (auto& b : rows[i]) b = channels % 3 == 0 ? (i % 2 ? 0 : 255) : Byte(rng);
        d[i] = rows[i].data();
      }
      const size_t kcp = Padded(channels), v_stride = kcp + 3;
      std::vector<int16_t> v(16 * v_stride, -7), vt(16 * v_stride, -7);
      k.input(channels, kcp, d.data(), zero_point, v.data(), v_stride);
      kScalar.input(channels, kcp, d.data(), zero_point, vt.data(), v_stride);
      ASSERT_EQ(v, vt) << k.name << " channels=" << channels;
      for (size_t c = 0; c < kcp; ++c) {
        int64_t x[16] = {}, ref[16];
        for (size_t i = 0; i < 16 && c < channels; ++i) x[i] = int64_t{rows[i][c]} - zero_point;
        Sandwich<4, 4, 4>(kBT, x, kBT, ref);
        for (size_t xi = 0; xi < 16; ++xi) ASSERT_EQ(v[xi * v_stride + c], ref[xi]) << k.name << " c=" << c << " xi=" << xi;
      }
      for (size_t xi = 0; xi < 16; ++xi) {
        for (size_t c = kcp; c < v_stride; ++c) ASSERT_EQ(v[xi * v_stride + c], -7) << "wrote past the padded channels";
      }
      // Output: floor(A^T m A / 4) into the non-null pixels, m of large magnitudes (no wrap: |A^T m A| < 2^31).
      const size_t m_stride = channels + 2;
      std::vector<int32_t> m(16 * m_stride);
      for (auto& e : m) e = static_cast<int32_t>(rng.Next() % 200000001) - 100000000;
      std::vector<std::vector<int32_t>> out(4, std::vector<int32_t>(channels + 1, -9)), twin = out;
      int32_t* y[4] = {out[0].data(), out[1].data(), nullptr, out[3].data()};
      int32_t* yt[4] = {twin[0].data(), twin[1].data(), nullptr, twin[3].data()};
      k.output(channels, m.data(), m_stride, y);
      kScalar.output(channels, m.data(), m_stride, yt);
      ASSERT_EQ(out, twin) << k.name;
      for (size_t c = 0; c < channels; ++c) {
        int64_t x[16], ref[4];
        for (size_t i = 0; i < 16; ++i) x[i] = m[i * m_stride + c];
        Sandwich<2, 4, 2>(kAT, x, kAT, ref);
        for (size_t p : {0, 1, 3}) ASSERT_EQ(out[p][c], ref[p] >> 2) << k.name << " c=" << c << " p=" << p;
      }
      for (size_t p = 0; p < 4; ++p) ASSERT_EQ(out[p][channels], -9) << "wrote past the channels";
      ASSERT_EQ(out[2][0], -9) << "wrote a null pixel";
    }
  }
}

TEST(QS16Gemm, SumsInt16RowsAgainstTheC2Layout) {
  for (const Gemm& gemm : kGemms) {
    for (size_t kc : {8, 16, 40}) {
      for (size_t nc = 1; nc <= 17; ++nc) {
        for (size_t mr = 1; mr <= gemm.mr; ++mr) {
          Rng rng(static_cast<uint32_t>(kc * 100 + nc * 10 + mr));
          const size_t a_stride = kc + 3;
          std::vector<int16_t> a(mr * a_stride), w(nc * kc);
          for (auto& e : a) e = static_cast<int16_t>(static_cast<int32_t>(rng.Next() % 2041) - 1020);
          for (auto& e : w) e = static_cast<int16_t>(static_cast<int32_t>(rng.Next() % 4591) - 2295);
          std::vector<uint8_t> packed(QU8PackedIgemmSizeC2(nc, kc, 1));
          QS16PackIgemmGoiC2(nc, kc, 1, w.data(), packed.data());
          const size_t blocks = (nc + 7) / 8, cm_stride = blocks * 8 + 2;
          std::vector<int32_t> c(mr * cm_stride, -9);
          gemm.fn(mr, nc, kc, a.data(), a_stride * sizeof(int16_t), packed.data(), c.data(), cm_stride * sizeof(int32_t),
                  8 * sizeof(int32_t));
          for (size_t r = 0; r < mr; ++r) {
            for (size_t j = 0; j < cm_stride; ++j) {
              if (j >= nc) {
                ASSERT_EQ(c[r * cm_stride + j], -9) << gemm.name << " wrote past nc";
                continue;
              }
              int64_t sum = 0;
              for (size_t kk = 0; kk < kc; ++kk) sum += int64_t{a[r * a_stride + kk]} * w[j * kc + kk];
              ASSERT_EQ(c[r * cm_stride + j], sum) << gemm.name << " mr=" << mr << " nc=" << nc << " kc=" << kc;
            }
          }
        }
      }
    }
  }
}

// Filter, input, the 16 products summed over channels (the GEMM), output: a 3x3 convolution of a 4x4 window, exact,
// at the extremes (255 - 0 against 0 - 255 everywhere gives the largest sums).
TEST(QU8Winograd, ComposedTransformsConvolveExactly) {
  const auto& cfg = GetQU8WinogradConfig();
  for (int extreme = 0; extreme < 2; ++extreme) {
    const size_t kc = 21, kcp = Padded(kc), ncp = 8, block = 16 + kcp * 8;
    Rng rng(11);
    std::vector<uint8_t> g(9 * kc * ncp), zp(ncp);
    for (auto& b : g) b = extreme ? 0 : Byte(rng);
    for (auto& b : zp) b = extreme ? 255 : Byte(rng);
    std::vector<int16_t> packed(16 * block);
    cfg.filter(kc, ncp, g.data(), zp.data(), 0, 1, packed.data(), block);
    std::vector<std::vector<uint8_t>> rows(16, std::vector<uint8_t>(kc));
    std::vector<const uint8_t*> d(16);
    const uint8_t zero_point = extreme ? 0 : 100;
    for (size_t i = 0; i < 16; ++i) {
      for (auto& b : rows[i]) b = extreme ? 255 : Byte(rng);
      d[i] = rows[i].data();
    }
    std::vector<int16_t> v(16 * kcp);
    cfg.input(kc, kcp, d.data(), zero_point, v.data(), kcp);
    std::vector<int32_t> m(16 * ncp);
    for (size_t xi = 0; xi < 16; ++xi) {
      cfg.gemm(1, ncp, kcp, v.data() + xi * kcp, kcp * sizeof(int16_t), packed.data() + xi * block, m.data() + xi * ncp,
               ncp * sizeof(int32_t), 8 * sizeof(int32_t));
    }
    std::vector<std::vector<int32_t>> out(4, std::vector<int32_t>(ncp));
    int32_t* y[4] = {out[0].data(), out[1].data(), out[2].data(), out[3].data()};
    cfg.output(ncp, m.data(), ncp, y);
    for (size_t p = 0; p < 4; ++p) {
      for (size_t o = 0; o < ncp; ++o) {
        int64_t sum = 0;
        for (size_t ky = 0; ky < 3; ++ky) {
          for (size_t kx = 0; kx < 3; ++kx) {
            for (size_t c = 0; c < kc; ++c) {
              const int64_t x = int64_t{rows[(p / 2 + ky) * 4 + p % 2 + kx][c]} - zero_point;
              sum += x * (int64_t{g[((ky * 3 + kx) * kc + c) * ncp + o]} - zp[o]);
            }
          }
        }
        ASSERT_EQ(out[p][o], sum) << "pixel " << p << " channel " << o << " extreme " << extreme;
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
