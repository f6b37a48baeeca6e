// f32 GEMM configuration and weight packing. The wasmsimd tile was chosen by timing M=K=N=256 under
// node 20 (V8) on x86-64: see the numbers below GetF32GemmConfig().
#include <algorithm>
#include <cstring>

#include "kernels/gemm.h"

namespace webnn::kernels {

// Measured (GFLOP/s, M=K=N=256, node 20, one thread; see the kernels report):
//   4x8 splat / loadsplat, 6x8 splat / loadsplat — the winner is used here.
const F32GemmConfig& GetF32GemmConfig() {
  static const F32GemmConfig config{
      4, 8, f32_gemm_minmax_ukernel_4x8__wasmsimd_loadsplat, f32_igemm_minmax_ukernel_4x8__wasmsimd_loadsplat,
      f32_gemm_minmax_ukernel_1x8__wasmsimd_loadsplat, f32_igemm_minmax_ukernel_1x8__wasmsimd_loadsplat};
  return config;
}

const F32GemmConfig& GetF32GemmScalarConfig() {
  static const F32GemmConfig config{4, 8, f32_gemm_minmax_ukernel_4x8__scalar, f32_igemm_minmax_ukernel_4x8__scalar,
                                    f32_gemm_minmax_ukernel_1x8__scalar, f32_igemm_minmax_ukernel_1x8__scalar};
  return config;
}

size_t F32PackedGemmSize(size_t nc, size_t kc, size_t nr, size_t ks) {
  size_t blocks = (nc + nr - 1) / nr;
  return blocks * nr * (ks * kc + 1);
}

void F32PackGemmGoi(size_t nc, size_t kc, size_t ks, size_t nr, const float* w, const float* bias, float* packed) {
  for (size_t n0 = 0; n0 < nc; n0 += nr) {
    const size_t nb = std::min(nr, nc - n0);
    for (size_t j = 0; j < nr; ++j) *packed++ = bias != nullptr && j < nb ? bias[n0 + j] : 0.0f;
    for (size_t s = 0; s < ks; ++s) {
      for (size_t k = 0; k < kc; ++k) {
        for (size_t j = 0; j < nr; ++j) *packed++ = j < nb ? w[((n0 + j) * ks + s) * kc + k] : 0.0f;
      }
    }
  }
}

void F32PackGemmGio(size_t nc, size_t kc, size_t nr, const float* w, const float* bias, float* packed) {
  for (size_t n0 = 0; n0 < nc; n0 += nr) {
    const size_t nb = std::min(nr, nc - n0);
    for (size_t j = 0; j < nr; ++j) *packed++ = bias != nullptr && j < nb ? bias[n0 + j] : 0.0f;
    for (size_t k = 0; k < kc; ++k) {
      std::memcpy(packed, w + k * nc + n0, nb * sizeof(float));
      std::fill(packed + nb, packed + nr, 0.0f);
      packed += nr;
    }
  }
}

}  // namespace webnn::kernels
