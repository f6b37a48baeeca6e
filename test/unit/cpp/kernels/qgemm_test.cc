// qu8 indirect GEMM tiles, stamped from qu8-igemm.inc: every tile against an integer reference computed here
// from the unpacked operands (exact: the sums are integers), over kc with and without an 8-byte tail, taps,
// rows below MR, columns below and past NR, per-tensor and per-channel weight zero points, a bias, padding
// taps (the `zero` row, which holds the activation zero point) and a_offset; nothing written past nc
// columns or mr rows.
#include "kernels/qgemm.h"

#include <gtest/gtest.h>

#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

enum class Weights { I16, U8, C2 };

struct Kernel {
  const char* name;
  uint32_t mr, nr;
  Weights weights;
  QU8IgemmUkernelFn fn;

  // The packed weights of the kernel's layout.
  std::vector<uint8_t> Pack(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* zp, bool per_channel,
                            const int32_t* bias) const {
    if (weights == Weights::C2) {
      std::vector<uint8_t> packed(QU8PackedIgemmSizeC2(nc, kc, ks));
      QU8PackIgemmGoiC2(nc, kc, ks, w, zp, per_channel, bias, packed.data());
      return packed;
    }
    std::vector<uint8_t> packed(weights == Weights::U8 ? QU8PackedIgemmSizeU8(nc, kc, ks) : QU8PackedIgemmSize(nc, kc, ks));
    (weights == Weights::U8 ? QU8PackIgemmGoiU8 : QU8PackIgemmGoi)(nc, kc, ks, w, zp, per_channel, bias, packed.data());
    return packed;
  }
};

#define WEBNN_QU8_IGEMM_UKERNEL(mr, nr, weights, name) Kernel{#name, mr, nr, Weights::weights, name},
const Kernel kKernels[] = {
#include "kernels/qu8-igemm/qu8-igemm.inc"
};
#undef WEBNN_QU8_IGEMM_UKERNEL

void Check(const Kernel& kernel, size_t mr, size_t nc, size_t kc, size_t ks, bool per_channel, Rng& rng) {
  const size_t offset = 16;  // a_offset: every non-padding row pointer points `offset` bytes before its row
  const int32_t a_zero_point = static_cast<int32_t>(rng.Next() % 256);
  std::vector<uint8_t> rows(ks * kernel.mr * kc + offset + 64);
  for (uint8_t& v : rows) v = static_cast<uint8_t>(rng.Next());
  std::vector<uint8_t> zero(kc + 8, static_cast<uint8_t>(a_zero_point));
  std::vector<const uint8_t*> a(ks * kernel.mr);
  for (size_t s = 0; s < ks; ++s) {
    for (size_t r = 0; r < kernel.mr; ++r) {
      const bool padding = (s + r) % 5 == 3;
      a[s * kernel.mr + r] = padding ? zero.data() : rows.data() + (s * kernel.mr + r) * kc;  // + offset by the kernel
    }
  }
  std::vector<uint8_t> w(nc * ks * kc), w_zero_point(per_channel ? nc : 1);
  for (uint8_t& v : w) v = static_cast<uint8_t>(rng.Next());
  for (uint8_t& v : w_zero_point) v = static_cast<uint8_t>(rng.Next());
  std::vector<int32_t> bias(nc);
  for (int32_t& v : bias) v = static_cast<int32_t>(rng.Next() % 2001) - 1000;
  const std::vector<uint8_t> packed = kernel.Pack(nc, kc, ks, w.data(), w_zero_point.data(), per_channel, bias.data());
  // The kernel reads row r's pointer + offset: shift the data so that lands on the row.
  std::vector<const uint8_t*> shifted(a);
  for (const uint8_t*& p : shifted) {
    if (p != zero.data()) p -= offset;
  }
  const size_t ldc = nc + 3;
  const int32_t guard = 0x5A5A5A5A;
  std::vector<int32_t> c((kernel.mr + 1) * ldc, guard);
  QU8ConvParams params{a_zero_point};
  kernel.fn(mr, nc, kc, ks, shifted.data(), packed.data(), c.data(), ldc * sizeof(int32_t), kernel.nr * sizeof(int32_t),
            offset, zero.data(), &params);
  for (size_t r = 0; r < kernel.mr + 1; ++r) {
    for (size_t j = 0; j < ldc; ++j) {
      if (r >= mr || j >= nc) {
        ASSERT_EQ(c[r * ldc + j], guard) << kernel.name << " wrote row " << r << " column " << j;
        continue;
      }
      int64_t want = bias[j];
      for (size_t s = 0; s < ks; ++s) {
        const uint8_t* row = a[s * kernel.mr + r];
        for (size_t k = 0; k < kc; ++k) {
          want += (int64_t{row[k]} - a_zero_point) * (int64_t{w[(j * ks + s) * kc + k]} - w_zero_point[per_channel ? j : 0]);
        }
      }
      ASSERT_EQ(c[r * ldc + j], want) << kernel.name << " mr " << mr << " nc " << nc << " kc " << kc << " ks " << ks
                                      << " row " << r << " column " << j;
    }
  }
}

TEST(QU8Igemm, TilesAgainstTheIntegerReference) {
  Rng rng(31);
  for (const Kernel& kernel : kKernels) {
    for (size_t kc : {1, 3, 7, 8, 9, 16, 23, 64}) {
      for (size_t ks : {1, 3, 9}) {
        for (size_t mr = 1; mr <= kernel.mr; ++mr) {
          for (size_t nc : {1, 3, 4, 5, 9, 17}) Check(kernel, mr, nc, kc, ks, (kc + nc) % 2 == 0, rng);
        }
      }
    }
  }
}

// Extremes: every activation 255 against zero point 0 and every weight 0 against zero point 255 give the
// largest products; kc = 4096 of them stays within int32 (4096 * 255 * 255 = 266M).
TEST(QU8Igemm, LargestProductsOverALongK) {
  const size_t kc = 4096;
  std::vector<uint8_t> row(kc, 255), w(4 * kc, 0), zp{255}, zero(kc, 0);
  for (const Kernel& kernel : kKernels) {
    const std::vector<uint8_t> packed = kernel.Pack(4, kc, 1, w.data(), zp.data(), false, nullptr);
    std::vector<const uint8_t*> a(kernel.mr, row.data());
    std::vector<int32_t> c(4 * kernel.mr, 0);
    QU8ConvParams params{0};
    kernel.fn(kernel.mr, 4, kc, 1, a.data(), packed.data(), c.data(), 4 * sizeof(int32_t), 4 * sizeof(int32_t), 0,
              zero.data(), &params);
    for (int32_t v : c) ASSERT_EQ(v, -int32_t{4096} * 255 * 255) << kernel.name;
  }
}

// A matmul's B packed as stored ([kc][nc], QU8PackIgemmGioU8) gives the bytes its transpose packed by
// QU8PackIgemmGoiU8 gives: per-tensor and per-column zero points, nc and kc off the block sizes.
TEST(QU8Igemm, GioPackingMatchesGoi) {
  Rng rng(9);
  for (size_t nc : {1, 4, 7, 13}) {
    for (size_t kc : {1, 8, 11, 40}) {
      for (bool per_channel : {false, true}) {
        std::vector<uint8_t> kn(kc * nc), nk(nc * kc), zp(per_channel ? nc : 1);
        for (uint8_t& v : kn) v = static_cast<uint8_t>(rng.Next());
        for (uint8_t& v : zp) v = static_cast<uint8_t>(rng.Next());
        for (size_t k = 0; k < kc; ++k) {
          for (size_t n = 0; n < nc; ++n) nk[n * kc + k] = kn[k * nc + n];
        }
        std::vector<uint8_t> gio(QU8PackedIgemmSizeU8(nc, kc, 1)), goi(gio.size());
        QU8PackIgemmGioU8(nc, kc, kn.data(), zp.data(), per_channel, nullptr, gio.data());
        QU8PackIgemmGoiU8(nc, kc, 1, nk.data(), zp.data(), per_channel, nullptr, goi.data());
        ASSERT_EQ(gio, goi) << "nc " << nc << " kc " << kc;
      }
    }
  }
}

// Weights handed over less their zero point (QS16PackIgemmGoi, QS16PackIgemmGoiC2) pack to the bytes QU8PackIgemmGoi
// (QU8PackIgemmGoiC2) makes from the
// stored bytes and zero points: per-tensor and per-column zero points, taps, nc and kc off the block sizes.
TEST(QU8Igemm, Int16PackingMatchesBytesLessZeroPoints) {
  Rng rng(10);
  for (size_t nc : {1, 4, 7, 13}) {
    for (size_t kc : {1, 8, 11, 40}) {
      for (size_t ks : {1, 9}) {
        for (bool per_channel : {false, true}) {
          std::vector<uint8_t> w(nc * ks * kc), zp(per_channel ? nc : 1);
          for (uint8_t& v : w) v = static_cast<uint8_t>(rng.Next());
          for (uint8_t& v : zp) v = static_cast<uint8_t>(rng.Next());
          std::vector<int16_t> less(w.size());
          for (size_t i = 0; i < w.size(); ++i) less[i] = static_cast<int16_t>(w[i] - zp[per_channel ? i / (ks * kc) : 0]);
          std::vector<uint8_t> from_bytes(QU8PackedIgemmSize(nc, kc, ks)), from_int16(from_bytes.size());
          QU8PackIgemmGoi(nc, kc, ks, w.data(), zp.data(), per_channel, nullptr, from_bytes.data());
          QS16PackIgemmGoi(nc, kc, ks, less.data(), from_int16.data());
          ASSERT_EQ(from_bytes, from_int16) << "nc " << nc << " kc " << kc << " ks " << ks;
          std::vector<uint8_t> c2_bytes(QU8PackedIgemmSizeC2(nc, kc, ks)), c2_int16(c2_bytes.size());
          QU8PackIgemmGoiC2(nc, kc, ks, w.data(), zp.data(), per_channel, nullptr, c2_bytes.data());
          QS16PackIgemmGoiC2(nc, kc, ks, less.data(), c2_int16.data());
          ASSERT_EQ(c2_bytes, c2_int16) << "c2: nc " << nc << " kc " << kc << " ks " << ks;
        }
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
