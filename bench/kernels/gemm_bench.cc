// f32 GEMM micro-kernels stamped from f32-gemm.inc, driven over whole matrices the way the compiler's
// GEMM step tiles them (MR rows per call, all N columns): shapes of the shared models' matmuls and
// 1x1 convolutions, and of GRU/LSTM gate GEMMs and convTranspose2d's column GEMM.
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/gemm.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t m, n, k;
};
const Shape kShapes[] = {{128, 256, 768}, {512, 512, 512}, {3136, 96, 16}, {3136, 64, 32},
                          {784, 128, 64},  {784, 256, 128}, {64, 512, 128}};

void Run(const char* name, size_t mr, size_t nr, kernels::F32GemmUkernelFn fn) {
  for (const Shape& s : kShapes) {
    std::vector<float> a(s.m * s.k + 16, 0.5f), w(s.k * s.n, 0.25f), bias(s.n, 0.0f), c(s.m * s.n);
    std::vector<float> packed(kernels::F32PackedGemmSize(s.n, s.k, nr));
    kernels::F32PackGemmGio(s.n, s.k, nr, w.data(), bias.data(), packed.data());
    kernels::MinMaxParams params{-1e30f, 1e30f};
    double t = BestSeconds([&] {
      for (size_t i = 0; i < s.m; i += mr) {
        size_t rows = std::min(mr, s.m - i);
        fn(rows, s.n, s.k, a.data() + i * s.k, s.k * sizeof(float), packed.data(),
           c.data() + i * s.n, s.n * sizeof(float), nr * sizeof(float), &params);
      }
    });
    Report(name, std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k), t, 2.0 * s.m * s.n * s.k, 0);
  }
}

#define WEBNN_F32_GEMM_UKERNEL(mr, nr, name) \
  const Register register_##name(#name, [] { Run(#name, mr, nr, kernels::name); });
#include "kernels/f32-gemm/f32-gemm.inc"
#undef WEBNN_F32_GEMM_UKERNEL

}  // namespace
}  // namespace webnn::bench
