// qu8_igemm_ukernel_{1,2,3,4}x8c2__wasmsimd_dot16x2 and the 4x8c2 scalar reference: see qu8-igemm-c2-impl.h.
// Over-read: none (a tail of kc % 8 bytes is read byte-exactly).
#include "kernels/qu8-igemm/qu8-igemm-c2-impl.h"

namespace webnn::kernels {

#define WEBNN_DEFINE(MR, ISA, IMPL)                                                                                     \
  void qu8_igemm_ukernel_##MR##x8c2__##ISA(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a,               \
                                           const void* packed_w, int32_t* c, size_t cm_stride, size_t cn_stride,        \
                                           size_t a_offset, const uint8_t* zero, const QU8ConvParams* params) {         \
    qu8_igemm_c2_impl::IMPL<MR>(mr, nc, kc, ks, a, packed_w, c, cm_stride, cn_stride, a_offset, zero, params);         \
  }
WEBNN_DEFINE(1, wasmsimd_dot16x2, IgemmC2WasmSimd)
WEBNN_DEFINE(2, wasmsimd_dot16x2, IgemmC2WasmSimd)
WEBNN_DEFINE(3, wasmsimd_dot16x2, IgemmC2WasmSimd)
WEBNN_DEFINE(4, wasmsimd_dot16x2, IgemmC2WasmSimd)
WEBNN_DEFINE(4, scalar, IgemmC2Scalar)
#undef WEBNN_DEFINE

}  // namespace webnn::kernels
