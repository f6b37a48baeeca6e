// qu8_dwconv_ukernel_{up,9p,25p}8c__wasmsimd_extmul: 8 channels a block; any tap count, or 9 (3x3) or 25 (5x5)
// (kernels/qdwconv.h). Over-read: none (the channel tail is loaded byte-exact). Reference: the __scalar twin
// (bit-exact: integer sums).
#include "kernels/qu8-dwconv/qu8-dwconv-impl.h"

namespace webnn::kernels {

#define WEBNN_DEFINE(NAME, TAPS)                                                                                      \
  void qu8_dwconv_ukernel_##NAME##8c__wasmsimd_extmul(size_t channels, size_t output_width, size_t taps,                 \
                                                      const uint8_t** input, const void* packed_w, int32_t* output,     \
                                                      size_t input_stride, size_t output_increment, size_t input_offset, \
                                                      const uint8_t* zero, const QU8ConvParams* params) {               \
    qu8_dwconv_impl::DwconvWasmSimd<TAPS>(channels, output_width, taps, input, packed_w, output, input_stride,          \
                                          output_increment, input_offset, zero, params);                                \
  }
WEBNN_DEFINE(up, 0)
WEBNN_DEFINE(9p, 9)
WEBNN_DEFINE(25p, 25)
#undef WEBNN_DEFINE

}  // namespace webnn::kernels
