// f32 and qu8 depthwise convolution kernels stamped from f32-dwconv.inc, f32-dwconv-direct.inc and qu8-dwconv.inc, driven one output row at a time as
// compiler/lower/conv.cc's step does: the 3x3 and 5x5 layers of the shared models (MobileNetV2,
// EfficientNet-B0), stride 1, padding kept inside the input so every tap reads real data.
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/dwconv.h"
#include "kernels/qdwconv.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t h, w, c, k;  // output height, width, channels; kernel size k x k
};
const Shape kShapes[] = {{112, 112, 32, 3}, {56, 56, 144, 3}, {28, 28, 192, 3}, {14, 14, 576, 3},
                         {7, 7, 960, 3},    {28, 28, 240, 5}, {14, 14, 672, 5}};

template <typename Call>
void Run(const char* name, size_t kernel_taps, Call call) {
  for (const Shape& s : kShapes) {
    const size_t taps = s.k * s.k;
    if (kernel_taps != 0 && kernel_taps != taps) continue;
    const size_t iw = s.w + s.k - 1, ih = s.h + s.k - 1;
    std::vector<float> input(ih * iw * s.c, 0.5f), w(taps * s.c, 0.25f), bias(s.c, 0.0f), out(s.h * s.w * s.c);
    std::vector<float> packed(kernels::F32PackedDwconvSize(s.c, taps, 4)), zero(s.c, 0.0f);
    kernels::F32PackDwconv(s.c, taps, 4, w.data(), bias.data(), packed.data());
    std::vector<const float*> ind(s.h * s.w * taps);
    for (size_t y = 0; y < s.h; ++y)
      for (size_t x = 0; x < s.w; ++x)
        for (size_t t = 0; t < taps; ++t)
          ind[(y * s.w + x) * taps + t] = input.data() + ((y + t / s.k) * iw + x + t % s.k) * s.c;
    kernels::MinMaxParams params{-1e30f, 1e30f};
    double t = BestSeconds([&] {
      for (size_t y = 0; y < s.h; ++y) {
        call(s.c, s.w, taps, ind.data() + y * s.w * taps, packed.data(), out.data() + y * s.w * s.c,
             taps * sizeof(float*), 0, 0, zero.data(), &params);
      }
    });
    Report(name, std::to_string(s.h) + "x" + std::to_string(s.w) + "x" + std::to_string(s.c) + " " +
                     std::to_string(s.k) + "x" + std::to_string(s.k), t, 2.0 * s.h * s.w * s.c * taps, 0);
  }
}

#define WEBNN_F32_DWCONV_UKERNEL(taps, cr, name)                                                          \
  const Register register_##name(#name, [] {                                                              \
    Run(#name, taps, [](size_t c, size_t w, size_t, const float** in, const float* pw, float* o, size_t is, \
                        size_t oi, size_t off, const float* z, const kernels::MinMaxParams* p) {            \
      kernels::name(c, w, in, pw, o, is, oi, off, z, p);                                                  \
    });                                                                                                   \
  });
#define WEBNN_F32_DWCONV_GENERIC_UKERNEL(cr, name) \
  const Register register_##name(#name, [] { Run(#name, 0, kernels::name); });
#include "kernels/f32-dwconv/f32-dwconv.inc"
#undef WEBNN_F32_DWCONV_UKERNEL
#undef WEBNN_F32_DWCONV_GENERIC_UKERNEL

// The direct kernels on the same shapes at their stride (every window inside the input), a row at a time.
void RunDirect(const char* name, size_t k, size_t stride, kernels::F32DwconvDirectUkernelFn fn) {
  for (const Shape& s : kShapes) {
    if (s.k != k) continue;
    const size_t taps = k * k, iw = (s.w - 1) * stride + k, ih = (s.h - 1) * stride + k;
    std::vector<float> input(ih * iw * s.c, 0.5f), w(taps * s.c, 0.25f), bias(s.c, 0.0f), out(s.h * s.w * s.c);
    std::vector<float> packed(kernels::F32PackedDwconvSize(s.c, taps, 4));
    kernels::F32PackDwconv(s.c, taps, 4, w.data(), bias.data(), packed.data());
    kernels::MinMaxParams params{-1e30f, 1e30f};
    double t = BestSeconds([&] {
      for (size_t y = 0; y < s.h; ++y) {
        fn(s.c, s.w, input.data() + y * stride * iw * s.c, iw * s.c * sizeof(float), packed.data(),
           out.data() + y * s.w * s.c, &params);
      }
    });
    Report(name, std::to_string(s.h) + "x" + std::to_string(s.w) + "x" + std::to_string(s.c) + " " + std::to_string(k) +
                     "x" + std::to_string(k) + " s" + std::to_string(stride), t, 2.0 * s.h * s.w * s.c * taps, 0);
  }
}

#define WEBNN_F32_DWCONV_DIRECT_UKERNEL(k, s, p, name) \
  const Register register_##name(#name, [] { RunDirect(#name, k, s, kernels::name); });
#include "kernels/f32-dwconv-direct/f32-dwconv-direct.inc"
#undef WEBNN_F32_DWCONV_DIRECT_UKERNEL

// The qu8 kernels on the same shapes (uint8 activations, int16 weights, int32 out), beside the f32 rows.
void RunQu8(const char* name, size_t kernel_taps, kernels::QU8DwconvUkernelFn fn) {
  for (const Shape& s : kShapes) {
    const size_t taps = s.k * s.k, iw = s.w + s.k - 1, ih = s.h + s.k - 1;
    if (kernel_taps != 0 && kernel_taps != taps) continue;
    std::vector<uint8_t> input(ih * iw * s.c, 131), zero(s.c, 128);
    std::vector<int16_t> w(taps * s.c, -77);
    std::vector<int32_t> out(s.h * s.w * s.c);
    std::vector<uint8_t> packed(kernels::QU8PackedDwconvSize(s.c, taps));
    kernels::QS16PackDwconv(s.c, taps, w.data(), nullptr, packed.data());
    std::vector<const uint8_t*> ind(s.h * s.w * taps);
    for (size_t y = 0; y < s.h; ++y)
      for (size_t x = 0; x < s.w; ++x)
        for (size_t t = 0; t < taps; ++t) ind[(y * s.w + x) * taps + t] = input.data() + ((y + t / s.k) * iw + x + t % s.k) * s.c;
    const kernels::QU8ConvParams params{128};
    double t = BestSeconds([&] {
      for (size_t y = 0; y < s.h; ++y) {
        fn(s.c, s.w, taps, ind.data() + y * s.w * taps, packed.data(), out.data() + y * s.w * s.c, taps * sizeof(void*), 0, 0,
           zero.data(), &params);
      }
    });
    Report(name, std::to_string(s.h) + "x" + std::to_string(s.w) + "x" + std::to_string(s.c) + " " + std::to_string(s.k) + "x" +
                     std::to_string(s.k), t, 2.0 * s.h * s.w * s.c * taps, 0);
  }
}

#define WEBNN_QU8_DWCONV_UKERNEL(taps, cr, name) const Register register_##name(#name, [] { RunQu8(#name, taps, kernels::name); });
#include "kernels/qu8-dwconv/qu8-dwconv.inc"
#undef WEBNN_QU8_DWCONV_UKERNEL

}  // namespace
}  // namespace webnn::bench
