// f32 dwconv configuration and weight packing.
#include "kernels/dwconv.h"

namespace webnn::kernels {

// The relaxed SIMD build keeps these tiles: one f32x4.relaxed_madd per tap in the same single chain per
// 4 channels measured slower (bench/kernels/dwconv_bench.cc, AMD EPYC, best of 5, GFLOP/s: 3x3 10-14
// vs 12-17, 5x5 6 vs 10-14) — the chain waits on the FMA's latency. A relaxed tile needs more
// accumulators first (XNNPACK's acc2), which changes the summation order the scalar twin shares.
const F32DwconvConfig* GetF32DwconvConfig(size_t taps) {
  static const F32DwconvConfig k9{4, 9, f32_dwconv_minmax_ukernel_9p4c__wasmsimd,
                                  f32_dwconv_minmax_ukernel_up4c__wasmsimd};
  static const F32DwconvConfig k25{4, 25, f32_dwconv_minmax_ukernel_25p4c__wasmsimd,
                                   f32_dwconv_minmax_ukernel_up4c__wasmsimd};
  if (taps == 9) return &k9;
  if (taps == 25) return &k25;
  return nullptr;
}

const F32DwconvConfig& GetF32DwconvGenericConfig() {
  static const F32DwconvConfig config{4, 0, nullptr, f32_dwconv_minmax_ukernel_up4c__wasmsimd};
  return config;
}

const F32DwconvDirectConfig* GetF32DwconvDirectConfig(size_t kernel_size, size_t stride) {
  static const F32DwconvDirectConfig k3s1{3, 1, 4, f32_dwconv_direct_minmax_ukernel_3x3s1_4x4c__wasmsimd};
  static const F32DwconvDirectConfig k3s2{3, 2, 2, f32_dwconv_direct_minmax_ukernel_3x3s2_2x4c__wasmsimd};
  static const F32DwconvDirectConfig k5s1{5, 1, 4, f32_dwconv_direct_minmax_ukernel_5x5s1_4x4c__wasmsimd};
  static const F32DwconvDirectConfig k5s2{5, 2, 2, f32_dwconv_direct_minmax_ukernel_5x5s2_2x4c__wasmsimd};
  if (kernel_size == 3) return stride == 1 ? &k3s1 : stride == 2 ? &k3s2 : nullptr;
  if (kernel_size == 5) return stride == 1 ? &k5s1 : stride == 2 ? &k5s2 : nullptr;
  return nullptr;
}

size_t F32PackedDwconvSize(size_t channels, size_t taps, size_t cr) {
  return (channels + cr - 1) / cr * cr * (taps + 1);
}

void F32PackDwconv(size_t channels, size_t taps, size_t cr, const float* w, const float* bias, float* packed) {
  for (size_t c0 = 0; c0 < channels; c0 += cr) {
    for (size_t j = 0; j < cr; ++j) *packed++ = bias != nullptr && c0 + j < channels ? bias[c0 + j] : 0.0f;
    for (size_t t = 0; t < taps; ++t) {
      for (size_t j = 0; j < cr; ++j) *packed++ = c0 + j < channels ? w[t * channels + c0 + j] : 0.0f;
    }
  }
}

}  // namespace webnn::kernels
