// The qb4w scalar twins (the references): per column, per block of bl rows, a float sum of a[k] * (q - z) in k
// order, then times the block's scale into the column's total; the unpack gives (q - z) * s per element.
#include "kernels/qb4w_layout.h"

namespace webnn::kernels {

void f32_qb4w_gemm_ukernel_1x8__scalar(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, const uint8_t* h, float* c) {
  qbw_impl::GemvScalar<Qb4wLayout>(nc, kc, bl, a, w, h, c);
}

void qb4w_f32_unpack_ukernel__scalar(size_t kc, size_t bl, const uint8_t* w, const uint8_t* h, float* out) {
  qbw_impl::UnpackScalar<Qb4wLayout>(kc, bl, w, h, out);
}

}  // namespace webnn::kernels
