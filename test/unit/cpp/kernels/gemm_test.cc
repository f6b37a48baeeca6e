// f32 GEMM / IGEMM tiles, stamped from f32-gemm.inc / f32-igemm.inc: every tile against the scalar
// reference (bit-exact: same operation order) and against a double-precision GEMM within 2*kc ULP
// (WPT's matmul/gemm bound is of that order), over tile edges, strides, clamps and null bias. The
// relaxed SIMD tiles (f32x4.relaxed_madd) must match either the scalar tile or the same order with
// every multiply-add fused: the engine picks one per instruction.
#include "kernels/gemm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;
using testing::UlpDistance;

struct GemmKernel {
  const char* name;
  uint32_t mr, nr;
  F32GemmUkernelFn fn;
};
struct IgemmKernel {
  const char* name;
  uint32_t mr, nr;
  F32IgemmUkernelFn fn;
};

#define WEBNN_F32_GEMM_UKERNEL(mr, nr, name) GemmKernel{#name, mr, nr, name},
const GemmKernel kGemmKernels[] = {
#include "kernels/f32-gemm/f32-gemm.inc"
};
#undef WEBNN_F32_GEMM_UKERNEL
#define WEBNN_F32_IGEMM_UKERNEL(mr, nr, name) IgemmKernel{#name, mr, nr, name},
const IgemmKernel kIgemmKernels[] = {
#include "kernels/f32-igemm/f32-igemm.inc"
};
#undef WEBNN_F32_IGEMM_UKERNEL

constexpr size_t kKcs[] = {1, 2, 3, 4, 5, 8, 13, 16, 31};

// Bound for the SIMD-vs-double comparison: products and sums in float lose about one rounding per k;
// relative to the magnitude of sum |a*w| rather than to the (possibly cancelled) result.
bool CloseToReference(float actual, double expected, double abs_sum, size_t kc) {
  if (std::isnan(expected)) return std::isnan(actual);
  double ulp = std::ldexp(1.0, std::ilogb(std::max(abs_sum, 1e-30)) - 23);
  return std::fabs(actual - expected) <= 2.0 * (kc + 1) * ulp || UlpDistance(actual, static_cast<float>(expected)) <= 2 * static_cast<int64_t>(kc);
}

bool MayFuse(const char* name) { return std::string(name).find("wasmrelaxedsimd_fma") != std::string::npos; }

float Clamp(float y, float lo, float hi) {
  y = y < lo ? lo : y;
  return hi < y ? hi : y;
}

// The scalar tile's result or, for a relaxed tile, the fused one (bias, then fma over k ascending).
bool MatchesScalarOrFused(const char* name, float got, float scalar, float fused) {
  return testing::SameBits(got, scalar) || (MayFuse(name) && testing::SameBits(got, fused));
}

struct GemmCase {
  size_t m, n, k;
  size_t a_stride, cm_stride;  // in elements
  bool bias;
  float min, max;
};

class GemmTester {
 public:
  explicit GemmTester(GemmCase c) : c_(c), rng_(static_cast<uint32_t>(c.m * 1000 + c.n * 37 + c.k)) {}

  void Test(const GemmKernel& kernel, const GemmKernel& scalar) {
    const size_t nr = kernel.nr;
    std::vector<float> a = rng_.Vector(c_.m * c_.a_stride);
    std::vector<float> w = rng_.Vector(c_.k * c_.n);  // [k][n]
    std::vector<float> bias = rng_.Vector(c_.n);
    const float* b = c_.bias ? bias.data() : nullptr;
    std::vector<float> packed(F32PackedGemmSize(c_.n, c_.k, nr));
    F32PackGemmGio(c_.n, c_.k, nr, w.data(), b, packed.data());
    const float sentinel = 12345.0f;
    std::vector<float> out(c_.m * c_.cm_stride, sentinel), ref_out(c_.m * c_.cm_stride, sentinel);
    MinMaxParams p{c_.min, c_.max};
    kernel.fn(c_.m, c_.n, c_.k, a.data(), c_.a_stride * 4, packed.data(), out.data(), c_.cm_stride * 4, nr * 4, &p);
    // Scalar reference, one row tile at a time.
    for (size_t i = 0; i < c_.m; i += scalar.mr) {
      scalar.fn(std::min<size_t>(scalar.mr, c_.m - i), c_.n, c_.k, a.data() + i * c_.a_stride, c_.a_stride * 4,
                packed.data(), ref_out.data() + i * c_.cm_stride, c_.cm_stride * 4, nr * 4, &p);
    }
    for (size_t i = 0; i < c_.m; ++i) {
      for (size_t j = 0; j < c_.cm_stride; ++j) {
        const float got = out[i * c_.cm_stride + j];
        if (j >= c_.n) {
          ASSERT_EQ(got, sentinel) << kernel.name << " wrote past nc at " << i << "," << j;
          continue;
        }
        double acc = b ? b[j] : 0.0, abs_sum = std::fabs(acc);
        float fused = b ? b[j] : 0.0f;
        for (size_t k = 0; k < c_.k; ++k) {
          acc += double{a[i * c_.a_stride + k]} * w[k * c_.n + j];
          abs_sum += std::fabs(double{a[i * c_.a_stride + k]} * w[k * c_.n + j]);
          fused = std::fma(a[i * c_.a_stride + k], w[k * c_.n + j], fused);
        }
        double clamped = std::min<double>(std::max<double>(acc, c_.min), c_.max);
        ASSERT_TRUE(MatchesScalarOrFused(kernel.name, got, ref_out[i * c_.cm_stride + j], Clamp(fused, c_.min, c_.max)))
            << kernel.name << " vs " << scalar.name << " at " << i << "," << j << ": " << got << " vs "
            << ref_out[i * c_.cm_stride + j];
        ASSERT_TRUE(CloseToReference(got, clamped, abs_sum, c_.k))
            << kernel.name << " m=" << c_.m << " n=" << c_.n << " k=" << c_.k << " at " << i << "," << j << ": "
            << got << " vs " << clamped;
      }
    }
  }

 private:
  GemmCase c_;
  Rng rng_;
};

const GemmKernel& ScalarFor(uint32_t) { return kGemmKernels[7]; }  // f32_gemm_minmax_ukernel_4x8__scalar

std::vector<GemmCase> GemmCases(uint32_t mr, uint32_t nr) {
  std::vector<GemmCase> cases;
  const float inf = INFINITY;
  for (size_t k : kKcs) {
    for (size_t m = 1; m <= mr; ++m) {
      for (size_t n : {size_t{1}, size_t{3}, size_t{nr - 1}, size_t{nr}, size_t{nr + 1}, size_t{2 * nr},
                       size_t{3 * nr + 5}}) {
        cases.push_back({m, n, k, k, n, true, -inf, inf});
      }
    }
    cases.push_back({mr, nr * 2 + 3, k, k + 7, nr * 2 + 3 + 5, true, -inf, inf});  // strides past the row
    cases.push_back({mr, nr + 2, k, k, nr + 2, false, -inf, inf});                 // no bias
    cases.push_back({mr, nr * 2, k, k, nr * 2, true, -0.25f, 0.3f});                 // clamp both sides
    cases.push_back({mr, nr * 2, k, k, nr * 2, true, 0.0f, inf});                    // relu
  }
  return cases;
}

TEST(F32Gemm, AllTilesMatchScalarAndDouble) {
  size_t checked = 0;
  for (const GemmKernel& kernel : kGemmKernels) {
    for (const GemmCase& c : GemmCases(kernel.mr, kernel.nr)) {
      GemmTester(c).Test(kernel, ScalarFor(kernel.nr));
      if (::testing::Test::HasFatalFailure()) return;
      ++checked;
    }
  }
  EXPECT_GT(checked, 500u);
}

TEST(F32Gemm, NanAndInfPropagate) {
  for (const GemmKernel& kernel : kGemmKernels) {
    const size_t k = 5, n = 11;
    std::vector<float> a(kernel.mr * k, 1.0f), w(k * n, 1.0f), packed(F32PackedGemmSize(n, k, kernel.nr));
    a[0] = NAN;                  // row 0: every column NaN
    if (kernel.mr > 1) a[k] = INFINITY;  // row 1: +inf
    F32PackGemmGio(n, k, kernel.nr, w.data(), nullptr, packed.data());
    std::vector<float> c(kernel.mr * n);
    MinMaxParams p{-1e30f, 1e30f};
    kernel.fn(kernel.mr, n, k, a.data(), k * 4, packed.data(), c.data(), n * 4, kernel.nr * 4, &p);
    for (size_t j = 0; j < n; ++j) {
      EXPECT_TRUE(std::isnan(c[j])) << kernel.name;
      if (kernel.mr > 1) EXPECT_EQ(c[n + j], 1e30f) << kernel.name;  // +inf clamped to max
      if (kernel.mr > 2) EXPECT_EQ(c[2 * n + j], 5.0f) << kernel.name;
    }
  }
}

TEST(F32Gemm, PackGoiMatchesGio) {
  const size_t n = 13, k = 7, nr = 8;
  Rng rng;
  std::vector<float> w = rng.Vector(k * n), wt(n * k), bias = rng.Vector(n);
  for (size_t i = 0; i < k; ++i)
    for (size_t j = 0; j < n; ++j) wt[j * k + i] = w[i * n + j];
  std::vector<float> p1(F32PackedGemmSize(n, k, nr)), p2(p1.size(), -1.0f);
  F32PackGemmGio(n, k, nr, w.data(), bias.data(), p1.data());
  F32PackGemmGoi(n, k, 1, nr, wt.data(), bias.data(), p2.data());
  EXPECT_EQ(p1, p2);
  EXPECT_EQ(p1.size(), 2u * 8u * (7u + 1u));
  EXPECT_EQ(p1[64 + 5], 0.0f);  // block 1 bias column 13 (past nc) is zero
  EXPECT_EQ(p1[0], bias[0]);
}

TEST(F32Gemm, ConfigsAreConsistent) {
  const F32GemmConfig& scalar = GetF32GemmScalarConfig();
  EXPECT_NE(scalar.gemm, nullptr);
  // Weights are packed once for the SIMD and the scalar tiles.
  const F32GemmConfig& simd = GetF32GemmConfig();
  EXPECT_EQ(simd.nr, scalar.nr);
  EXPECT_EQ(simd.mr, scalar.mr);
  EXPECT_NE(simd.gemm, nullptr);
  EXPECT_NE(simd.igemm, nullptr);
  EXPECT_NE(simd.gemm1, nullptr);
  EXPECT_NE(simd.igemm1, nullptr);
}

// ---- IGEMM: convolution-like indirection with zero rows and a_offset ----

struct IgemmCase {
  size_t m, n, k, ks;
  bool bias;
  float min, max;
};

void TestIgemm(const IgemmKernel& kernel, const IgemmKernel& scalar, const IgemmCase& c, uint32_t seed) {
  Rng rng(seed);
  const size_t nr = kernel.nr, mr = kernel.mr;
  // Input "image": 7 rows of (offset + k) floats; taps pick rows, some taps are the zero row.
  const size_t offset_elems = 3, pixels = 7, row = offset_elems + c.k;
  std::vector<float> input = rng.Vector(pixels * row);
  std::vector<float> zero(c.k + 4, 0.0f);
  std::vector<float> w = rng.Vector(c.n * c.ks * c.k), bias = rng.Vector(c.n);
  const float* b = c.bias ? bias.data() : nullptr;
  std::vector<float> packed(F32PackedGemmSize(c.n, c.k, nr, c.ks));
  F32PackGemmGoi(c.n, c.k, c.ks, nr, w.data(), b, packed.data());
  // Indirection for m rows, built per tile of MR (the last tile repeats its last row, like the
  // compiler's builder), pointing to the *unoffset* pixel starts.
  const size_t tiles = (c.m + mr - 1) / mr;
  std::vector<const float*> ind(tiles * c.ks * mr);
  auto tap_ptr = [&](size_t i, size_t s) -> const float* {
    size_t h = (i * 3 + s * 5) % (pixels + 2);
    return h >= pixels ? zero.data() : input.data() + h * row;
  };
  for (size_t t = 0; t < tiles; ++t)
    for (size_t s = 0; s < c.ks; ++s)
      for (size_t r = 0; r < mr; ++r) ind[(t * c.ks + s) * mr + r] = tap_ptr(std::min(t * mr + r, c.m - 1), s);
  std::vector<const float*> ind_scalar((c.m + scalar.mr - 1) / scalar.mr * c.ks * scalar.mr);
  for (size_t t = 0; t < (c.m + scalar.mr - 1) / scalar.mr; ++t)
    for (size_t s = 0; s < c.ks; ++s)
      for (size_t r = 0; r < scalar.mr; ++r)
        ind_scalar[(t * c.ks + s) * scalar.mr + r] = tap_ptr(std::min(t * scalar.mr + r, c.m - 1), s);
  MinMaxParams p{c.min, c.max};
  std::vector<float> out(c.m * c.n, -7.0f), ref(c.m * c.n, -7.0f);
  for (size_t t = 0; t < tiles; ++t) {
    kernel.fn(std::min(mr, c.m - t * mr), c.n, c.k, c.ks, ind.data() + t * c.ks * mr, packed.data(),
              out.data() + t * mr * c.n, c.n * 4, nr * 4, offset_elems * 4, zero.data(), &p);
  }
  for (size_t t = 0; t * scalar.mr < c.m; ++t) {
    scalar.fn(std::min<size_t>(scalar.mr, c.m - t * scalar.mr), c.n, c.k, c.ks, ind_scalar.data() + t * c.ks * scalar.mr,
              packed.data(), ref.data() + t * scalar.mr * c.n, c.n * 4, nr * 4, offset_elems * 4, zero.data(), &p);
  }
  for (size_t i = 0; i < c.m; ++i) {
    for (size_t j = 0; j < c.n; ++j) {
      double acc = b ? b[j] : 0.0, abs_sum = std::fabs(acc);
      float fused = b ? b[j] : 0.0f;
      for (size_t s = 0; s < c.ks; ++s) {
        const float* src = tap_ptr(i, s);
        if (src != zero.data()) src += offset_elems;
        for (size_t k = 0; k < c.k; ++k) {
          double prod = double{src[k]} * w[(j * c.ks + s) * c.k + k];
          acc += prod;
          abs_sum += std::fabs(prod);
          fused = std::fma(src[k], w[(j * c.ks + s) * c.k + k], fused);
        }
      }
      double clamped = std::min<double>(std::max<double>(acc, c.min), c.max);
      ASSERT_TRUE(MatchesScalarOrFused(kernel.name, out[i * c.n + j], ref[i * c.n + j], Clamp(fused, c.min, c.max)))
          << kernel.name << " at " << i << "," << j;
      ASSERT_TRUE(CloseToReference(out[i * c.n + j], clamped, abs_sum, c.k * c.ks))
          << kernel.name << " m=" << c.m << " n=" << c.n << " k=" << c.k << " ks=" << c.ks << ": "
          << out[i * c.n + j] << " vs " << clamped;
    }
  }
}

TEST(F32Igemm, AllTilesMatchScalarAndDouble) {
  const IgemmKernel& scalar = kIgemmKernels[7];  // f32_igemm_minmax_ukernel_4x8__scalar
  size_t checked = 0;
  for (const IgemmKernel& kernel : kIgemmKernels) {
    for (size_t k : kKcs) {
      for (size_t ks : {size_t{1}, size_t{3}, size_t{9}}) {
        for (size_t m : {size_t{1}, size_t{kernel.mr}, size_t{kernel.mr * 2 + 1}}) {
          for (size_t n : {size_t{1}, size_t{kernel.nr}, size_t{kernel.nr * 2 + 3}}) {
            TestIgemm(kernel, scalar, {m, n, k, ks, (k + n) % 2 == 0, -INFINITY, INFINITY},
                      static_cast<uint32_t>(k * 100 + ks * 10 + m + n));
            if (::testing::Test::HasFatalFailure()) return;
            ++checked;
          }
        }
      }
      TestIgemm(kernel, scalar, {kernel.mr, 9, k, 4, true, -0.5f, 0.5f}, 7);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(checked, 500u);
}

}  // namespace
}  // namespace webnn::kernels
