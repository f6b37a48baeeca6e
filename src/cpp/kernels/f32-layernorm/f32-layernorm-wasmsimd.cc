// f32_layernorm__wasmsimd: one row; mean and biased variance accumulated in f64x2 (two passes, two
// f64x2 accumulators each, 4 floats per step, scalar tail), then
// y = (x - mean) / sqrt(var + eps) * scale + bias evaluated in double and rounded once per element
// (WPT: 0 ULP against the double-precision formula), in f64x2 halves of 4 floats with full loads and
// stores (the scalar loop that did it was 60% of the kernel), the 1..3 tail in scalar double: clang 14
// hangs optimising the partial-load / masked forms of these loops. Scale and bias per element, or one
// each for the row (stride 0: instanceNormalization's channel in NCHW).
// f32_layernorm_channels__wasmsimd: `channels` interleaved rows (instanceNormalization in NHWC): per-channel
// sums in f64x2 lanes over the pixels, then the same per-element formula; 4 channels per step, scalar tail.
// Over-read: none (x, scale, bias, y each touched for exactly the elements they have).
// References: f32_layernorm__scalar, f32_layernorm_channels__scalar (double precision; same operation order
// per element; the channels form's sums too).
#include <wasm_simd128.h>

#include "kernels/layernorm.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {
namespace {

using simd::DemotePair;
using simd::PromoteHigh;
using simd::PromoteLow;
inline double HorizontalAdd(v128_t v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }

// The first n4 (a multiple of 4) outputs, each as the scalar twin computes it: (x - mean) / std_dev, then
// * scale, then + bias, in double, rounded once. kUniform: one scale and one bias for the row.
template <bool kScale, bool kBias, bool kUniform>
void Normalize(size_t n4, const float* x, const float* scale, const float* bias, double mean, double std_dev,
               float* y) {
  const v128_t vmean = wasm_f64x2_splat(mean);
  const v128_t vstd = wasm_f64x2_splat(std_dev);
  const v128_t vscale = wasm_f64x2_splat(kUniform && kScale ? static_cast<double>(*scale) : 1.0);
  const v128_t vbias = wasm_f64x2_splat(kUniform && kBias ? static_cast<double>(*bias) : 0.0);
  for (size_t i = 0; i < n4; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    v128_t r0 = wasm_f64x2_div(wasm_f64x2_sub(PromoteLow(v), vmean), vstd);
    v128_t r1 = wasm_f64x2_div(wasm_f64x2_sub(PromoteHigh(v), vmean), vstd);
    if constexpr (kScale) {
      const v128_t s = kUniform ? vscale : wasm_v128_load(scale + i);
      r0 = wasm_f64x2_mul(r0, kUniform ? s : PromoteLow(s));
      r1 = wasm_f64x2_mul(r1, kUniform ? s : PromoteHigh(s));
    }
    if constexpr (kBias) {
      const v128_t b = kUniform ? vbias : wasm_v128_load(bias + i);
      r0 = wasm_f64x2_add(r0, kUniform ? b : PromoteLow(b));
      r1 = wasm_f64x2_add(r1, kUniform ? b : PromoteHigh(b));
    }
    wasm_v128_store(y + i, DemotePair(r0, r1));
  }
}

template <bool kUniform>
void NormalizeAny(size_t n4, const float* x, const float* scale, const float* bias, double mean, double std_dev,
                  float* y) {
  if (scale != nullptr && bias != nullptr) {
    Normalize<true, true, kUniform>(n4, x, scale, bias, mean, std_dev, y);
  } else if (scale != nullptr) {
    Normalize<true, false, kUniform>(n4, x, scale, bias, mean, std_dev, y);
  } else if (bias != nullptr) {
    Normalize<false, true, kUniform>(n4, x, scale, bias, mean, std_dev, y);
  } else {
    Normalize<false, false, kUniform>(n4, x, scale, bias, mean, std_dev, y);
  }
}

}  // namespace

void f32_layernorm__wasmsimd(size_t n, const float* x, const float* scale, const float* bias, size_t stride,
                             float eps, float* y) {
  const size_t n4 = n & ~size_t{3};
  v128_t s0 = wasm_f64x2_splat(0.0), s1 = s0;
  for (size_t i = 0; i < n4; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    s0 = wasm_f64x2_add(s0, PromoteLow(v));
    s1 = wasm_f64x2_add(s1, PromoteHigh(v));
  }
  double sum = HorizontalAdd(wasm_f64x2_add(s0, s1));
  for (size_t i = n4; i < n; ++i) sum += static_cast<double>(x[i]);
  const double mean = sum / static_cast<double>(n);

  const v128_t vmean = wasm_f64x2_splat(mean);
  v128_t q0 = wasm_f64x2_splat(0.0), q1 = q0;
  for (size_t i = 0; i < n4; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    const v128_t d0 = wasm_f64x2_sub(PromoteLow(v), vmean), d1 = wasm_f64x2_sub(PromoteHigh(v), vmean);
    q0 = wasm_f64x2_add(q0, wasm_f64x2_mul(d0, d0));
    q1 = wasm_f64x2_add(q1, wasm_f64x2_mul(d1, d1));
  }
  double sq = HorizontalAdd(wasm_f64x2_add(q0, q1));
  for (size_t i = n4; i < n; ++i) {
    const double d = static_cast<double>(x[i]) - mean;
    sq += d * d;
  }
  const double var = sq / static_cast<double>(n);
  const double std_dev = __builtin_sqrt(var + static_cast<double>(eps));
  if (stride == 0) {
    NormalizeAny<true>(n4, x, scale, bias, mean, std_dev, y);
  } else {
    NormalizeAny<false>(n4, x, scale, bias, mean, std_dev, y);
  }
  for (size_t i = n4; i < n; ++i) {
    double r = (static_cast<double>(x[i]) - mean) / std_dev;
    if (scale != nullptr) r *= static_cast<double>(scale[i * stride]);
    if (bias != nullptr) r += static_cast<double>(bias[i * stride]);
    y[i] = static_cast<float>(r);
  }
}

// Per channel, the scalar twin's sums in its order (each lane one channel, pixels in turn): bit-identical.
void f32_layernorm_channels__wasmsimd(size_t pixels, size_t channels, const float* x, const float* scale,
                                      const float* bias, float eps, float* y, double* scratch) {
  double* mean = scratch;
  double* std_dev = scratch + channels;
  const size_t c4 = channels & ~size_t{3};
  for (size_t c = 0; c < channels; ++c) mean[c] = std_dev[c] = 0.0;
  for (size_t p = 0; p < pixels; ++p) {
    const float* row = x + p * channels;
    for (size_t c = 0; c < c4; c += 4) {
      const v128_t v = wasm_v128_load(row + c);
      wasm_v128_store(mean + c, wasm_f64x2_add(wasm_v128_load(mean + c), PromoteLow(v)));
      wasm_v128_store(mean + c + 2, wasm_f64x2_add(wasm_v128_load(mean + c + 2), PromoteHigh(v)));
    }
    for (size_t c = c4; c < channels; ++c) mean[c] += static_cast<double>(row[c]);
  }
  for (size_t c = 0; c < channels; ++c) mean[c] /= static_cast<double>(pixels);
  for (size_t p = 0; p < pixels; ++p) {
    const float* row = x + p * channels;
    for (size_t c = 0; c < c4; c += 4) {
      const v128_t v = wasm_v128_load(row + c);
      const v128_t d0 = wasm_f64x2_sub(PromoteLow(v), wasm_v128_load(mean + c));
      const v128_t d1 = wasm_f64x2_sub(PromoteHigh(v), wasm_v128_load(mean + c + 2));
      wasm_v128_store(std_dev + c, wasm_f64x2_add(wasm_v128_load(std_dev + c), wasm_f64x2_mul(d0, d0)));
      wasm_v128_store(std_dev + c + 2, wasm_f64x2_add(wasm_v128_load(std_dev + c + 2), wasm_f64x2_mul(d1, d1)));
    }
    for (size_t c = c4; c < channels; ++c) {
      const double d = static_cast<double>(row[c]) - mean[c];
      std_dev[c] += d * d;
    }
  }
  for (size_t c = 0; c < channels; ++c) {
    std_dev[c] = __builtin_sqrt(std_dev[c] / static_cast<double>(pixels) + static_cast<double>(eps));
  }
  for (size_t p = 0; p < pixels; ++p) {
    const float* row = x + p * channels;
    float* out = y + p * channels;
    for (size_t c = 0; c < c4; c += 4) {
      const v128_t v = wasm_v128_load(row + c);
      v128_t r0 = wasm_f64x2_div(wasm_f64x2_sub(PromoteLow(v), wasm_v128_load(mean + c)),
                                 wasm_v128_load(std_dev + c));
      v128_t r1 = wasm_f64x2_div(wasm_f64x2_sub(PromoteHigh(v), wasm_v128_load(mean + c + 2)),
                                 wasm_v128_load(std_dev + c + 2));
      if (scale != nullptr) {
        const v128_t s = wasm_v128_load(scale + c);
        r0 = wasm_f64x2_mul(r0, PromoteLow(s));
        r1 = wasm_f64x2_mul(r1, PromoteHigh(s));
      }
      if (bias != nullptr) {
        const v128_t b = wasm_v128_load(bias + c);
        r0 = wasm_f64x2_add(r0, PromoteLow(b));
        r1 = wasm_f64x2_add(r1, PromoteHigh(b));
      }
      wasm_v128_store(out + c, DemotePair(r0, r1));
    }
    for (size_t c = c4; c < channels; ++c) {
      double r = (static_cast<double>(row[c]) - mean[c]) / std_dev[c];
      if (scale != nullptr) r *= static_cast<double>(scale[c]);
      if (bias != nullptr) r += static_cast<double>(bias[c]);
      out[c] = static_cast<float>(r);
    }
  }
}

}  // namespace webnn::kernels
