// f32_dwconv_direct_minmax_ukernel_*__scalar: the direct kernels one channel of one pixel at a time, in
// the same summation order (bias, then taps ascending): the wasmsimd kernels' reference twins.
// Over-read: none.
// Reference: a naive double-precision depthwise convolution (tests).
#include "kernels/dwconv.h"
#include "kernels/f32-dwconv-direct/direct-impl.h"

namespace webnn::kernels {

#define WEBNN_F32_DWCONV_DIRECT_SCALAR(K, S, name)                                                                     \
  void name(size_t channels, size_t output_width, const float* input, size_t input_row_stride,                        \
            const float* packed_w, float* output, const MinMaxParams* params) {                                        \
    dwconv_direct_impl::Scalar<K, S>(channels, output_width, input, input_row_stride, packed_w, output, params);       \
  }
WEBNN_F32_DWCONV_DIRECT_SCALAR(3, 1, f32_dwconv_direct_minmax_ukernel_3x3s1_4x4c__scalar)
WEBNN_F32_DWCONV_DIRECT_SCALAR(3, 2, f32_dwconv_direct_minmax_ukernel_3x3s2_2x4c__scalar)
WEBNN_F32_DWCONV_DIRECT_SCALAR(5, 1, f32_dwconv_direct_minmax_ukernel_5x5s1_4x4c__scalar)
WEBNN_F32_DWCONV_DIRECT_SCALAR(5, 2, f32_dwconv_direct_minmax_ukernel_5x5s2_2x4c__scalar)
#undef WEBNN_F32_DWCONV_DIRECT_SCALAR

}  // namespace webnn::kernels
