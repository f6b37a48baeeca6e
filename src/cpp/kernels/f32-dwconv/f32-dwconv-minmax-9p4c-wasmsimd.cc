// f32_dwconv_minmax_ukernel_9p4c__wasmsimd: depthwise convolution, 9 taps, channel tile 4: one f32x4 of channels at a time, the 1..3 channel tail with partial loads/stores.
// Packed weights: per 4 channels, 4 bias then taps x 4 weights (F32PackDwconv with cr = 4).
// Over-read: none — no input row is read past `channels` floats, no output past `channels` per pixel.
// Reference: f32_dwconv_minmax_ukernel_9p4c__scalar (bit-exact: same summation order).
#include "kernels/dwconv.h"
#include "kernels/f32-dwconv/dwconv-impl.h"

namespace webnn::kernels {

void f32_dwconv_minmax_ukernel_9p4c__wasmsimd(
    size_t channels, size_t output_width, const float** input, const float* packed_w, float* output,
    size_t input_stride, size_t output_increment, size_t input_offset, const float* zero, const MinMaxParams* params) {
  dwconv_impl::Wasmsimd<9>(channels, output_width, 9, input, packed_w, output, input_stride, output_increment,
                                input_offset, zero, params);
}

}  // namespace webnn::kernels
