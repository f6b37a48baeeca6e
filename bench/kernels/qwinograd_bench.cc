// qu8 Winograd F(2x2, 3x3) kernels stamped from qu8-winograd.inc and qs16-gemm.inc, on the QDQ U-Net's 3x3 layers
// (C -> O channels over a block of 32 tiles, as conv_integer_winograd.cc runs them): the input transform (16 rows
// of C bytes read, 16 of int16 written per tile), the output transform (16 rows of O int32 read, 4 pixels
// written), the per-run filter transform (9 rows of bytes read, 16 of int16 written per channel pair), GB/s of bytes
// read + written; and the qs16 GEMM of the 16 products (32 tiles x C x O), GOP/s.
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/qgemm.h"
#include "kernels/qwinograd.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t c, o;
};
const Shape kShapes[] = {{16, 16}, {48, 16}, {64, 64}, {256, 256}};
constexpr size_t kTiles = 32, kNr = kernels::kQU8WinogradNr, kPad = 16;

size_t Padded(size_t c) { return (c + 7) / 8 * 8; }

void RunTransforms(const char* filter, const char* input, const char* output, kernels::QU8WinogradFilterFn filter_fn,
                   kernels::QU8WinogradInputFn input_fn, kernels::QS32WinogradOutputFn output_fn) {
  for (const Shape& s : kShapes) {
    const std::string shape = "c" + std::to_string(s.c) + " o" + std::to_string(s.o);
    const size_t kcp = Padded(s.c), v_stride = kTiles * kcp + kPad, m_stride = kTiles * s.o + kPad;
    std::vector<uint8_t> pixels(16 * s.c, 200);
    std::vector<int16_t> v(16 * v_stride);
    std::vector<int32_t> m(16 * m_stride, 4000), out(4 * kTiles * s.o);
    std::vector<const uint8_t*> d(16);
    for (size_t i = 0; i < 16; ++i) d[i] = pixels.data() + i * s.c;
    double t = BestSeconds([&] {
      for (size_t tile = 0; tile < kTiles; ++tile) input_fn(s.c, kcp, d.data(), 128, v.data() + tile * kcp, v_stride);
    });
    Report(input, shape + " x32 tiles", t, 0, double(kTiles) * 16 * (s.c + 2 * kcp));
    t = BestSeconds([&] {
      for (size_t tile = 0; tile < kTiles; ++tile) {
        int32_t* y[4] = {out.data() + 4 * tile * s.o, out.data() + (4 * tile + 1) * s.o, out.data() + (4 * tile + 2) * s.o,
                         out.data() + (4 * tile + 3) * s.o};
        output_fn(s.o, m.data() + tile * s.o, m_stride, y);
      }
    });
    Report(output, shape + " x32 tiles", t, 0, 4.0 * kTiles * 20 * s.o);
    const size_t xi_stride = kernels::QU8PackedIgemmSizeC2(s.o, kcp, 1) / sizeof(int16_t);
    std::vector<uint8_t> g(9 * s.c * s.o, 7), zero_points(s.o, 3);
    std::vector<int16_t> u(16 * xi_stride);
    t = BestSeconds([&] { filter_fn(s.c, s.o, g.data(), zero_points.data(), 0, s.o / kNr, u.data(), xi_stride); });
    Report(filter, shape, t, 0, double(s.c) * s.o * (9 + 32));
  }
}

void RunGemm(const char* name, size_t mr, kernels::QS16GemmUkernelFn gemm) {
  for (const Shape& s : kShapes) {
    const size_t kcp = Padded(s.c);
    std::vector<int16_t> a(kTiles * kcp, 300), w(s.o * kcp, -200);
    std::vector<uint8_t> packed(kernels::QU8PackedIgemmSizeC2(s.o, kcp, 1));
    kernels::QS16PackIgemmGoiC2(s.o, kcp, 1, w.data(), packed.data());
    std::vector<int32_t> c(kTiles * s.o);
    const double t = BestSeconds([&] {
      for (size_t i = 0; i < kTiles; i += mr) {
        gemm(mr, s.o, kcp, a.data() + i * kcp, kcp * sizeof(int16_t), packed.data(), c.data() + i * s.o,
             s.o * sizeof(int32_t), kNr * sizeof(int32_t));
      }
    });
    Report(name, "32x" + std::to_string(kcp) + "x" + std::to_string(s.o), t, 2.0 * kTiles * kcp * s.o, 0);
  }
}

#define WEBNN_QU8_WINOGRAD_UKERNELS(ct, filter, input, output) \
  const Register register_##filter(#filter, [] { RunTransforms(#filter, #input, #output, kernels::filter, kernels::input, kernels::output); });
#include "kernels/qu8-winograd/qu8-winograd.inc"
#undef WEBNN_QU8_WINOGRAD_UKERNELS

#define WEBNN_QS16_GEMM_UKERNEL(mr, nr, name) const Register register_##name(#name, [] { RunGemm(#name, mr, kernels::name); });
#include "kernels/qu8-winograd/qs16-gemm.inc"
#undef WEBNN_QS16_GEMM_UKERNEL

}  // namespace
}  // namespace webnn::bench
