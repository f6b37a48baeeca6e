// f32_gemm_minmax_ukernel_1x8__wasmrelaxedsimd_fma_splat
// Tile: 1x8 — f32_gemm_minmax_ukernel_1x8__wasmsimd_splat with each multiply-add one f32x4.relaxed_madd.
// A is read as f32x4 (4 k at a time) and each lane is splat with a shuffle; the k % 4 tail uses
// load32_splat.
// Packed weights: per 8-column block: 8 bias, then kc x 8 weights (F32PackGemmGoi/Gio).
// Over-read: none (no A past kc floats per row, no C past nc columns). Alignment: 4 bytes.
// Reference: the __scalar tiles, within the GEMM tolerance (not bit-identical: the engine may fuse).
// Built only with WEBNN_RELAXED_SIMD, by the relaxed-SIMD compiler (CMakeLists.txt).
#include "kernels/f32-gemm/gemm-impl.h"
#include "kernels/gemm.h"

namespace webnn::kernels {

void f32_gemm_minmax_ukernel_1x8__wasmrelaxedsimd_fma_splat(
    size_t mr, size_t nc, size_t kc, const float* a, size_t a_stride, const float* packed_w, float* c,
    size_t cm_stride, size_t cn_stride, const MinMaxParams* params) {
  gemm_impl::GemmWasmsimd<1, false, true>(mr, nc, kc, a, a_stride, packed_w, c, cm_stride, cn_stride, params);
}

}  // namespace webnn::kernels
