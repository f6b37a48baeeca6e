// Depthwise convolution (NHWC) on an indirection buffer, XNNPACK unipass style.
//
// For each of output_width pixels the kernel reads `taps` input pointers from `input` (one per kernel
// tap, each pointing at `channels` contiguous floats; a pointer equal to `zero` is used as is, every
// other pointer gets + input_offset bytes), writes `channels` floats to output, then advances `input`
// by input_stride BYTES and output by channels floats + output_increment BYTES.
//   output[c] = clamp(bias[c] + sum_t in_t[c] * w[t][c]), summed for t ascending.
// Packed weights, per block of CR channels: CR bias floats (0 when bias is null), then for each tap t:
// CR weights (channels past the end zero-filled). The channel tail (channels % 4) is read and written
// with partial loads/stores: no kernel reads or writes past `channels` floats of any row, so the zero
// row needs only `channels` floats. Alignment: 4 bytes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/params.h"

namespace webnn::kernels {

using F32DwconvUkernelFn = void (*)(size_t channels, size_t output_width, const float** input, const float* packed_w,
                                    float* output, size_t input_stride, size_t output_increment, size_t input_offset,
                                    const float* zero, const MinMaxParams* params);
// Same contract with the tap count passed at run time (any taps >= 1).
using F32DwconvGenericUkernelFn = void (*)(size_t channels, size_t output_width, size_t taps, const float** input,
                                           const float* packed_w, float* output, size_t input_stride,
                                           size_t output_increment, size_t input_offset, const float* zero,
                                           const MinMaxParams* params);

struct F32DwconvConfig {
  uint32_t channel_tile, primary_taps;  // CR (packing) and the tap count ukernel is specialised for
  F32DwconvUkernelFn ukernel;           // null in the generic config
  F32DwconvGenericUkernelFn generic;    // always set: handles any tap count with the same packing
};

// Specialised kernels for taps == 9 (3x3) and taps == 25 (5x5); nullptr for any other count — use
// GetF32DwconvGenericConfig() (runtime tap count) or fall back to igemm then.
const F32DwconvConfig* GetF32DwconvConfig(size_t taps);
// channel_tile 4, primary_taps 0, ukernel null, generic = f32_dwconv_minmax_ukernel_up4c__wasmsimd.
const F32DwconvConfig& GetF32DwconvGenericConfig();

size_t F32PackedDwconvSize(size_t channels, size_t taps, size_t cr);  // in floats
// w is [taps][channels] (HWIO-like: tap-major, channel contiguous).
void F32PackDwconv(size_t channels, size_t taps, size_t cr, const float* w, const float* bias, float* packed);

// Direct kernels, for the output pixels whose windows lie wholly inside the input (no padding, dilation 1
// along the row): pixel x of the run reads tap (ky, kx) at input + ky * input_row_stride BYTES +
// (x * S + kx) * channels floats, and writes `channels` floats at output + x * channels. Same packed
// weights as the CR 4 kernels above, same summation order: the same bits as the indirect kernels.
using F32DwconvDirectUkernelFn = void (*)(size_t channels, size_t output_width, const float* input,
                                          size_t input_row_stride, const float* packed_w, float* output,
                                          const MinMaxParams* params);

struct F32DwconvDirectConfig {
  uint32_t kernel_size, stride, pixel_tile;  // K x K taps, column stride S, P pixels per step
  F32DwconvDirectUkernelFn ukernel;
};

// The direct kernel for K x K windows at column stride S (3 or 5, 1 or 2), else nullptr.
const F32DwconvDirectConfig* GetF32DwconvDirectConfig(size_t kernel_size, size_t stride);

#define WEBNN_F32_DWCONV_UKERNEL(taps, cr, name)                                                              \
  void name(size_t channels, size_t output_width, const float** input, const float* packed_w, float* output, \
            size_t input_stride, size_t output_increment, size_t input_offset, const float* zero,          \
            const MinMaxParams* params);
#define WEBNN_F32_DWCONV_GENERIC_UKERNEL(cr, name)                                                          \
  void name(size_t channels, size_t output_width, size_t taps, const float** input, const float* packed_w, \
            float* output, size_t input_stride, size_t output_increment, size_t input_offset,              \
            const float* zero, const MinMaxParams* params);
#include "kernels/f32-dwconv/f32-dwconv.inc"
#undef WEBNN_F32_DWCONV_UKERNEL
#undef WEBNN_F32_DWCONV_GENERIC_UKERNEL

#define WEBNN_F32_DWCONV_DIRECT_UKERNEL(k, s, p, name)                                                 \
  void name(size_t channels, size_t output_width, const float* input, size_t input_row_stride, \
            const float* packed_w, float* output, const MinMaxParams* params);
#include "kernels/f32-dwconv-direct/f32-dwconv-direct.inc"
#undef WEBNN_F32_DWCONV_DIRECT_UKERNEL

}  // namespace webnn::kernels
