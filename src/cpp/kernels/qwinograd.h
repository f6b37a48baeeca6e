// Winograd F(2x2, 3x3) on integers for the qu8 convolution (uint8 NHWC activations with a zero point, filters
// less their zero point): exact, so its int32 sums are the indirect GEMM's, bit for bit. The float family's
// transforms (winograd.h) with 2G in place of G, whose entries are integers:
//   U = (2G) g (2G)^T = 4 G g G^T   |U| <= 9 * 255 = 2295: int16
//   V = B^T (d - z) B               |V| <= 4 * 255 = 1020: int16
//   M = sum over channels of U ⊙ V  int32 (16 GEMMs, qs16_gemm: i32x4.dot_i16x8_s on pairs of channels)
//   Y = (A^T M A) / 4               exact: A^T M A is 4x the convolution's integer sum, and an arithmetic shift
//                                   by 2 divides it
// No sum wraps while channels * 9 * 255 * 255 * 4 < 2^31, i.e. up to 900 input channels (kQU8WinogradMaxChannels).
//
// Kernels (strides in elements):
//  - filter: g holds the filter as bytes, tap-major [9][kc][ncp] with a zero point per output channel (ncp a
//    multiple of 8, columns past the filter's any value); writes U for column blocks [j0, j1) of 8 into the 16
//    packed matrices at packed + xi * xi_stride (int16 elements) in QU8PackIgemmGoiC2's layout with ks 1 and
//    kcp (kc rounded up to 8) channels: per block, 8 int32 zero biases, then kcp / 2 pairs of channels, each the
//    8 columns' two int16 values (channels past kc zero).
//  - input: d holds the 16 pointers of a tile's 4x4 window, row-major (each `channels` bytes, or a row of the
//    zero point for padding); writes V for channels [0, kcp) into v + xi * v_stride (int16; channels past
//    `channels` zero).
//  - output: m + xi * m_stride holds the tile's 16 int32 GEMM results for `channels` output channels; writes
//    (A^T m A) / 4 to the 2x2 pixels y[0] (top left), y[1] (top right), y[2], y[3], skipping a null pointer.
// No kernel reads past `channels` elements of a row. The scalar kernels are the SIMD ones' twins (exact).
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

constexpr size_t kQU8WinogradNr = 8, kQU8WinogradMaxChannels = 900;

using QU8WinogradFilterFn = void (*)(size_t kc, size_t ncp, const uint8_t* g, const uint8_t* zero_points, size_t j0,
                                     size_t j1, int16_t* packed, size_t xi_stride);
using QU8WinogradInputFn = void (*)(size_t channels, size_t kcp, const uint8_t** d, uint8_t zero_point, int16_t* v,
                                    size_t v_stride);
using QS32WinogradOutputFn = void (*)(size_t channels, const int32_t* m, size_t m_stride, int32_t** y);

// c[mr][nc] = a[mr][kc] x B, a int16 rows (a_stride bytes apart), B packed as QU8PackIgemmGoiC2 with ks 1 (its
// int32 biases added), kc a multiple of 8; rows past mr are not read; c rows cm_stride bytes apart, each 8-column
// block's cn_stride bytes after the last.
using QS16GemmUkernelFn = void (*)(size_t mr, size_t nc, size_t kc, const int16_t* a, size_t a_stride,
                                   const void* packed_w, int32_t* c, size_t cm_stride, size_t cn_stride);

struct QU8WinogradConfig {
  QU8WinogradFilterFn filter;
  QU8WinogradInputFn input;
  QS32WinogradOutputFn output;
  QS16GemmUkernelFn gemm;
  size_t mr;
};

// The wasmsimd kernels (the scalar twins serve the tests).
const QU8WinogradConfig& GetQU8WinogradConfig();

#define WEBNN_QU8_WINOGRAD_UKERNELS(ct, filter, input, output)                                                   \
  void filter(size_t kc, size_t ncp, const uint8_t* g, const uint8_t* zero_points, size_t j0, size_t j1,         \
              int16_t* packed, size_t xi_stride);                                                                \
  void input(size_t channels, size_t kcp, const uint8_t** d, uint8_t zero_point, int16_t* v, size_t v_stride);  \
  void output(size_t channels, const int32_t* m, size_t m_stride, int32_t** y);
#include "kernels/qu8-winograd/qu8-winograd.inc"
#undef WEBNN_QU8_WINOGRAD_UKERNELS

#define WEBNN_QS16_GEMM_UKERNEL(mr, nr, name)                                                                    \
  void name(size_t mr_, size_t nc, size_t kc, const int16_t* a, size_t a_stride, const void* packed_w, int32_t* c, \
            size_t cm_stride, size_t cn_stride);
#include "kernels/qu8-winograd/qs16-gemm.inc"
#undef WEBNN_QS16_GEMM_UKERNEL

}  // namespace webnn::kernels
