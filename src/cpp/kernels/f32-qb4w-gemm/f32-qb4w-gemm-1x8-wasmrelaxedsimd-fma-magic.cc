// f32_qb4w_gemm_ukernel_1x8__wasmrelaxedsimd_fma_magic: the wasmsimd magic GEMV (kernels/qbw_impl.h) with each
// multiply-add one f32x4.relaxed_madd. Reference: the __scalar tile, within the float bound (not bit-identical:
// the engine may fuse). Built only with WEBNN_RELAXED_SIMD, by the relaxed-SIMD compiler (CMakeLists.txt).
#include "kernels/qb4w_layout.h"

namespace webnn::kernels {

void f32_qb4w_gemm_ukernel_1x8__wasmrelaxedsimd_fma_magic(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w,
                                                           const uint8_t* h, float* c) {
  qbw_impl::GemvMagic<Qb4wLayout, true>(nc, kc, bl, a, w, h, c);
}

}  // namespace webnn::kernels
