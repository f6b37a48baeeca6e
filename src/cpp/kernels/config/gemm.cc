// f32 GEMM configuration (the tile per host, chosen at first use) and weight packing.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/gemm.h"

namespace webnn::kernels {

namespace {

// Wasm leaves the sign of a NaN made by arithmetic open, and engines emit the host's instruction: x86's
// SSE makes the "default NaN" negative (0xFFC00000), ARM's positive. XNNPACK tells the two apart the same
// way to pick its wasmsimd variants.
bool HostIsX86() {
  volatile float inf = INFINITY;
  return std::signbit(inf - inf);
}

}  // namespace

// The 4x8 tile in two flavours: `splat` loads four A values per row at once and broadcasts each lane,
// `loadsplat` broadcasts from memory per k (ARM's ld1r). Kernel bench on an AMD EPYC host, node 20, one
// thread, GFLOP/s splat / loadsplat, two runs agreeing: 128x256x768 29.3 / 25.0, 512^3 28.5 / 24.6,
// 784x256x128 26.4 / 24.6, 64x512x128 26.9 / 24.9, but 3136x96x16 19.6 / 21.5, and model runs (A/B
// through bench/direct.mjs) lost 2-3% on the CNNs, whose 1x1 and per-tap products are 16-96 deep, when
// every product took splat. So splat serves x86 from depth kSplatMinDepth on; XNNPACK too takes splat on
// x86 and loadsplat elsewhere. 6x8 was slower than 4x8 in both flavours (21-24).
constexpr size_t kSplatMinDepth = 128;

const F32GemmConfig& GetF32GemmConfig(size_t kc) {
  static const F32GemmConfig splat{4, 8, f32_gemm_minmax_ukernel_4x8__wasmsimd_splat,
                                   f32_igemm_minmax_ukernel_4x8__wasmsimd_splat,
                                   f32_gemm_minmax_ukernel_1x8__wasmsimd_splat,
                                   f32_igemm_minmax_ukernel_1x8__wasmsimd_splat};
  static const F32GemmConfig loadsplat{4, 8, f32_gemm_minmax_ukernel_4x8__wasmsimd_loadsplat,
                                       f32_igemm_minmax_ukernel_4x8__wasmsimd_loadsplat,
                                       f32_gemm_minmax_ukernel_1x8__wasmsimd_loadsplat,
                                       f32_igemm_minmax_ukernel_1x8__wasmsimd_loadsplat};
  static const bool x86 = HostIsX86();
  const F32GemmConfig& plain = x86 && kc >= kSplatMinDepth ? splat : loadsplat;
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
  static const F32GemmConfig relaxed_1x8_splat{4, 8, f32_gemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat,
                                               f32_igemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat,
                                               splat.gemm1, splat.igemm1};
  static const F32GemmConfig relaxed_1x8_loadsplat{4, 8, f32_gemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat,
                                                   f32_igemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat,
                                                   loadsplat.gemm1, loadsplat.igemm1};
  return &plain == &splat ? relaxed_1x8_splat : relaxed_1x8_loadsplat;
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
