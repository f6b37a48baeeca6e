// Helpers shared by the kernel tests: deterministic random data, ULP distance (float32, sign-aware
// like the WPT harness: -0 == +0, NaN == NaN), and the special values every elementwise test feeds.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace webnn::kernels::testing {

inline int64_t SignedBits(float x) {
  uint32_t b;
  float a = std::fabs(x);
  std::memcpy(&b, &a, 4);
  return std::signbit(x) ? -static_cast<int64_t>(b) : static_cast<int64_t>(b);
}

// ULP distance between two floats; NaN vs NaN is 0, NaN vs number is "infinite".
inline int64_t UlpDistance(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : std::numeric_limits<int64_t>::max();
  int64_t d = SignedBits(a) - SignedBits(b);
  return d < 0 ? -d : d;
}

inline bool SameBits(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::memcmp(&a, &b, 4) == 0;
}

class Rng {
 public:
  explicit Rng(uint32_t seed = 42) : gen_(seed) {}
  float Uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(gen_); }
  std::vector<float> Vector(size_t n, float lo = -1.0f, float hi = 1.0f) {
    std::vector<float> v(n);
    for (float& x : v) x = Uniform(lo, hi);
    return v;
  }
  uint32_t Next() { return gen_(); }

 private:
  std::mt19937 gen_;
};

inline const std::vector<float>& SpecialValues() {
  static const std::vector<float> v{0.0f,
                                    -0.0f,
                                    std::numeric_limits<float>::infinity(),
                                    -std::numeric_limits<float>::infinity(),
                                    std::numeric_limits<float>::quiet_NaN(),
                                    1.0f,
                                    -1.0f,
                                    std::numeric_limits<float>::denorm_min(),
                                    -std::numeric_limits<float>::min(),
                                    std::numeric_limits<float>::max(),
                                    -std::numeric_limits<float>::max()};
  return v;
}

// out = l x (K x K, row-major) x r^T: the Winograd transforms' matrix products (double, or int64 for the exact
// integer family).
template <size_t R, size_t K, size_t C, typename T>
void Sandwich(const T (&l)[R][K], const T* x, const T (&r)[C][K], T* out) {
  for (size_t i = 0; i < R; ++i) {
    for (size_t j = 0; j < C; ++j) {
      T s = 0;
      for (size_t a = 0; a < K; ++a) {
        for (size_t b = 0; b < K; ++b) s += l[i][a] * x[a * K + b] * r[j][b];
      }
      out[i * C + j] = s;
    }
  }
}

}  // namespace webnn::kernels::testing
