// qu8_igemm_ukernel_{1,2,3,4}x4c8__wasmsimd_dot16x2{,_ld64}: see qu8-igemm-impl.h. 4 x MR accumulators; a row's
// 8 bytes of k are read once per column block. Over-read: none (a tail of kc % 8 bytes is read byte-exactly).
#include "kernels/qu8-igemm/qu8-igemm-impl.h"

namespace webnn::kernels {

#define WEBNN_DEFINE(MR, SUFFIX, WEIGHTS)                                                                             \
  void qu8_igemm_ukernel_##MR##x4c8__wasmsimd_dot16x2##SUFFIX(size_t mr, size_t nc, size_t kc, size_t ks,             \
                                                              const uint8_t** a, const void* packed_w, int32_t* c,    \
                                                              size_t cm_stride, size_t cn_stride, size_t a_offset,    \
                                                              const uint8_t* zero, const QU8ConvParams* params) {     \
    qu8_igemm_impl::IgemmWasmSimd<MR, qu8_igemm_impl::Weights::WEIGHTS>(mr, nc, kc, ks, a, packed_w, c, cm_stride,      \
                                                                        cn_stride, a_offset, zero, params);           \
  }
WEBNN_DEFINE(1, , kI16)
WEBNN_DEFINE(2, , kI16)
WEBNN_DEFINE(3, , kI16)
WEBNN_DEFINE(4, , kI16)
WEBNN_DEFINE(1, _ld64, kU8)
WEBNN_DEFINE(2, _ld64, kU8)
WEBNN_DEFINE(3, _ld64, kU8)
WEBNN_DEFINE(4, _ld64, kU8)
#undef WEBNN_DEFINE

}  // namespace webnn::kernels
