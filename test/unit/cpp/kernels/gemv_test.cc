// The f32 GEMV kernels (kernels/gemv.h), stamped from f32-gemv.inc: every kernel bit-exact with its layout's scalar
// twin and within a float summation bound of a double-precision product, over k and n below, at and past the SIMD
// widths (tails of every length), with a row stride wider than the row; nothing written past n.
#include "kernels/gemv.h"

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
  bool nk;
  F32GemvUkernelFn fn;
};
#define WEBNN_F32_GEMV_UKERNEL(layout, name) Kernel{#name, std::string(#layout) == "nk", name},
const Kernel kKernels[] = {
#include "kernels/f32-gemv/f32-gemv.inc"
};
#undef WEBNN_F32_GEMV_UKERNEL

TEST(F32Gemv, EveryKernelAgainstTheReference) {
  Rng rng(3);
  for (const Kernel& kernel : kKernels) {
    for (size_t k : {1, 3, 4, 15, 16, 17, 37, 64}) {
      for (size_t n : {1, 3, 4, 15, 16, 17, 33}) {
        const size_t inner = kernel.nk ? k : n, outer = kernel.nk ? n : k, stride = inner + 3;
        const std::vector<float> a = rng.Vector(k), b = rng.Vector(outer * stride);
        std::vector<float> y(n + 2, 99.0f), ref(n + 2, 99.0f);
        kernel.fn(k, n, a.data(), b.data(), stride, y.data());
        (kernel.nk ? f32_gemv_nk_ukernel__scalar : f32_gemv_kn_ukernel__scalar)(k, n, a.data(), b.data(), stride, ref.data());
        for (size_t j = 0; j < n + 2; ++j) ASSERT_EQ(y[j], ref[j]) << kernel.name << " k " << k << " n " << n << " column " << j;
        for (size_t j = 0; j < n; ++j) {
          double exact = 0, magnitude = 0;
          for (size_t i = 0; i < k; ++i) {
            const double p = double{a[i]} * (kernel.nk ? b[j * stride + i] : b[i * stride + j]);
            exact += p;
            magnitude += std::fabs(p);
          }
          ASSERT_NEAR(y[j], exact, (k + 2) * 6e-8 * magnitude + 1e-30) << kernel.name;
        }
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
