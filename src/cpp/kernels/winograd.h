// Winograd F(2x2, 3x3) for 3x3 convolutions of stride and dilation 1 (NHWC): each 2x2 block of output pixels
// ("tile") is Y = A^T [U ⊙ V] A, with U = G g G^T the 4x4 transform of a 3x3 filter, V = B^T d B the 4x4
// transform of the tile's 4x4 input window, and the 16 element-wise products summed over input channels as
// 16 GEMMs ([tiles x C] x [C x O], on the f32 GEMM kernels) between the transforms: 16 multiply-adds per
// 4 output pixels and channel pair instead of 36 (2.25x fewer).
//   B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1],  G = [1 0 0; 1/2 1/2 1/2; 1/2 -1/2 1/2; 0 0 1],
//   A^T = [1 1 1 0; 0 1 -1 -1].
// The 16 transformed matrices are indexed xi = 4 * row + column of the 4x4 transform.
//
// Kernels (XNNPACK's conventions: strides in elements here, as the GEMM's packed layout is in floats):
//  - filter: g holds the 3x3 filters as [9][kc][ncp] (tap-major, output channels padded to a multiple of nr
//    with zeros, ncp = that multiple); writes U for output-channel blocks [j0, j1) of nr columns into the 16
//    packed GEMM B matrices at packed + xi * xi_stride, in the f32 GEMM's packed layout (gemm.h; bias slots 0).
//  - input: d holds the 16 pointers of a tile's 4x4 window, row-major (each `channels` floats, or a zero row
//    for padding); writes V for every channel into v + xi * v_stride.
//  - output: m + xi * m_stride holds the tile's 16 GEMM results for `channels` output channels; writes
//    clamp(A^T m A + bias) to the 2x2 pixels y[0] (top left), y[1] (top right), y[2], y[3] (bottom), skipping
//    a null pointer (a tile past the image's last row or column). bias may be null.
// No kernel reads or writes past `channels` floats of a row. The scalar kernels are the SIMD ones' bit-exact
// twins (the same operations in the same order: the transforms need no multiply-add).
#pragma once

#include <cstddef>

#include "kernels/params.h"

namespace webnn::kernels {

using F32WinogradFilterFn = void (*)(size_t kc, size_t ncp, size_t nr, const float* g, size_t j0, size_t j1,
                                     float* packed, size_t xi_stride);
using F32WinogradInputFn = void (*)(size_t channels, const float** d, float* v, size_t v_stride);
using F32WinogradOutputFn = void (*)(size_t channels, const float* m, size_t m_stride, const float* bias, float** y,
                                     const MinMaxParams* params);

struct F32WinogradConfig {
  F32WinogradFilterFn filter;
  F32WinogradInputFn input;
  F32WinogradOutputFn output;
};

// The wasmsimd kernels (the scalar twins serve the tests).
const F32WinogradConfig& GetF32WinogradConfig();

#define WEBNN_F32_WINOGRAD_UKERNELS(ct, filter, input, output)                                                 \
  void filter(size_t kc, size_t ncp, size_t nr, const float* g, size_t j0, size_t j1, float* packed,          \
              size_t xi_stride);                                                                               \
  void input(size_t channels, const float** d, float* v, size_t v_stride);                                     \
  void output(size_t channels, const float* m, size_t m_stride, const float* bias, float** y,                  \
              const MinMaxParams* params);
#include "kernels/f32-winograd/f32-winograd.inc"
#undef WEBNN_F32_WINOGRAD_UKERNELS

}  // namespace webnn::kernels
