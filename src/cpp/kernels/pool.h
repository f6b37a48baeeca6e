// NHWC pooling microkernels on indirection pointers (XNNPACK's maxpool / pavgpool / gavgpool manner).
//
// Indirection: for each of output_pixels pixels the kernel reads kernel_elements input pointers from
// `input`, each pointing at `channels` contiguous floats, then advances `input` by input_increment
// BYTES (kernel_elements * sizeof(void*) for a dense buffer; less when windows overlap and the caller
// shares pointers). output advances by `channels` floats + output_increment BYTES after each pixel.
// All kernels: no read past `channels` floats of any row, no write past `channels` floats per pixel
// (channel tails use partial loads/stores); 4-byte alignment; kernel_elements >= 1, channels >= 1.
// "up" = unipass: any window size in one pass over the taps, accumulators in registers.
#pragma once

#include <cstddef>

#include "kernels/params.h"

namespace webnn::kernels {

// Max pool: output[c] = clamp(max_t in_t[c]). Every pointer gets + input_offset bytes (there is no zero
// row: padding taps should repeat a tap inside the window, which leaves the max unchanged). NaN in any
// tap gives NaN (f32x4.max semantics).
using F32MaxPoolUkernelFn = void (*)(size_t output_pixels, size_t kernel_elements, size_t channels,
                                     const float** input, size_t input_offset, float* output, size_t input_increment,
                                     size_t output_increment, const MinMaxParams* params);
void f32_maxpool_minmax_ukernel_up__wasmsimd_c4(size_t output_pixels, size_t kernel_elements, size_t channels,
                                                const float** input, size_t input_offset, float* output,
                                                size_t input_increment, size_t output_increment,
                                                const MinMaxParams* params);
void f32_maxpool_minmax_ukernel_up__scalar_c1(size_t output_pixels, size_t kernel_elements, size_t channels,
                                              const float** input, size_t input_offset, float* output,
                                              size_t input_increment, size_t output_increment,
                                              const MinMaxParams* params);

// Average pool with a per-output-pixel multiplier ("pixelwise average pool"):
// output[c] = clamp(multiplier[pixel] * sum_t in_t[c]), summed for t ascending. A pointer equal to
// `zero` (a row of >= channels zeros) is used as is; every other pointer gets + input_offset bytes.
// multiplier[pixel] is 1 / (number of taps counted), so padding can be excluded or included.
using F32PAvgPoolUkernelFn = void (*)(size_t output_pixels, size_t kernel_elements, size_t channels,
                                      const float** input, size_t input_offset, const float* zero,
                                      const float* multiplier, float* output, size_t input_increment,
                                      size_t output_increment, const MinMaxParams* params);
void f32_pavgpool_minmax_ukernel_up__wasmsimd_c4(size_t output_pixels, size_t kernel_elements, size_t channels,
                                                 const float** input, size_t input_offset, const float* zero,
                                                 const float* multiplier, float* output, size_t input_increment,
                                                 size_t output_increment, const MinMaxParams* params);
void f32_pavgpool_minmax_ukernel_up__scalar_c1(size_t output_pixels, size_t kernel_elements, size_t channels,
                                               const float** input, size_t input_offset, const float* zero,
                                               const float* multiplier, float* output, size_t input_increment,
                                               size_t output_increment, const MinMaxParams* params);

// Global average pool over rows (f32_rdsum-like): output[c] = scale * sum_r input[r * input_stride + c]
// for r < rows (rows >= 1), input_stride in BYTES between rows. Rows are summed in ascending order into
// 4 interleaved partial sums (rows r % 4) added at the end, which bounds the error growth.
using F32GAvgPoolUkernelFn = void (*)(size_t rows, size_t channels, const float* input, size_t input_stride,
                                      float scale, float* output);
void f32_gavgpool_ukernel__wasmsimd_c4(size_t rows, size_t channels, const float* input, size_t input_stride,
                                       float scale, float* output);
void f32_gavgpool_ukernel__scalar_c1(size_t rows, size_t channels, const float* input, size_t input_stride,
                                     float scale, float* output);

}  // namespace webnn::kernels
