// f32_igemm_minmax_ukernel_4x8__scalar
// Tile: 4x8, plain C++ (the reference the wasmsimd igemm tiles are tested against): per column,
// bias first, then a*w products added for k ascending (taps ascending for igemm), then the clamp.
// Packed weights: per 8-column block: 8 bias, then ks taps x kc x 8 weights (F32PackGemmGoi).
// Over-read: none. Alignment: 4 bytes.
#include "kernels/f32-gemm/gemm-impl.h"
#include "kernels/gemm.h"

namespace webnn::kernels {

void f32_igemm_minmax_ukernel_4x8__scalar(
    size_t mr, size_t nc, size_t kc, size_t ks, const float** a, const float* packed_w, float* c,
    size_t cm_stride, size_t cn_stride, size_t a_offset, const float* zero, const MinMaxParams* params) {
  gemm_impl::IgemmScalar<4>(mr, nc, kc, ks, a, packed_w, c, cm_stride, cn_stride, a_offset, zero, params);
}

}  // namespace webnn::kernels
