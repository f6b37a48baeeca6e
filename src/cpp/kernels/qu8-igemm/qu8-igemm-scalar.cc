// qu8_igemm_ukernel_{1,4}x4c8__scalar: the references for the wasmsimd tiles (integer sums are exact, so
// any order gives the same result). Over-read: none.
#include "kernels/qu8-igemm/qu8-igemm-impl.h"

namespace webnn::kernels {

void qu8_igemm_ukernel_1x4c8__scalar(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w,
                                     int32_t* c, size_t cm_stride, size_t cn_stride, size_t a_offset,
                                     const uint8_t* zero, const QU8ConvParams* params) {
  qu8_igemm_impl::IgemmScalar<1>(mr, nc, kc, ks, a, packed_w, c, cm_stride, cn_stride, a_offset, zero, params);
}

void qu8_igemm_ukernel_4x4c8__scalar(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w,
                                     int32_t* c, size_t cm_stride, size_t cn_stride, size_t a_offset,
                                     const uint8_t* zero, const QU8ConvParams* params) {
  qu8_igemm_impl::IgemmScalar<4>(mr, nc, kc, ks, a, packed_w, c, cm_stride, cn_stride, a_offset, zero, params);
}

}  // namespace webnn::kernels
