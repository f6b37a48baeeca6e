// f32_dwconv_direct_minmax_ukernel_{3x3s1_4x4c,3x3s2_2x4c,5x5s1_4x4c,5x5s2_2x4c}__wasmsimd: depthwise
// convolution of a run of output pixels whose windows lie inside the input, P pixels x 4 channels a step
// (P = 4 at stride 1; 2 at stride 2, whose pixels share fewer input columns: 3x3 at P = 4 ran 16.6-19.5
// GFLOP/s against 18.5-21.5 at P = 2, and 5x5's 11 columns and 4 accumulators at P = 4 would not fit V8's
// 16 registers), the last pixels one at a time, the 1..3 channel tail with partial loads/stores.
// Packed weights: per 4 channels, 4 bias then taps x 4 weights (F32PackDwconv with cr = 4).
// Over-read: none — no input pixel is read past `channels` floats, no output written past its pixel.
// Reference: the __scalar twins (bit-exact), and the indirect kernels (the same bits).
#include "kernels/dwconv.h"
#include "kernels/f32-dwconv-direct/direct-impl.h"

namespace webnn::kernels {

#define WEBNN_F32_DWCONV_DIRECT_WASMSIMD(K, S, P, name)                                                       \
  void name(size_t channels, size_t output_width, const float* input, size_t input_row_stride,              \
            const float* packed_w, float* output, const MinMaxParams* params) {                              \
    dwconv_direct_impl::Wasmsimd<K, S, P>(channels, output_width, input, input_row_stride, packed_w, output, \
                                          params);                                                          \
  }
WEBNN_F32_DWCONV_DIRECT_WASMSIMD(3, 1, 4, f32_dwconv_direct_minmax_ukernel_3x3s1_4x4c__wasmsimd)
WEBNN_F32_DWCONV_DIRECT_WASMSIMD(3, 2, 2, f32_dwconv_direct_minmax_ukernel_3x3s2_2x4c__wasmsimd)
WEBNN_F32_DWCONV_DIRECT_WASMSIMD(5, 1, 4, f32_dwconv_direct_minmax_ukernel_5x5s1_4x4c__wasmsimd)
WEBNN_F32_DWCONV_DIRECT_WASMSIMD(5, 2, 2, f32_dwconv_direct_minmax_ukernel_5x5s2_2x4c__wasmsimd)
#undef WEBNN_F32_DWCONV_DIRECT_WASMSIMD

}  // namespace webnn::kernels
