// f32 Winograd F(2x2, 3x3) transform kernels stamped from f32-winograd.inc, on the shapes of squeezenet1_1's
// 3x3 expand convolutions (C -> O channels over a block of 32 tiles, as conv_winograd.cc runs them): the input
// transform (16 rows of C read, 16 written per tile), the output transform (16 rows of O read, 4 pixels
// written) and the per-run filter transform (9 rows read, 16 written per channel pair). Bound by memory and
// adds: GB/s of floats read + written.
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/winograd.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t c, o;
};
const Shape kShapes[] = {{16, 64}, {32, 128}, {64, 256}};
// conv_winograd.cc's block: 32 tiles, its 16 matrices a cache line apart beyond their size (kMatrixPad).
constexpr size_t kTiles = 32, kNr = 8, kPad = 16;

void Run(const char* filter, const char* input, const char* output, const kernels::F32WinogradConfig& k) {
  for (const Shape& s : kShapes) {
    const std::string shape = "c" + std::to_string(s.c) + " o" + std::to_string(s.o);
    const size_t v_stride = kTiles * s.c + kPad, m_stride = kTiles * s.o + kPad;
    std::vector<float> pixels(16 * s.c, 0.25f), v(16 * v_stride), m(16 * m_stride, 0.5f), bias(s.o, 0.1f);
    std::vector<float> out(4 * kTiles * s.o);
    std::vector<const float*> d(16);
    for (size_t i = 0; i < 16; ++i) d[i] = pixels.data() + i * s.c;
    double t = BestSeconds([&] {
      for (size_t tile = 0; tile < kTiles; ++tile) k.input(s.c, d.data(), v.data() + tile * s.c, v_stride);
    });
    Report(input, shape + " x32 tiles", t, 0, 4.0 * kTiles * 32 * s.c);
    const kernels::MinMaxParams params{-1e30f, 1e30f};
    t = BestSeconds([&] {
      for (size_t tile = 0; tile < kTiles; ++tile) {
        float* y[4] = {out.data() + 4 * tile * s.o, out.data() + (4 * tile + 1) * s.o, out.data() + (4 * tile + 2) * s.o,
                       out.data() + (4 * tile + 3) * s.o};
        k.output(s.o, m.data() + tile * s.o, m_stride, bias.data(), y, &params);
      }
    });
    Report(output, shape + " x32 tiles", t, 0, 4.0 * kTiles * 20 * s.o);
    const size_t packed = s.o / kNr * kNr * (s.c + 1);
    std::vector<float> g(9 * s.c * s.o, 0.125f), u(16 * packed);
    t = BestSeconds([&] { k.filter(s.c, s.o, kNr, g.data(), 0, s.o / kNr, u.data(), packed); });
    Report(filter, shape, t, 0, 4.0 * 25 * s.c * s.o);
  }
}

#define WEBNN_F32_WINOGRAD_UKERNELS(ct, filter, input, output) \
  const Register register_##filter(#filter, [] {                                                   \
    Run(#filter, #input, #output, kernels::F32WinogradConfig{kernels::filter, kernels::input, kernels::output}); \
  });
#include "kernels/f32-winograd/f32-winograd.inc"
#undef WEBNN_F32_WINOGRAD_UKERNELS

}  // namespace
}  // namespace webnn::bench
