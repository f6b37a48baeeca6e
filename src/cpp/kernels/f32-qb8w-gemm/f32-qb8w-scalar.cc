// Qb8wPack and the scalar twins of the qb8w kernels (kernels/qbw_impl.h with qb8w's groups).
#include "kernels/qb8w_layout.h"

namespace webnn::kernels {

void Qb8wPack(size_t nc, size_t kc, size_t bl, const QbwSource& src, uint8_t* groups, uint8_t* headers) {
  qbw_impl::Pack<Qb8wLayout>(nc, kc, bl, src, groups, headers);
}

void f32_qb8w_gemm_ukernel_1x8__scalar(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, const uint8_t* h, float* c) {
  qbw_impl::GemvScalar<Qb8wLayout>(nc, kc, bl, a, w, h, c);
}

void qb8w_f32_unpack_ukernel__scalar(size_t kc, size_t bl, const uint8_t* w, const uint8_t* h, float* out) {
  qbw_impl::UnpackScalar<Qb8wLayout>(kc, bl, w, h, out);
}

}  // namespace webnn::kernels
