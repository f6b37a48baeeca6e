// col2im accumulation for transposed convolution (NHWC), gather form: one output pixel at a time.
//
// After the GEMM has produced, for every input pixel, one row of `taps x channels` products (the
// "columns"), each output pixel sums the product rows of the (input pixel, tap) pairs that land on it.
// The caller lists those rows as pointers; a kernel computes, for c < channels,
//   output[c] = clamp(bias[c] + sum_{i < n} (input[i] + input_offset bytes)[c]),
// summed for i ascending after the bias (0 when bias is null; n may be 0: the output is then the
// clamped bias). No kernel reads a row or bias past `channels` floats or writes output past
// `channels` floats. Alignment: 4 bytes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/params.h"

namespace webnn::kernels {

using F32Col2imUkernelFn = void (*)(size_t channels, size_t n, const float** input, size_t input_offset,
                                    const float* bias, float* output, const MinMaxParams* params);

// The wasmsimd kernel (f32_col2im_minmax_ukernel__wasmsimd_c8).
F32Col2imUkernelFn GetF32Col2imUkernel();

#define WEBNN_F32_COL2IM_UKERNEL(ct, name)                                                        \
  void name(size_t channels, size_t n, const float** input, size_t input_offset, const float* bias, \
            float* output, const MinMaxParams* params);
#include "kernels/f32-col2im/f32-col2im.inc"
#undef WEBNN_F32_COL2IM_UKERNEL

}  // namespace webnn::kernels
