// qu8 indirect GEMM micro-kernels stamped from qu8-igemm.inc, driven as the compiler drives a 3x3 conv (MR
// rows per call, all N columns, 9 taps of kc bytes): shapes of a segmentation network's 32- and 64-channel
// convs. GFLOP/s counts two per multiply-add, as the f32 GEMM rows do, so the two compare directly.
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/gemm.h"
#include "kernels/qgemm.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t m, n, k;  // output pixels, output channels, input channels (per tap)
};
const Shape kShapes[] = {{4096, 32, 32}, {4096, 64, 64}, {1024, 128, 128}, {4096, 32, 3}, {4096, 8, 8}, {4096, 8, 24}, {4096, 16, 16}, {64, 512, 512}, {256, 256, 768}, {1024, 64, 192}};
constexpr size_t kTaps = 9;

void Run(const char* name, size_t mr, size_t nr, char weights, kernels::QU8IgemmUkernelFn fn) {
  for (const Shape& s : kShapes) {
    std::vector<uint8_t> input((s.m + kTaps) * s.k, 131), w(s.n * kTaps * s.k, 77), zero(s.k, 128), wzp{120};
    std::vector<uint8_t> packed;
    if (weights == 'C') {
      packed.resize(kernels::QU8PackedIgemmSizeC2(s.n, s.k, kTaps));
      kernels::QU8PackIgemmGoiC2(s.n, s.k, kTaps, w.data(), wzp.data(), false, nullptr, packed.data());
    } else {
      const bool u8_weights = weights == 'U';
      packed.resize(u8_weights ? kernels::QU8PackedIgemmSizeU8(s.n, s.k, kTaps) : kernels::QU8PackedIgemmSize(s.n, s.k, kTaps));
      (u8_weights ? kernels::QU8PackIgemmGoiU8 : kernels::QU8PackIgemmGoi)(s.n, s.k, kTaps, w.data(), wzp.data(), false, nullptr, packed.data());
    }
    // Per block of mr pixels, per tap, mr row pointers (neighbouring rows, as a stride-1 conv's taps are).
    const size_t blocks = (s.m + mr - 1) / mr;
    std::vector<const uint8_t*> ind(blocks * kTaps * mr);
    for (size_t b = 0; b < blocks; ++b) {
      for (size_t t = 0; t < kTaps; ++t) {
        for (size_t r = 0; r < mr; ++r) ind[(b * kTaps + t) * mr + r] = input.data() + (std::min(b * mr + r, s.m - 1) + t) * s.k;
      }
    }
    std::vector<int32_t> c(s.m * s.n);
    kernels::QU8ConvParams params{128};
    double t = BestSeconds([&] {
      for (size_t i = 0; i < s.m; i += mr) {
        fn(std::min(mr, s.m - i), s.n, s.k, kTaps, ind.data() + i / mr * kTaps * mr, packed.data(), c.data() + i * s.n,
           s.n * sizeof(int32_t), nr * sizeof(int32_t), 0, zero.data(), &params);
      }
    });
    Report(name, std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(kTaps) + "x" + std::to_string(s.k), t,
           2.0 * s.m * s.n * s.k * kTaps, 0);
  }
}

// The float tile the conv step runs today on the same shapes (GetF32GemmConfig's), for the ratio.
void RunF32(const char* name) {
  const auto& cfg = kernels::GetF32GemmConfig();
  for (const Shape& s : kShapes) {
    std::vector<float> input((s.m + kTaps) * s.k, 0.5f), w(s.n * kTaps * s.k, 0.25f), zero(s.k, 0.0f);
    std::vector<float> packed(kernels::F32PackedGemmSize(s.n, s.k, cfg.nr, kTaps));
    kernels::F32PackGemmGoi(s.n, s.k, kTaps, cfg.nr, w.data(), nullptr, packed.data());
    const size_t mr = cfg.mr, blocks = (s.m + mr - 1) / mr;
    std::vector<const float*> ind(blocks * kTaps * mr);
    for (size_t b = 0; b < blocks; ++b) {
      for (size_t t = 0; t < kTaps; ++t) {
        for (size_t r = 0; r < mr; ++r) ind[(b * kTaps + t) * mr + r] = input.data() + (std::min(b * mr + r, s.m - 1) + t) * s.k;
      }
    }
    std::vector<float> c(s.m * s.n);
    kernels::MinMaxParams params{-1e30f, 1e30f};
    double t = BestSeconds([&] {
      for (size_t i = 0; i < s.m; i += mr) {
        cfg.igemm(std::min(mr, s.m - i), s.n, s.k, kTaps, ind.data() + i / mr * kTaps * mr, packed.data(), c.data() + i * s.n,
                  s.n * sizeof(float), cfg.nr * sizeof(float), 0, zero.data(), &params);
      }
    });
    Report(name, std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(kTaps) + "x" + std::to_string(s.k), t,
           2.0 * s.m * s.n * s.k * kTaps, 0);
  }
}
const Register register_f32("f32_igemm (the conv step's tile)", [] { RunF32("f32_igemm (the conv step's tile)"); });

#define WEBNN_QU8_IGEMM_UKERNEL(mr, nr, weights, name) \
  const Register register_##name(#name, [] { Run(#name, mr, nr, #weights[0], kernels::name); });
#include "kernels/qu8-igemm/qu8-igemm.inc"
#undef WEBNN_QU8_IGEMM_UKERNEL

}  // namespace
}  // namespace webnn::bench
