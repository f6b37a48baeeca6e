// Integer depthwise convolution (NHWC) on an indirection buffer: uint8 activations with a run-time zero point,
// weights less their zero point as int16, exact int32 sums (ONNX ConvInteger, or a QDQ model's depthwise Conv,
// with one filter per channel):
//   output[c] = bias[c] + sum over taps t of (in_t[c] - a_zero_point) * w[t][c]
// Otherwise kernels/dwconv.h's conventions: for each of output_width pixels, `taps` input pointers from `input`
// (a pointer equal to `zero` is used as is - it must point at `channels` bytes equal to the zero point, so
// padding adds 0 - every other one gets + input_offset bytes), `channels` int32 written, then `input` advances by
// input_stride BYTES and `output` by channels int32 + output_increment BYTES. No kernel reads or writes past
// `channels` elements of any row.
// Packed weights, per block of 8 channels: 8 int32 biases, then for each tap 8 int16 weights (channels past the
// end 0). The activations are widened to int16 less the zero point and multiplied by the weights into int32
// (i32x4.extmul_{low,high}_i16x8_s): (x - zx) and w each span [-255, 255], so no product fits int16. The "9p" and
// "25p" kernels take only that tap count (their `taps` argument must equal it); "up" any.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/qgemm.h"

namespace webnn::kernels {

using QU8DwconvUkernelFn = void (*)(size_t channels, size_t output_width, size_t taps, const uint8_t** input,
                                    const void* packed_w, int32_t* output, size_t input_stride, size_t output_increment,
                                    size_t input_offset, const uint8_t* zero, const QU8ConvParams* params);

constexpr size_t kQU8DwconvCr = 8;
size_t QU8PackedDwconvSize(size_t channels, size_t taps);  // in bytes
// w is [channels][taps] (a depthwise OHWI filter [C][KH][KW][1]), less its zero point; bias (nullable) one per
// channel.
void QS16PackDwconv(size_t channels, size_t taps, const int16_t* w, const int32_t* bias, void* packed);

#define WEBNN_QU8_DWCONV_UKERNEL(tap_count, cr, name)                                                                        \
  void name(size_t channels, size_t output_width, size_t taps, const uint8_t** input, const void* packed_w,       \
            int32_t* output, size_t input_stride, size_t output_increment, size_t input_offset, const uint8_t* zero, \
            const QU8ConvParams* params);
#include "kernels/qu8-dwconv/qu8-dwconv.inc"
#undef WEBNN_QU8_DWCONV_UKERNEL

}  // namespace webnn::kernels
