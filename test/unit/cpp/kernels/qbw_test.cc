// The f32 x blockwise-quantized kernels (kernels/qbw.h), stamped from f32-qb4w-gemm.inc and f32-qb8w-gemm.inc: every
// kernel bit-exact with its family's scalar tile and within a float rounding bound of a double-precision product of
// the dequantized weights, over column counts below, at and past 8, one and several blocks, block lengths 4 to 64,
// signed and unsigned weights; nothing written past nc. The packing reads weights in either orientation ([N, K] or
// [K, N] through the strides), and both unpack kernels of each family give exactly the floats dequantizeLinear does.
#include "kernels/qbw.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

// A family as the runtime uses it (GetQbwConfig), with its scalar twins.
struct Family {
  int bits;
  const QbwConfig& config;
  F32QbwGemmUkernelFn reference;
  QbwF32UnpackUkernelFn unpack_scalar;
};
const Family kQb4w{4, GetQbwConfig(4), f32_qb4w_gemm_ukernel_1x8__scalar, qb4w_f32_unpack_ukernel__scalar};
const Family kQb8w{8, GetQbwConfig(8), f32_qb8w_gemm_ukernel_1x8__scalar, qb8w_f32_unpack_ukernel__scalar};

struct Kernel {
  const char* name;
  const Family& family;
  F32QbwGemmUkernelFn fn;
};
#define WEBNN_F32_QBW_GEMM_UKERNEL(mr, nr, name) Kernel{#name, kQb4w, name},
const Kernel kQb4wKernels[] = {
#include "kernels/f32-qb4w-gemm/f32-qb4w-gemm.inc"
};
#undef WEBNN_F32_QBW_GEMM_UKERNEL
#define WEBNN_F32_QBW_GEMM_UKERNEL(mr, nr, name) Kernel{#name, kQb8w, name},
const Kernel kQb8wKernels[] = {
#include "kernels/f32-qb8w-gemm/f32-qb8w-gemm.inc"
};
#undef WEBNN_F32_QBW_GEMM_UKERNEL

// A packing's two planes (kernels/qbw.h).
struct Packing {
  std::vector<uint8_t> groups, headers;
  Packing(const Family& f, size_t nc, size_t kc, size_t bl)
      : groups(QbwColumnBlocks(nc) * f.config.group_block_bytes(kc)), headers(QbwHeadersSize(nc, kc, bl)) {}
  bool operator==(const Packing& o) const { return groups == o.groups && headers == o.headers; }
  // Column block j's planes.
  const uint8_t* g(size_t j, const Family& f, size_t kc) const { return groups.data() + j * f.config.group_block_bytes(kc); }
  const uint8_t* h(size_t j, size_t kc, size_t bl) const { return headers.data() + j * QbwHeaderBlockBytes(kc, bl); }
};

// Packs `source` into a fresh packing.
Packing PackInto(const Family& f, size_t nc, size_t kc, size_t bl, const QbwSource& source) {
  Packing p(f, nc, kc, bl);
  f.config.pack(nc, kc, bl, source, p.groups.data(), p.headers.data());
  return p;
}

// Random weights [nc][kc] held a byte each (int4 sign-extended), scales and zero points [nc][kc / bl].
struct Weights {
  const Family& family;
  size_t nc, kc, bl;
  bool is_signed;
  std::vector<uint8_t> q, z;
  std::vector<float> s;
  Weights(const Family& f, size_t nc_, size_t kc_, size_t bl_, bool is_signed_, Rng& rng)
      : family(f), nc(nc_), kc(kc_), bl(bl_), is_signed(is_signed_) {
    const int levels = 1 << f.bits;
    auto value = [&] { return static_cast<uint8_t>(static_cast<int>(rng.Next() % levels) - (is_signed ? levels / 2 : 0)); };
    q.resize(nc * kc);
    for (uint8_t& v : q) v = value();
    z.resize(nc * (kc / bl));
    s.resize(z.size());
    for (size_t i = 0; i < z.size(); ++i) {
      z[i] = value();
      s[i] = static_cast<float>(rng.Next() % 1000 + 1) / 4096.0f;
    }
  }
  int Held(uint8_t v) const { return is_signed ? static_cast<int8_t>(v) : v; }
  float W(size_t n, size_t k) const {
    const size_t at = n * (kc / bl) + k / bl;
    return static_cast<float>(Held(q[n * kc + k]) - Held(z[at])) * s[at];
  }
  QbwSource Source() const { return {q.data(), static_cast<int64_t>(kc), 1, s.data(), z.data(), static_cast<int64_t>(kc / bl), 1, is_signed}; }
  Packing Pack() const { return PackInto(family, nc, kc, bl, Source()); }
};

// The GEMV cases: column counts below, at and past 8, blocks of each of `lengths`, one and three of them, unsigned
// and signed weights, activations in [-1.95, 1.95]; check(w, a, packed) for each.
template <typename Check>
void ForEachGemvCase(const Family& family, uint32_t seed, std::initializer_list<size_t> lengths, Check check) {
  Rng rng(seed);
  for (size_t nc : {1, 5, 8, 13, 24}) {
    for (size_t bl : lengths) {
      for (size_t blocks : {1, 3}) {
        for (bool is_signed : {false, true}) {
          const Weights w(family, nc, bl * blocks, bl, is_signed, rng);
          std::vector<float> a(w.kc);
          for (float& v : a) v = static_cast<float>(static_cast<int>(rng.Next() % 2001) - 1000) / 512.0f;
          check(w, a, w.Pack());
        }
      }
    }
  }
}

// How far a split moves a value, as a fraction of its block's largest |a|: the digits' half a unit, qd8's
// (largest / 127 rounded, then the product with 127 / largest rounded: ~2.4e-7 of |a| more).
constexpr double kDigitsError = 1.0 / (1 << 22), kQd16Error = 1.0 / 65024 + 3e-7, kQd8Error = 1.0 / 254 + 3e-7;

// c[n] for n < nc within the float tiles' bound of the double product ((kc + 2) * 6e-8 of the sum of |products|), plus
// the split's (split_error of each block's largest |a|, times the block's sum of |w|).
void ExpectNearTheProduct(const Weights& w, const std::vector<float>& a, const float* c, double split_error, const char* name) {
  for (size_t n = 0; n < w.nc; ++n) {
    double exact = 0, magnitude = 0, bound = 0;
    for (size_t b = 0; b < w.kc / w.bl; ++b) {
      double largest = 0, weights = 0;
      for (size_t k = b * w.bl; k < (b + 1) * w.bl; ++k) {
        exact += double{a[k]} * w.W(n, k);
        magnitude += std::fabs(double{a[k]} * w.W(n, k));
        largest = std::fmax(largest, std::fabs(double{a[k]}));
        weights += std::fabs(double{w.W(n, k)});
      }
      bound += split_error * largest * weights;
    }
    ASSERT_NEAR(c[n], exact, (w.kc + 2) * 6e-8 * magnitude + bound + 1e-30)
        << name << " nc " << w.nc << " kc " << w.kc << " bl " << w.bl << " column " << n;
  }
}

void CheckKernel(const Kernel& kernel) {
  ForEachGemvCase(kernel.family, 7, {4, 16, 64}, [&](const Weights& w, const std::vector<float>& a, const Packing& packed) {
    std::vector<float> c(w.nc + 3, 1234.5f), ref(w.nc + 3, 1234.5f);
    kernel.fn(w.nc, w.kc, w.bl, a.data(), packed.groups.data(), packed.headers.data(), c.data());
    kernel.family.reference(w.nc, w.kc, w.bl, a.data(), packed.groups.data(), packed.headers.data(), ref.data());
    for (size_t j = 0; j < w.nc + 3; ++j) ASSERT_EQ(c[j], ref[j]) << kernel.name << " nc " << w.nc << " kc " << w.kc << " column " << j;
    ExpectNearTheProduct(w, a, c.data(), 0, kernel.name);
  });
}

TEST(F32QbwGemm, Qb4wKernelsAgainstTheReference) {
  for (const Kernel& kernel : kQb4wKernels) CheckKernel(kernel);
}

TEST(F32QbwGemm, Qb8wKernelsAgainstTheReference) {
  for (const Kernel& kernel : kQb8wKernels) CheckKernel(kernel);
}

// A row of 7 blocks of bl for the splits: zeros, subnormals, values near the float maximum, exact integers (block
// 3), one block's spread of 12 orders of magnitude, then values of every scale.
std::vector<float> SplitCases(Rng& rng, size_t bl) {
  std::vector<float> a(7 * bl);
  for (size_t k = 0; k < a.size(); ++k) {
    const float u = static_cast<float>(static_cast<int>(rng.Next() % 2001) - 1000) / 1000.0f;
    switch (k / bl) {
      case 0: a[k] = 0.0f; break;
      case 1: a[k] = u * 1e-40f; break;   // subnormal
      case 2: a[k] = u * 3e38f; break;    // near the maximum
      case 3: a[k] = std::round(u * 1000.0f); break;
      case 4: a[k] = k % 5 == 0 ? u * 1e6f : u * 1e-6f; break;  // one block's spread
      default: a[k] = u * std::ldexp(1.0f, static_cast<int>(k % 40) - 20); break;
    }
  }
  return a;
}

// The split of a row into digits: the wasmsimd kernel equal to the scalar one; each value within half a unit of
// unit * (h * 2^16 + m * 2^8 + l), half a unit at most 2^-22 of the block's largest |x|; h in [-127, 127]; the
// sums the digits'. Blocks of zeros, subnormals, values near the float maximum, exact integers; NaN and infinity
// refused.
TEST(F32QbwSplitLimbs, DigitsWithinHalfAUnitOfEachBlocksLargest) {
  Rng rng(5);
  const size_t bl = 16, kc = 7 * bl;
  std::vector<float> a = SplitCases(rng, bl);
  std::vector<int8_t> digits(3 * kc), twin(3 * kc);
  std::vector<float> units(kc / bl), twin_units(kc / bl);
  std::vector<int32_t> sums(3 * (kc / bl)), twin_sums(sums.size());
  ASSERT_TRUE(f32_qbw_split_limbs__wasmsimd(kc, bl, a.data(), digits.data(), units.data(), sums.data()));
  ASSERT_TRUE(f32_qbw_split_limbs__scalar(kc, bl, a.data(), twin.data(), twin_units.data(), twin_sums.data()));
  ASSERT_EQ(digits, twin);
  ASSERT_EQ(units, twin_units);
  ASSERT_EQ(sums, twin_sums);
  for (size_t b = 0; b < kc / bl; ++b) {
    double largest = 0;
    int32_t total[3] = {};
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) largest = std::fmax(largest, std::fabs(double{a[k]}));
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) {
      const int8_t* group = digits.data() + 12 * (k / 4) + k % 4;
      ASSERT_GE(group[0], -127);
      ASSERT_LE(group[0], 127);
      const double x = double{units[b]} * (group[0] * 65536.0 + group[4] * 256.0 + group[8]);
      ASSERT_LE(std::fabs(x - a[k]), std::fmin(0.5 * units[b], std::ldexp(largest, -22))) << "block " << b << " row " << k;
      if (b == 3) ASSERT_EQ(x, a[k]) << "integers stay exact";
      for (int l = 0; l < 3; ++l) total[l] += group[4 * l];
    }
    for (int l = 0; l < 3; ++l) ASSERT_EQ(sums[3 * b + l], total[l]);
  }
  for (float bad : {NAN, INFINITY, -INFINITY}) {
    a[kc - 3] = bad;
    ASSERT_FALSE(f32_qbw_split_limbs__wasmsimd(kc, bl, a.data(), digits.data(), units.data(), sums.data()));
    ASSERT_FALSE(f32_qbw_split_limbs__scalar(kc, bl, a.data(), digits.data(), units.data(), sums.data()));
  }
}

// The split into two 16-bit digits, over the same cases: the wasmsimd kernel equal to the scalar one, the same units
// as the 8-bit split, each value within half a unit of unit * (h * 4096 + l); h in [-2032, 2032], l in [-2048, 2047];
// the sums the digits'. NaN and infinity refused.
TEST(F32QbwSplitLimbs, SixteenBitDigitsWithinHalfAUnitOfEachBlocksLargest) {
  Rng rng(6);
  const size_t bl = 16, kc = 7 * bl;
  std::vector<float> a = SplitCases(rng, bl);
  std::vector<int8_t> digits(4 * kc), twin(4 * kc), limbs(3 * kc);
  std::vector<float> units(kc / bl), twin_units(kc / bl), limb_units(kc / bl);
  std::vector<int32_t> sums(2 * (kc / bl)), twin_sums(sums.size()), limb_sums(3 * (kc / bl));
  ASSERT_TRUE(f32_qbw_split_digits16__wasmsimd(kc, bl, a.data(), digits.data(), units.data(), sums.data()));
  ASSERT_TRUE(f32_qbw_split_digits16__scalar(kc, bl, a.data(), twin.data(), twin_units.data(), twin_sums.data()));
  ASSERT_TRUE(f32_qbw_split_limbs__scalar(kc, bl, a.data(), limbs.data(), limb_units.data(), limb_sums.data()));
  ASSERT_EQ(digits, twin);
  ASSERT_EQ(units, twin_units);
  ASSERT_EQ(units, limb_units);
  ASSERT_EQ(sums, twin_sums);
  const int16_t* d = reinterpret_cast<const int16_t*>(digits.data());
  for (size_t b = 0; b < kc / bl; ++b) {
    double largest = 0;
    int32_t total[2] = {};
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) largest = std::fmax(largest, std::fabs(double{a[k]}));
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) {
      const int16_t* group = d + 8 * (k / 4) + k % 4;
      ASSERT_GE(group[0], -2032);
      ASSERT_LE(group[0], 2032);
      ASSERT_GE(group[4], -2048);
      ASSERT_LE(group[4], 2047);
      const double x = double{units[b]} * (group[0] * 4096.0 + group[4]);
      ASSERT_LE(std::fabs(x - a[k]), std::fmin(0.5 * units[b], std::ldexp(largest, -22))) << "block " << b << " row " << k;
      if (b == 3) ASSERT_EQ(x, a[k]) << "integers stay exact";
      total[0] += group[0], total[1] += group[4];
    }
    ASSERT_EQ(sums[2 * b], total[0]);
    ASSERT_EQ(sums[2 * b + 1], total[1]);
  }
  for (float bad : {NAN, INFINITY, -INFINITY}) {
    a[kc - 3] = bad;
    ASSERT_FALSE(f32_qbw_split_digits16__wasmsimd(kc, bl, a.data(), digits.data(), units.data(), sums.data()));
    ASSERT_FALSE(f32_qbw_split_digits16__scalar(kc, bl, a.data(), digits.data(), units.data(), sums.data()));
  }
}

// The qd8 split over the same cases: the wasmsimd kernel equal to the scalar one; each block's unit its largest |a|
// / 127, X in [-127, 127] (the largest at +-127) and a within kQd8Error of the largest of unit * X; integers up to
// 127 exact; the sums the X's. A block of zeros gives zeros; NaN, infinity and a block whose largest is below 2^-100
// (the subnormals') refused.
TEST(F32QbwSplitLimbs, Qd8WithinHalfAUnitOfEachBlocksLargest) {
  Rng rng(8);
  const size_t bl = 16, kc = 7 * bl;
  std::vector<float> a = SplitCases(rng, bl);
  for (size_t k = bl; k < 2 * bl; ++k) a[k] = 0.0f;  // the subnormal block: zeros instead
  for (size_t k = 3 * bl; k < 4 * bl; ++k) a[k] = static_cast<float>(static_cast<int>(k * 37 % 255) - 127);  // integers of [-127, 127]
  a[3 * bl] = -127.0f;
  std::vector<int8_t> q(kc), twin(kc);
  std::vector<float> units(kc / bl), twin_units(kc / bl);
  std::vector<int32_t> sums(kc / bl), twin_sums(sums.size());
  ASSERT_TRUE(f32_qbw_split_qd8__wasmsimd(kc, bl, a.data(), q.data(), units.data(), sums.data()));
  ASSERT_TRUE(f32_qbw_split_qd8__scalar(kc, bl, a.data(), twin.data(), twin_units.data(), twin_sums.data()));
  ASSERT_EQ(q, twin);
  ASSERT_EQ(units, twin_units);
  ASSERT_EQ(sums, twin_sums);
  for (size_t b = 0; b < kc / bl; ++b) {
    float largest = 0;
    int32_t total = 0;
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) largest = std::fmax(largest, std::fabs(a[k]));
    ASSERT_EQ(units[b], largest / 127.0f);
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) {
      ASSERT_GE(q[k], -127);
      ASSERT_LE(q[k], 127);
      if (std::fabs(a[k]) == largest && largest > 0) ASSERT_EQ(std::abs(q[k]), 127);
      const double x = double{units[b]} * q[k];
      ASSERT_LE(std::fabs(x - a[k]), kQd8Error * largest) << "block " << b << " row " << k;
      if (b == 3) ASSERT_EQ(q[k], a[k]) << "integers of [-127, 127] exact";
      if (b == 1) ASSERT_EQ(q[k], 0);
      total += q[k];
    }
    ASSERT_EQ(sums[b], total);
  }
  for (float bad : {NAN, INFINITY, -INFINITY, 1e-31f}) {
    std::vector<float> refused = a;
    if (bad == 1e-31f) {
      for (size_t k = 0; k < bl; ++k) refused[k] = k % 2 ? bad : 0.0f;  // block 0 below 2^-100
    } else {
      refused[kc - 3] = bad;
    }
    ASSERT_FALSE(f32_qbw_split_qd8__wasmsimd(kc, bl, refused.data(), q.data(), units.data(), sums.data())) << bad;
    ASSERT_FALSE(f32_qbw_split_qd8__scalar(kc, bl, refused.data(), q.data(), units.data(), sums.data())) << bad;
  }
}

// An integer-dot GEMV with its split against the double product: within the float tiles' bound plus the split's
// (split_error of each block's largest |x| times the block's sum of |w|), over the shapes CheckKernel covers and
// blocks of 128 (the relaxed kernels' int16 sums flushed every 32 rows). qd8's GEMVs also against the double product
// of the values the split gave (unit * X), within the float bound alone: their integer sums are exact.
// The values a qd split gave: unit * X per element (exact in float: |X| <= 32512).
using GivenFn = std::vector<float> (*)(size_t kc, size_t bl, const std::vector<int8_t>& limbs, const std::vector<float>& units);
std::vector<float> GivenQd8(size_t kc, size_t bl, const std::vector<int8_t>& limbs, const std::vector<float>& units) {
  std::vector<float> x(kc);
  for (size_t k = 0; k < kc; ++k) x[k] = units[k / bl] * limbs[k];
  return x;
}
std::vector<float> GivenQd16Digits(size_t kc, size_t bl, const std::vector<int8_t>& limbs, const std::vector<float>& units) {
  std::vector<float> x(kc);
  for (size_t k = 0; k < kc; ++k) x[k] = units[k / bl] * (256 * limbs[8 * (k / 4) + k % 4] + limbs[8 * (k / 4) + 4 + k % 4]);
  return x;
}
std::vector<float> GivenQd16(size_t kc, size_t bl, const std::vector<int8_t>& limbs, const std::vector<float>& units) {
  const int16_t* X = reinterpret_cast<const int16_t*>(limbs.data());
  std::vector<float> x(kc);
  for (size_t k = 0; k < kc; ++k) x[k] = units[k / bl] * X[k];
  return x;
}

void CheckDotGemv(const Family& family, const QbwDotGemv& dot, double split_error, const char* name, GivenFn given = nullptr) {
  ForEachGemvCase(family, 9, {4, 16, 64, 128}, [&](const Weights& w, const std::vector<float>& a, const Packing& packed) {
    const size_t blocks = w.kc / w.bl;
    std::vector<int8_t> digits(dot.limb_bytes_per_k * w.kc);
    std::vector<float> units(blocks);
    std::vector<int32_t> sums(dot.sums_per_block * blocks);
    ASSERT_TRUE(dot.split(w.kc, w.bl, a.data(), digits.data(), units.data(), sums.data()));
    std::vector<float> c(w.nc + 3, 1234.5f);
    dot.gemv(w.nc, w.kc, w.bl, digits.data(), units.data(), sums.data(), packed.groups.data(), packed.headers.data(), c.data());
    for (size_t j = w.nc; j < w.nc + 3; ++j) ASSERT_EQ(c[j], 1234.5f) << "wrote past nc";
    ExpectNearTheProduct(w, a, c.data(), split_error, name);
    if (given) ExpectNearTheProduct(w, given(w.kc, w.bl, digits, units), c.data(), 0, name);
  });
}

// The qd16 splits over the split cases (a block of zeros for the subnormal one): each wasmsimd kernel equal to its
// scalar twin; both give the same values unit * X, unit the block's largest / 32512, |X| <= 32512 (the largest at
// +-32512), each within kQd16Error of the largest; the digits h in [-127, 127] and l in [-128, 127]; the sums the
// digits' (or X's). NaN, infinity and a block below 2^-100 refused.
TEST(F32QbwSplitLimbs, Qd16WithinHalfAUnitOfEachBlocksLargest) {
  Rng rng(9);
  const size_t bl = 16, kc = 7 * bl, blocks = kc / bl;
  std::vector<float> a = SplitCases(rng, bl);
  for (size_t k = bl; k < 2 * bl; ++k) a[k] = 0.0f;
  std::vector<int8_t> digits(2 * kc), digits_twin(2 * kc), plain(2 * kc), plain_twin(2 * kc);
  std::vector<float> units(blocks), units_twin(blocks), plain_units(blocks), plain_units_twin(blocks);
  std::vector<int32_t> sums(2 * blocks), sums_twin(2 * blocks), plain_sums(blocks), plain_sums_twin(blocks);
  ASSERT_TRUE(f32_qbw_split_qd16_digits__wasmsimd(kc, bl, a.data(), digits.data(), units.data(), sums.data()));
  ASSERT_TRUE(f32_qbw_split_qd16_digits__scalar(kc, bl, a.data(), digits_twin.data(), units_twin.data(), sums_twin.data()));
  ASSERT_TRUE(f32_qbw_split_qd16__wasmsimd(kc, bl, a.data(), plain.data(), plain_units.data(), plain_sums.data()));
  ASSERT_TRUE(f32_qbw_split_qd16__scalar(kc, bl, a.data(), plain_twin.data(), plain_units_twin.data(), plain_sums_twin.data()));
  ASSERT_EQ(digits, digits_twin);
  ASSERT_EQ(units, units_twin);
  ASSERT_EQ(sums, sums_twin);
  ASSERT_EQ(plain, plain_twin);
  ASSERT_EQ(plain_units, units);
  ASSERT_EQ(plain_sums, plain_sums_twin);
  const std::vector<float> x = GivenQd16Digits(kc, bl, digits, units);
  ASSERT_EQ(x, GivenQd16(kc, bl, plain, units));
  const int16_t* X = reinterpret_cast<const int16_t*>(plain.data());
  for (size_t b = 0; b < blocks; ++b) {
    float largest = 0;
    int32_t sum_h = 0, sum_l = 0, sum = 0;
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) largest = std::fmax(largest, std::fabs(a[k]));
    ASSERT_EQ(units[b], largest / 32512.0f);
    for (size_t k = b * bl; k < (b + 1) * bl; ++k) {
      const int h = digits[8 * (k / 4) + k % 4], l = digits[8 * (k / 4) + 4 + k % 4];
      ASSERT_GE(h, -127);
      ASSERT_LE(h, 127);
      ASSERT_EQ(256 * h + l, X[k]);
      ASSERT_LE(std::abs(X[k]), 32512);
      if (std::fabs(a[k]) == largest && largest > 0) ASSERT_EQ(std::abs(X[k]), 32512);
      ASSERT_LE(std::fabs(double{x[k]} - a[k]), kQd16Error * largest) << "block " << b << " row " << k;
      sum_h += h, sum_l += l, sum += X[k];
    }
    ASSERT_EQ(sums[2 * b], sum_h);
    ASSERT_EQ(sums[2 * b + 1], sum_l);
    ASSERT_EQ(plain_sums[b], sum);
  }
  for (float bad : {NAN, INFINITY, 1e-31f}) {
    std::vector<float> refused = a;
    if (bad == 1e-31f) {
      for (size_t k = 0; k < bl; ++k) refused[k] = k % 2 ? bad : 0.0f;
    } else {
      refused[kc - 3] = bad;
    }
    ASSERT_FALSE(f32_qbw_split_qd16_digits__wasmsimd(kc, bl, refused.data(), digits.data(), units.data(), sums.data())) << bad;
    ASSERT_FALSE(f32_qbw_split_qd16_digits__scalar(kc, bl, refused.data(), digits.data(), units.data(), sums.data())) << bad;
    ASSERT_FALSE(f32_qbw_split_qd16__wasmsimd(kc, bl, refused.data(), plain.data(), units.data(), sums.data())) << bad;
    ASSERT_FALSE(f32_qbw_split_qd16__scalar(kc, bl, refused.data(), plain.data(), units.data(), sums.data())) << bad;
  }
}

TEST(F32QbwGemm, Qb4wDotGemvsAgainstTheReference) {
  CheckDotGemv(kQb4w, {f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_digits16__wasmsimd, 4, 2}, kDigitsError,
               "f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16");
  CheckDotGemv(kQb8w, {f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_digits16__wasmsimd, 4, 2}, kDigitsError,
               "f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16");
  CheckDotGemv(kQb4w, {qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_qd8__wasmsimd, 1, 1}, kQd8Error,
               "qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16", GivenQd8);
  CheckDotGemv(kQb4w, {qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_qd16__wasmsimd, 2, 1}, kQd16Error,
               "qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16", GivenQd16);
#if WEBNN_RELAXED_SIMD
  CheckDotGemv(kQb4w, {f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_limbs__wasmsimd, 3, 3}, kDigitsError,
               "f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot");
  CheckDotGemv(kQb4w, {qd8_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_qd8__wasmsimd, 1, 1}, kQd8Error,
               "qd8_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot", GivenQd8);
  CheckDotGemv(kQb4w, {qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_qd16_digits__wasmsimd, 2, 2}, kQd16Error,
               "qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot", GivenQd16Digits);
#endif
  for (const Family* family : {&kQb4w, &kQb8w}) {
    const QbwConfig& config = family->config;  // the artefact's own
    if (config.digits.gemv) CheckDotGemv(*family, config.digits, kDigitsError, "a config's digits GEMV");
    if (config.qd8.gemv) CheckDotGemv(*family, config.qd8, kQd8Error, "a config's qd8 GEMV");
    if (config.qd16.gemv) CheckDotGemv(*family, config.qd16, kQd16Error, "a config's qd16 GEMV");
  }
  ASSERT_NE(kQb4w.config.digits.gemv, nullptr);
  ASSERT_NE(kQb4w.config.qd8.gemv, nullptr);
  ASSERT_NE(kQb4w.config.qd16.gemv, nullptr);
}

// The qd8 GEMVs at the edge of their sums: activations all at the block's largest (X = 127, or -127) against
// weights of 15 and a zero point of 0 over blocks of 128 (the relaxed kernel's int16 sums reach 8 * 2 * 127 * 15 =
// 30480 before each flush): the exact product, no wrap-around.
TEST(F32QbwGemm, Qd8SumsStayExactAtTheirLargest) {
  struct Case {
    const char* name;
    QbwDotGemv dot;
    int largest;  // |X| of every value
  };
  std::vector<Case> cases = {{"qd8 dot16", {qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_qd8__wasmsimd, 1, 1}, 127},
                             {"qd16 dot16", {qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_qd16__wasmsimd, 2, 1}, 32512}};
#if WEBNN_RELAXED_SIMD
  cases.push_back({"qd8 relaxed dot", {qd8_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_qd8__wasmsimd, 1, 1}, 127});
  cases.push_back({"qd16 relaxed dot", {qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_qd16_digits__wasmsimd, 2, 2}, 32512});
#endif
  Rng rng(37);
  for (const Case& t : cases) {
    for (float sign : {1.0f, -1.0f}) {
      const size_t bl = 256, kc = 2 * bl;  // the longest block the qd GEMVs take
      Weights w(kQb4w, 8, kc, bl, false, rng);
      std::fill(w.q.begin(), w.q.end(), 15);
      std::fill(w.z.begin(), w.z.end(), 0);
      std::fill(w.s.begin(), w.s.end(), 1.0f);
      const std::vector<float> a(kc, sign * 0.75f);
      std::vector<int8_t> q(t.dot.limb_bytes_per_k * kc);
      std::vector<float> units(2);
      std::vector<int32_t> sums(t.dot.sums_per_block * 2);
      ASSERT_TRUE(t.dot.split(kc, bl, a.data(), q.data(), units.data(), sums.data()));
      const Packing packed = w.Pack();
      std::vector<float> c(8);
      t.dot.gemv(8, kc, bl, q.data(), units.data(), sums.data(), packed.groups.data(), packed.headers.data(), c.data());
      const double want = 2 * (double{units[0]} * (sign * t.largest * 15.0 * bl));
      for (float v : c) ASSERT_NEAR(v, want, 1e-6 * std::fabs(want)) << t.name;
    }
  }
}

// The int16-digit GEMVs at the edge of their int32 sums: the longest block they take (qb8w 4096 rows), the largest
// weights against a zero point of 0, and activations whose digits are the largest (h 2032, l -2048): the same
// result as the float tile's bound allows, no wrap-around.
TEST(F32QbwGemm, Digits16SumsStayExactAtTheLongestBlock) {
  Rng rng(31);
  const std::pair<const Family*, F32QbwDotGemvFn> gemvs[] = {{&kQb4w, f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16},
                                                             {&kQb8w, f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16}};
  for (const auto& [family, gemv] : gemvs) {
    const size_t bl = 4096;  // qb8w's longest (QbwConfig::dot_max_block); qb4w's is 65536
    Weights w(*family, 8, bl, bl, false, rng);
    std::fill(w.q.begin(), w.q.end(), static_cast<uint8_t>((1 << family->bits) - 1));
    std::fill(w.z.begin(), w.z.end(), 0);
    // The largest, (2^23 - 2^16) / 2^23, is 2^23 - 2^16 units of 2^-23; the others, 2^23 - 2^16 - 2048 units, split
    // into h 2032 and l -2048.
    std::vector<float> a(bl, 8321024.0f / 8388608.0f);
    a[0] = 8323072.0f / 8388608.0f;
    std::vector<int8_t> digits(4 * bl);
    std::vector<float> units(1);
    std::vector<int32_t> sums(2);
    ASSERT_TRUE(f32_qbw_split_digits16__wasmsimd(bl, bl, a.data(), digits.data(), units.data(), sums.data()));
    const int16_t* d = reinterpret_cast<const int16_t*>(digits.data());
    ASSERT_EQ(d[1], 2032);
    ASSERT_EQ(d[5], -2048);
    const Packing packed = w.Pack();
    std::vector<float> c(8);
    gemv(8, bl, bl, digits.data(), units.data(), sums.data(), packed.groups.data(), packed.headers.data(), c.data());
    ExpectNearTheProduct(w, a, c.data(), kDigitsError, "int16-digit GEMV at its longest block");
  }
}

TEST(F32QbwGemm, UnpackGivesTheDequantizedWeights) {
  Rng rng(11);
  for (const Family* family : {&kQb4w, &kQb8w}) {
    for (bool is_signed : {false, true}) {
      const Weights w(*family, 13, 48, 16, is_signed, rng);
      const Packing packed = w.Pack();
      for (size_t n0 = 0; n0 < w.nc; n0 += kQbwNr) {
        std::vector<float> block(kQbwNr * (w.kc + 1), -1.0f), scalar(block.size(), -1.0f);
        const uint8_t* groups = packed.g(n0 / kQbwNr, *family, w.kc);
        const uint8_t* headers = packed.h(n0 / kQbwNr, w.kc, w.bl);
        family->config.unpack(w.kc, w.bl, groups, headers, block.data());
        family->unpack_scalar(w.kc, w.bl, groups, headers, scalar.data());
        ASSERT_EQ(block, scalar) << family->bits << " bits";
        for (size_t j = 0; j < kQbwNr; ++j) EXPECT_EQ(block[j], 0.0f);  // bias
        for (size_t k = 0; k < w.kc; ++k) {
          for (size_t j = 0; j < kQbwNr; ++j) {
            const float want = n0 + j < w.nc ? w.W(n0 + j, k) : 0.0f;
            ASSERT_EQ(block[kQbwNr * (k + 1) + j], want) << family->bits << " bits, n " << n0 + j << " k " << k;
          }
        }
      }
    }
  }
}

TEST(F32QbwGemm, PackReadsEitherOrientation) {
  Rng rng(13);
  for (const Family* family : {&kQb4w, &kQb8w}) {
    const Weights w(*family, 11, 32, 8, true, rng);
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
    const Packing packed =
        PackInto(*family, w.nc, w.kc, w.bl, {qt.data(), 1, static_cast<int64_t>(w.nc), st.data(), zt.data(), 1, static_cast<int64_t>(w.nc), true});
    EXPECT_EQ(packed, w.Pack()) << family->bits << " bits";
  }
}

// 4-bit weights as constant() takes them, two to a byte (low nibble first): the same packing as from a byte each,
// for MatMulNBits' [N, K] (whole 8-column blocks read 2 bytes per column and group, a last partial block one
// element at a time) and for [K, N] (one element at a time, nibbles mid-byte when N is odd).
TEST(F32QbwGemm, PackReadsFourBitNibbles) {
  Rng rng(17);
  for (bool is_signed : {false, true}) {
    for (size_t nc : {8, 13, 16}) {
      const Weights w(kQb4w, nc, 64, 16, is_signed, rng);
      const size_t blocks = w.kc / w.bl;
      const auto nibbles = [](const std::vector<uint8_t>& bytes) {
        std::vector<uint8_t> packed((bytes.size() + 1) / 2);
        for (size_t i = 0; i < bytes.size(); ++i) packed[i / 2] |= static_cast<uint8_t>((bytes[i] & 0xF) << (i % 2 * 4));
        return packed;
      };
      const std::vector<uint8_t> q_nk = nibbles(w.q);
      EXPECT_EQ(PackInto(kQb4w, w.nc, w.kc, w.bl,
                         {q_nk.data(), static_cast<int64_t>(w.kc), 1, w.s.data(), w.z.data(), static_cast<int64_t>(blocks), 1, is_signed, true}),
                w.Pack())
          << "[N, K], " << nc << " columns, signed " << is_signed;
      std::vector<uint8_t> qt(w.nc * w.kc);
      for (size_t n = 0; n < w.nc; ++n) {
        for (size_t k = 0; k < w.kc; ++k) qt[k * w.nc + n] = w.q[n * w.kc + k];
      }
      const std::vector<uint8_t> q_kn = nibbles(qt);
      EXPECT_EQ(PackInto(kQb4w, w.nc, w.kc, w.bl,
                         {q_kn.data(), 1, static_cast<int64_t>(w.nc), w.s.data(), w.z.data(), static_cast<int64_t>(blocks), 1, is_signed, true}),
                w.Pack())
          << "[K, N], " << nc << " columns, signed " << is_signed;
      // Zero points two to a byte too, as constant() keeps them.
      const std::vector<uint8_t> z_nibbles = nibbles(w.z);
      EXPECT_EQ(PackInto(kQb4w, w.nc, w.kc, w.bl,
                         {q_nk.data(), static_cast<int64_t>(w.kc), 1, w.s.data(), z_nibbles.data(), static_cast<int64_t>(blocks), 1, is_signed,
                          true, true}),
                w.Pack())
          << "zero points as nibbles, " << nc << " columns, signed " << is_signed;
    }
  }
}

// Qb4wReadRows gives back the [N, K] nibbles Qb4wPack packed, for any range of rows (inside and across 8-column
// blocks, the last block partial), signed and unsigned.
TEST(F32QbwGemm, ReadRowsGivesBackTheNibblesPacked) {
  Rng rng(23);
  for (bool is_signed : {false, true}) {
    for (size_t nc : {1, 8, 13, 24}) {
      const Weights w(kQb4w, nc, 96, 32, is_signed, rng);
      const size_t blocks = w.kc / w.bl, row_bytes = w.kc / 2;
      std::vector<uint8_t> source(nc * row_bytes);
      for (uint8_t& b : source) b = static_cast<uint8_t>(rng.Next());
      const Packing packed =
          PackInto(kQb4w, nc, w.kc, w.bl, {source.data(), static_cast<int64_t>(w.kc), 1, w.s.data(), w.z.data(), static_cast<int64_t>(blocks), 1, is_signed, true});
      for (size_t first = 0; first < nc; first += 3) {
        for (size_t count : {size_t{1}, nc - first}) {
          std::vector<uint8_t> rows(count * row_bytes, 0xA5);
          Qb4wReadRows(w.kc, is_signed, packed.groups.data(), first, count, rows.data());
          EXPECT_TRUE(std::equal(rows.begin(), rows.end(), source.begin() + first * row_bytes))
              << nc << " columns, rows " << first << " + " << count << ", signed " << is_signed;
        }
      }
    }
  }
}

// [N, K] weights packed in their own bytes (the groups written over q, as build() packs a constant only it reads):
// the same packing as into fresh planes, 4-bit as nibbles and 8-bit a byte each, signed and unsigned.
TEST(F32QbwGemm, PackInPlaceGivesTheSamePacking) {
  Rng rng(29);
  for (const Family* family : {&kQb4w, &kQb8w}) {
    for (bool is_signed : {false, true}) {
      for (size_t nc : {8, 24}) {
        const Weights w(*family, nc, 128, 32, is_signed, rng);
        const size_t blocks = w.kc / w.bl;
        std::vector<uint8_t> q = w.q;
        if (family->bits == 4) {
          q.assign(nc * w.kc / 2, 0);
          for (size_t i = 0; i < w.q.size(); ++i) q[i / 2] |= static_cast<uint8_t>((w.q[i] & 0xF) << (i % 2 * 4));
        }
        const QbwSource source{q.data(), static_cast<int64_t>(w.kc), 1, w.s.data(), w.z.data(), static_cast<int64_t>(blocks), 1, is_signed,
                               family->bits == 4};
        Packing in_place(*family, nc, w.kc, w.bl);
        ASSERT_EQ(q.size(), in_place.groups.size());
        family->config.pack(nc, w.kc, w.bl, source, q.data(), in_place.headers.data());
        in_place.groups = q;
        EXPECT_EQ(in_place, w.Pack()) << family->bits << " bits, " << nc << " columns, signed " << is_signed;
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
