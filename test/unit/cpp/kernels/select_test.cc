// x32 select: the wasmsimd kernel against its scalar twin for every n up to 67 (tails of 0..15 after the
// 16-wide steps), conditions of any byte value (only zero is false), and in place over t and over f.
#include "kernels/select.h"

#include <gtest/gtest.h>

#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

TEST(X32Select, AgainstScalarTwin) {
  testing::Rng rng(5);
  for (size_t n = 0; n <= 67; ++n) {
    std::vector<uint8_t> c(n);
    std::vector<uint32_t> t(n), f(n);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t r = rng.Next();
      c[i] = r % 3 == 0 ? 0 : static_cast<uint8_t>(r >> 8);  // 0, or any byte (also 0 now and then)
      t[i] = rng.Next();
      f[i] = rng.Next();
    }
    std::vector<uint32_t> y(n + 1, 7u), want(n);
    x32_select_ukernel__wasmsimd_u16(n, c.data(), t.data(), f.data(), y.data());
    x32_select_ukernel__scalar(n, c.data(), t.data(), f.data(), want.data());
    ASSERT_EQ(y[n], 7u) << "wrote past n=" << n;
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], c[i] != 0 ? t[i] : f[i]) << "n=" << n << " i=" << i;
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], want[i]);
    std::vector<uint32_t> over_t = t, over_f = f;
    x32_select_ukernel__wasmsimd_u16(n, c.data(), over_t.data(), f.data(), over_t.data());
    x32_select_ukernel__wasmsimd_u16(n, c.data(), t.data(), over_f.data(), over_f.data());
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(over_t[i], want[i]) << "in place over t, n=" << n;
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(over_f[i], want[i]) << "in place over f, n=" << n;
  }
}

}  // namespace
}  // namespace webnn::kernels
