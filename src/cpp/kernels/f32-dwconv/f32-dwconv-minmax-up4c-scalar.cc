// f32_dwconv_minmax_ukernel_up4c__scalar: depthwise convolution, any tap count (passed at run time), channel tile 4: one channel at a time (the reference).
// Packed weights: per 4 channels, 4 bias then taps x 4 weights (F32PackDwconv with cr = 4).
// Over-read: none — no input row is read past `channels` floats, no output past `channels` per pixel.
// Reference: a naive double-precision depthwise convolution (tests).
#include "kernels/dwconv.h"
#include "kernels/f32-dwconv/dwconv-impl.h"

namespace webnn::kernels {

void f32_dwconv_minmax_ukernel_up4c__scalar(
    size_t channels, size_t output_width, size_t taps, const float** input, const float* packed_w,
    float* output, size_t input_stride, size_t output_increment, size_t input_offset, const float* zero,
    const MinMaxParams* params) {
  dwconv_impl::Scalar<0>(channels, output_width, taps, input, packed_w, output, input_stride, output_increment,
                            input_offset, zero, params);
}

}  // namespace webnn::kernels
