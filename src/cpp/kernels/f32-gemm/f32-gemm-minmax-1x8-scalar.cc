// f32_gemm_minmax_ukernel_1x8__scalar
// Tile: 1x8, plain C++ (the reference the wasmsimd gemm tiles are tested against): per column,
// bias first, then a*w products added for k ascending (taps ascending for igemm), then the clamp.
// Packed weights: per 8-column block: 8 bias, then kc x 8 weights (F32PackGemmGoi/Gio).
// Over-read: none. Alignment: 4 bytes.
#include "kernels/f32-gemm/gemm-impl.h"
#include "kernels/gemm.h"

namespace webnn::kernels {

void f32_gemm_minmax_ukernel_1x8__scalar(
    size_t mr, size_t nc, size_t kc, const float* a, size_t a_stride, const float* packed_w, float* c,
    size_t cm_stride, size_t cn_stride, const MinMaxParams* params) {
  gemm_impl::GemmScalar<1>(mr, nc, kc, a, a_stride, packed_w, c, cm_stride, cn_stride, params);
}

}  // namespace webnn::kernels
