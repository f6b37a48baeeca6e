// f32 GEMM configuration (the tile per host, chosen at first use) and weight packing.
#include <algorithm>
#include <cstring>

#include "kernels/gemm.h"

namespace webnn::kernels {

// The 4x8 tile in two flavours: `splat` loads four A values per row at once and broadcasts each lane,
// `loadsplat` broadcasts from memory per k (ARM's ld1r). Kernel bench on an AMD EPYC host, node 20, one
// thread, GFLOP/s over the seven shapes: 4x8 loadsplat 34.7-39.9, 4x8 splat 26.2-30.3, 6x8 splat
// 27.6-31.7, 6x8 loadsplat 26.1-28.0, 1x8 19.4-22.6 either way. So loadsplat at every depth. (An earlier
// choice of splat on x86 from depth 128 on was measured while the tiles' accumulators were spilled to the
// stack every k step — see WEBNN_KERNEL_INLINE — which hid loadsplat's lead. XNNPACK takes splat on x86;
// not re-measured on an Intel host.)
const F32GemmConfig& GetF32GemmConfig() {
  static const F32GemmConfig plain{4, 8, f32_gemm_minmax_ukernel_4x8__wasmsimd_loadsplat,
                                   f32_igemm_minmax_ukernel_4x8__wasmsimd_loadsplat,
                                   f32_gemm_minmax_ukernel_1x8__wasmsimd_loadsplat,
                                   f32_igemm_minmax_ukernel_1x8__wasmsimd_loadsplat};
#if WEBNN_RELAXED_SIMD
  // f32x4.relaxed_madd (one fused multiply-add where the host has FMA). Kernel bench, same AMD EPYC
  // host, node 20 --experimental-wasm-relaxed-simd, one thread, best of 8 runs beside other jobs,
  // GFLOP/s over the seven bench shapes: 4x8 relaxed loadsplat 43-54, relaxed splat 33-36, plain
  // loadsplat 34-40, plain splat 26-30 (the plain tiles compiled by clang 19 score the same as by
  // clang 14: the gain is the fusion). In the runtime the gap is wider: a 784x256x128 matmul on one
  // thread ran at 40-47 GFLOP/s against 22-23 for plain loadsplat in the same relaxed-tree link, and
  // bench/direct.mjs's four models took 0.49-0.73x the time. So relaxed loadsplat at every depth. The
  // 1x8 tiles lose with fusion (relaxed 12-22 vs plain 17-22): two accumulator chains wait on the
  // FMA's longer latency, so rows of one keep the plain tile.
  static const F32GemmConfig relaxed{4, 8, f32_gemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat,
                                     f32_igemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat, plain.gemm1,
                                     plain.igemm1};
  return relaxed;
#else
  return plain;
#endif
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
