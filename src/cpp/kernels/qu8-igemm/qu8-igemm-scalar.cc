// qu8_igemm_ukernel_{1,4}x4c8__scalar{,_ld64}: the references for the wasmsimd tiles of each weight layout
// (integer sums are exact, so any order gives the same result). Over-read: none.
#include "kernels/qu8-igemm/qu8-igemm-impl.h"

namespace webnn::kernels {

#define WEBNN_DEFINE(MR, SUFFIX, WEIGHTS)                                                                          \
  void qu8_igemm_ukernel_##MR##x4c8__scalar##SUFFIX(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a,   \
                                                    const void* packed_w, int32_t* c, size_t cm_stride,              \
                                                    size_t cn_stride, size_t a_offset, const uint8_t* zero,          \
                                                    const QU8ConvParams* params) {                                  \
    qu8_igemm_impl::IgemmScalar<MR, qu8_igemm_impl::Weights::WEIGHTS>(mr, nc, kc, ks, a, packed_w, c, cm_stride,     \
                                                                      cn_stride, a_offset, zero, params);            \
  }
WEBNN_DEFINE(1, , kI16)
WEBNN_DEFINE(4, , kI16)
WEBNN_DEFINE(1, _ld64, kU8)
WEBNN_DEFINE(4, _ld64, kU8)
#undef WEBNN_DEFINE

}  // namespace webnn::kernels
