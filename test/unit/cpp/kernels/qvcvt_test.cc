// The 8-bit quantize / dequantize kernels (kernels/qvcvt.h): every wasmsimd kernel bit-exact with its scalar
// twin on runs of n = 0..67 (tails included, nothing written past n), and both against WebNN's formulas in
// double: dequantize (x - zeroPoint) * scale rounded once; quantize roundEven(x / scale) + zeroPoint clamped,
// with halves (ties go to even), values past the range, +-inf and NaN (-> 0), and densely around every half.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/kernel_testutil.h"
#include "kernels/qvcvt.h"

namespace webnn::kernels {
namespace {

using testing::Rng;

template <typename T>
void CheckDequantize(void (*simd)(size_t, const T*, float*, const QuantParams*),
                     void (*scalar)(size_t, const T*, float*, const QuantParams*)) {
  for (const QuantParams params : {QuantParams{0.05f, 0}, QuantParams{3.0f, std::is_signed_v<T> ? -7 : 131}}) {
    for (size_t n = 0; n <= 67; ++n) {
      std::vector<T> x(n);
      for (size_t i = 0; i < n; ++i) x[i] = static_cast<T>(i * 37 + 11);
      std::vector<float> y(n + 1, 7.0f), ys(n, 7.0f);
      simd(n, x.data(), y.data(), &params);
      scalar(n, x.data(), ys.data(), &params);
      ASSERT_EQ(y[n], 7.0f) << "wrote past n";
      for (size_t i = 0; i < n; ++i) {
        const float want = static_cast<float>((static_cast<double>(x[i]) - params.zero_point) * params.scale);
        ASSERT_EQ(y[i], want) << "n " << n << " i " << i;
        ASSERT_EQ(ys[i], want) << "n " << n << " i " << i;
      }
    }
  }
}

template <typename T>
T QuantizeReference(float x, const QuantParams& p) {
  const double q = std::nearbyint(double{x / p.scale}) + p.zero_point;  // x / scale in float, as the formula
  if (std::isnan(q)) return T{0};
  return static_cast<T>(std::fmin(std::fmax(q, double{std::numeric_limits<T>::min()}), double{std::numeric_limits<T>::max()}));
}

template <typename T>
void CheckQuantize(void (*simd)(size_t, const float*, T*, const QuantParams*),
                   void (*scalar)(size_t, const float*, T*, const QuantParams*)) {
  Rng rng(21);
  for (const QuantParams params : {QuantParams{0.5f, 0}, QuantParams{0.1f, std::is_signed_v<T> ? 5 : 128}}) {
    for (size_t n = 0; n <= 67; ++n) {
      std::vector<float> x = rng.Vector(n, -40.0f, 40.0f);
      const float special[] = {0.25f, 0.75f, -0.25f, 1.25f, 1000.0f, -1000.0f, INFINITY, -INFINITY, NAN, -0.0f};
      for (size_t i = 0; i < n && i < 10; ++i) x[n - 1 - i] = special[i];  // halves (at scale 0.5), range, inf, NaN
      std::vector<T> y(n + 1, T{99}), ys(n, T{99});
      simd(n, x.data(), y.data(), &params);
      scalar(n, x.data(), ys.data(), &params);
      ASSERT_EQ(y[n], T{99}) << "wrote past n";
      for (size_t i = 0; i < n; ++i) {
        const T want = QuantizeReference<T>(x[i], params);
        ASSERT_EQ(int{y[i]}, int{want}) << "n " << n << " i " << i << " x " << x[i];
        ASSERT_EQ(int{ys[i]}, int{want}) << "n " << n << " i " << i << " x " << x[i];
      }
    }
  }
}

// The wasmsimd quantize kernels multiply by 1 / scale and take the division only where that could round
// differently: x / scale near a half-integer. Every x within 3 ULPs of (k + 0.5) * scale and of k * scale for
// k in [-400, 400], at scales whose reciprocals round far from exact, must give the formula's result.
template <typename T>
void CheckQuantizeNearHalves(void (*simd)(size_t, const float*, T*, const QuantParams*)) {
  for (const float scale : {0.1f, 0.3f, 1.0f / 3.0f, 0.0235f, 0.007f, 3.0f, 1.7e-3f, 6.1e-5f, 0.5f}) {
    const QuantParams params{scale, std::is_signed_v<T> ? -3 : 128};
    std::vector<float> x;
    for (int k = -400; k <= 400; ++k) {
      for (const double at : {k + 0.5, double(k)}) {
        float v = static_cast<float>(at * scale);
        for (int i = 0; i < 3; ++i) v = std::nextafter(v, -INFINITY);
        for (int i = 0; i < 7; ++i, v = std::nextafter(v, INFINITY)) x.push_back(v);
      }
    }
    // Whole (16 at a time), and in runs of 7 (4 at a time, then the scalar twin).
    std::vector<T> y(x.size()), y7(x.size());
    simd(x.size(), x.data(), y.data(), &params);
    for (size_t i = 0; i < x.size(); i += 7) simd(std::min<size_t>(7, x.size() - i), x.data() + i, y7.data() + i, &params);
    for (size_t i = 0; i < x.size(); ++i) {
      ASSERT_EQ(int{y[i]}, int{QuantizeReference<T>(x[i], params)}) << "scale " << scale << " x " << x[i];
      ASSERT_EQ(int{y7[i]}, int{QuantizeReference<T>(x[i], params)}) << "runs of 7: scale " << scale << " x " << x[i];
    }
  }
}

// A scale whose reciprocal is not a normal float (here infinite) takes the division throughout.
template <typename T>
void CheckQuantizeTinyScale(void (*simd)(size_t, const float*, T*, const QuantParams*)) {
  const QuantParams params{1e-39f, 0};
  std::vector<float> x = {1e-39f, 1.5e-39f, 2.5e-39f, -1e-39f, 0.0f, 1e-37f, NAN, -1.4e-45f};
  x.resize(32, 2.5e-39f);
  std::vector<T> y(x.size());
  simd(x.size(), x.data(), y.data(), &params);
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(int{y[i]}, int{QuantizeReference<T>(x[i], params)}) << "x " << x[i];
}

TEST(QVcvt, QuantizeNearHalvesInt8) { CheckQuantizeNearHalves<int8_t>(f32_qs8_vcvt_ukernel__wasmsimd_u16); }
TEST(QVcvt, QuantizeNearHalvesUint8) { CheckQuantizeNearHalves<uint8_t>(f32_qu8_vcvt_ukernel__wasmsimd_u16); }
TEST(QVcvt, QuantizeTinyScale) {
  CheckQuantizeTinyScale<int8_t>(f32_qs8_vcvt_ukernel__wasmsimd_u16);
  CheckQuantizeTinyScale<uint8_t>(f32_qu8_vcvt_ukernel__wasmsimd_u16);
}

TEST(QVcvt, DequantizeInt8) { CheckDequantize<int8_t>(qs8_f32_vcvt_ukernel__wasmsimd_u16, qs8_f32_vcvt_ukernel__scalar); }
TEST(QVcvt, DequantizeUint8) { CheckDequantize<uint8_t>(qu8_f32_vcvt_ukernel__wasmsimd_u16, qu8_f32_vcvt_ukernel__scalar); }
TEST(QVcvt, QuantizeInt8) { CheckQuantize<int8_t>(f32_qs8_vcvt_ukernel__wasmsimd_u16, f32_qs8_vcvt_ukernel__scalar); }
TEST(QVcvt, QuantizeUint8) { CheckQuantize<uint8_t>(f32_qu8_vcvt_ukernel__wasmsimd_u16, f32_qu8_vcvt_ukernel__scalar); }

// The integer conv's float epilogue, in place over tiles of 1-4 rows with a stride past n: bit-exact with the
// scalar twin and with the unfused cast, mul and add (each rounded), accumulators past 2^24 (which the cast
// rounds), clamped or not; the elements between rows are left alone.
TEST(QVcvt, Int32EpiloguePerChannel) {
  Rng rng(5);
  for (const QcEpilogueParams params : {QcEpilogueParams{-INFINITY, INFINITY}, QcEpilogueParams{0.0f, 6.0f}}) {
    for (size_t rows = 1; rows <= 4; ++rows) {
      for (size_t n = 0; n <= 37; ++n) {
        const size_t stride = n + 3;
        std::vector<int32_t> x(rows * stride);
        std::vector<float> scale(n), bias(n);
        for (size_t i = 0; i < x.size(); ++i) {
          x[i] = static_cast<int32_t>(rng.Uniform(-1.0f, 1.0f) * (i % 3 == 0 ? 1.0e8f : 3000.0f));
        }
        for (size_t c = 0; c < n; ++c) scale[c] = rng.Uniform(1e-4f, 2e-3f), bias[c] = rng.Uniform(-2.0f, 2.0f);
        std::vector<int32_t> simd = x, scalar = x;
        qs32_f32_vcvt_qc_minmax_ukernel__wasmsimd_u8(rows, n, simd.data(), stride, scale.data(), bias.data(), &params);
        qs32_f32_vcvt_qc_minmax_ukernel__scalar(rows, n, scalar.data(), stride, scale.data(), bias.data(), &params);
        for (size_t r = 0; r < rows; ++r) {
          for (size_t c = 0; c < stride; ++c) {
            const size_t i = r * stride + c;
            if (c >= n) {
              ASSERT_EQ(simd[i], x[i]) << "wrote past n";
              continue;
            }
            volatile float cast = static_cast<float>(x[i]);
            volatile float product = cast * scale[c];
            volatile float sum = product + bias[c];
            const float want = std::fmin(std::fmax(sum, params.min), params.max);
            float got, got_scalar;
            std::memcpy(&got, &simd[i], sizeof(got));
            std::memcpy(&got_scalar, &scalar[i], sizeof(got));
            ASSERT_EQ(got, want) << "rows " << rows << " n " << n << " r " << r << " c " << c;
            ASSERT_EQ(got_scalar, want) << "rows " << rows << " n " << n << " r " << r << " c " << c;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace webnn::kernels
