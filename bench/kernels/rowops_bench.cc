// Row kernels (softmax, layer normalization) on 128 rows of 1024 floats, the shape of a transformer's
// attention scores: GB/s (4 bytes read, 4 written per element; softmax's three passes over the row are
// the kernel's business) and ns per element. One kernel per variant, so no .inc enumerator yet.
#include <cstdio>
#include <vector>

#include "bench.h"
#include "kernels/layernorm.h"
#include "kernels/softmax.h"

namespace webnn::bench {
namespace {

constexpr size_t kRows = 128, kCols = 1024;

std::vector<float> Input() {
  std::vector<float> x(kRows * kCols);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7919) % 2000) / 100.0f - 10.0f;
  return x;
}

void Softmax(const char* name, void (*fn)(size_t, const float*, float*)) {
  const std::vector<float> x = Input();
  std::vector<float> y(x.size());
  const double t = BestSeconds([&] {
    for (size_t r = 0; r < kRows; ++r) fn(kCols, x.data() + r * kCols, y.data() + r * kCols);
  });
  Report(name, "128x1024", t, 0, 8.0 * x.size());
  std::printf("%-48s %-22s %10.2f ns/element\n", "", "", t * 1e9 / x.size());
}

void LayerNorm(const char* name, void (*fn)(size_t, const float*, const float*, const float*, size_t, float, float*)) {
  const std::vector<float> x = Input(), scale(kCols, 1.5f), bias(kCols, 0.25f);
  std::vector<float> y(x.size());
  const double t = BestSeconds([&] {
    for (size_t r = 0; r < kRows; ++r)
      fn(kCols, x.data() + r * kCols, scale.data(), bias.data(), 1, 1e-5f, y.data() + r * kCols);
  });
  Report(name, "128x1024", t, 0, 8.0 * x.size());
  std::printf("%-48s %-22s %10.2f ns/element\n", "", "", t * 1e9 / x.size());
}

// instanceNormalization in NHWC: 1024 pixels of 128 channels (the same bytes as the row form's).
void LayerNormChannels(const char* name, void (*fn)(size_t, size_t, const float*, const float*, const float*, float,
                                                    float*, double*)) {
  const std::vector<float> x = Input(), scale(kRows, 1.5f), bias(kRows, 0.25f);
  std::vector<float> y(x.size());
  std::vector<double> scratch(2 * kRows);
  const double t = BestSeconds([&] { fn(kCols, kRows, x.data(), scale.data(), bias.data(), 1e-5f, y.data(), scratch.data()); });
  Report(name, "1024px x 128ch", t, 0, 8.0 * x.size());
  std::printf("%-48s %-22s %10.2f ns/element\n", "", "", t * 1e9 / x.size());
}

const Register softmax_simd("f32_softmax__wasmsimd", [] { Softmax("f32_softmax__wasmsimd", kernels::f32_softmax__wasmsimd); });
const Register softmax_scalar("f32_softmax__scalar", [] { Softmax("f32_softmax__scalar", kernels::f32_softmax__scalar); });
const Register layernorm_simd("f32_layernorm__wasmsimd",
                              [] { LayerNorm("f32_layernorm__wasmsimd", kernels::f32_layernorm__wasmsimd); });
const Register layernorm_scalar("f32_layernorm__scalar",
                                [] { LayerNorm("f32_layernorm__scalar", kernels::f32_layernorm__scalar); });
const Register layernorm_channels_simd("f32_layernorm_channels__wasmsimd", [] {
  LayerNormChannels("f32_layernorm_channels__wasmsimd", kernels::f32_layernorm_channels__wasmsimd);
});
const Register layernorm_channels_scalar("f32_layernorm_channels__scalar", [] {
  LayerNormChannels("f32_layernorm_channels__scalar", kernels::f32_layernorm_channels__scalar);
});

}  // namespace
}  // namespace webnn::bench
