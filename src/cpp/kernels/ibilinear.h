// Bilinear interpolation (resample2d "linear") over NHWC pixels, XNNPACK's ibilinear on an
// indirection buffer built at build time.
//
// For each of output_pixels pixels the kernel reads 4 input pointers from `input` — top-left (x0, y0),
// top-right (x1, y0), bottom-left (x0, y1), bottom-right (x1, y1), each + input_offset bytes and
// pointing at `channels` contiguous floats — and 2 weights from `weights`: tx (horizontal) then ty
// (vertical). It writes, for c < channels, the spec's formula
//   top = tl[c] * (1 - tx) + tr[c] * tx;  bottom = bl[c] * (1 - tx) + br[c] * tx
//   output[c] = top * (1 - ty) + bottom * ty
// then advances input by 4 pointers, weights by 2 and output by `channels` floats + output_increment
// BYTES. No kernel reads a row past `channels` floats or writes past `channels` floats per pixel.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

using F32IbilinearUkernelFn = void (*)(size_t output_pixels, size_t channels, const float** input,
                                       size_t input_offset, const float* weights, float* output,
                                       size_t output_increment);

// The wasmsimd kernel (f32_ibilinear_ukernel__wasmsimd_c8).
F32IbilinearUkernelFn GetF32IbilinearUkernel();

#define WEBNN_F32_IBILINEAR_UKERNEL(ct, name)                                                             \
  void name(size_t output_pixels, size_t channels, const float** input, size_t input_offset, const float* weights, \
            float* output, size_t output_increment);
#include "kernels/f32-ibilinear/f32-ibilinear.inc"
#undef WEBNN_F32_IBILINEAR_UKERNEL

}  // namespace webnn::kernels
