// f32_igemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat
// Tile: 4x8 — f32_igemm_minmax_ukernel_4x8__wasmsimd_loadsplat with each multiply-add one f32x4.relaxed_madd.
// Each A element is broadcast with load32_splat (one per row per k).
// Packed weights: per 8-column block: 8 bias, then ks taps x kc x 8 weights (F32PackGemmGoi).
// Over-read: none (no A past kc floats per row, no C past nc columns). Alignment: 4 bytes.
// Reference: the __scalar tiles, within the GEMM tolerance (not bit-identical: the engine may fuse).
// Built only with WEBNN_RELAXED_SIMD, by the relaxed-SIMD compiler (CMakeLists.txt).
#include "kernels/f32-gemm/gemm-impl.h"
#include "kernels/gemm.h"

namespace webnn::kernels {

void f32_igemm_minmax_ukernel_4x8__wasmrelaxedsimd_fma_loadsplat(
    size_t mr, size_t nc, size_t kc, size_t ks, const float** a, const float* packed_w, float* c,
    size_t cm_stride, size_t cn_stride, size_t a_offset, const float* zero, const MinMaxParams* params) {
  gemm_impl::IgemmWasmsimd<4, true, true>(mr, nc, kc, ks, a, packed_w, c, cm_stride, cn_stride, a_offset,
                                               zero, params);
}

}  // namespace webnn::kernels
