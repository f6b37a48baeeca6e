// The qb8w kernels, wasmsimd (kernels/qbw_impl.h): bit-exact with the scalar twins.
#include "kernels/qb8w_layout.h"

namespace webnn::kernels {

void f32_qb8w_gemm_ukernel_1x8__wasmsimd_magic(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, const uint8_t* h, float* c) {
  qbw_impl::GemvMagic<Qb8wLayout>(nc, kc, bl, a, w, h, c);
}

void qb8w_f32_unpack_ukernel__wasmsimd_magic(size_t kc, size_t bl, const uint8_t* w, const uint8_t* h, float* out) {
  qbw_impl::UnpackMagic<Qb8wLayout>(kc, bl, w, h, out);
}

}  // namespace webnn::kernels
