// Integer indirect GEMM (convolution) microkernels: uint8 activations with a zero point, exact int32
// accumulation, int32 output:
//   c[i][j] = bias[j] + sum over taps s and k < kc of (a_s[i][k] - a_zero_point) * (w[j][s][k] - w_zero_point[j])
// which is ONNX's ConvInteger and MatMulInteger (onnxruntime-web's WebNN EP: dequantizeLinear of uint8
// activations and weights with scale 1, conv2d or matmul, cast to int32). Both sides are widened to int16
// and i32x4.dot_i16x8_s adds the products in pairs: 8 multiply-adds per instruction, against 4 (in two
// instructions) for f32x4. Two weight layouts, packed once at build: int16 less the zero point (the load
// folds into the multiply: convolutions, which are compute-bound), or uint8 as stored with the zero point
// taken off once per output ("_ld64": half the bytes, for matmuls, whose weights dominate memory and whose
// one-row products are bound by it; qu8-igemm-impl.h).
//
// Conventions as kernels/gemm.h's indirect GEMM: `a` holds ks * MR row pointers, a pointer equal to `zero`
// is used as is (it must point at kc bytes equal to the activation zero point: padding counts as 0), every
// other one gets + a_offset bytes; cm_stride and cn_stride are in BYTES; rows past mr are not touched, nor
// columns past nc. No kernel reads A past kc bytes of a row.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

struct QU8ConvParams {
  int32_t a_zero_point;  // 0..255
};

using QU8IgemmUkernelFn = void (*)(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w,
                                   int32_t* c, size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero,
                                   const QU8ConvParams* params);

// Packed layouts ("c8"), per block of NR = 4 output columns: NR int32 biases, then for each tap s in
// [0, ks), for each group of 8 k in [0, round_up(kc, 8)), for each of the NR columns, 8 weights (k past kc,
// and columns past nc, 0):
// - QU8PackIgemmGoi: int16 weights less their zero point. NR * 4 + ks * round_up(kc, 8) * NR * 2 bytes a block;
// - QU8PackIgemmGoiU8: NR int32 zero points after the biases, uint8 weights as stored. NR * 8 + ks *
//   round_up(kc, 8) * NR bytes a block.
constexpr size_t kQU8IgemmNr = 4;
size_t QU8PackedIgemmSize(size_t nc, size_t kc, size_t ks);    // in bytes
size_t QU8PackedIgemmSizeU8(size_t nc, size_t kc, size_t ks);  // in bytes
// w is [nc][ks][kc] (OHWI filters); w_zero_point has one value per column (per_channel) or one in all;
// bias (nullable) one int32 per column.
void QU8PackIgemmGoi(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                     const int32_t* bias, void* packed);
void QU8PackIgemmGoiU8(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                       const int32_t* bias, void* packed);
// QU8PackIgemmGoi's layout from w [nc][ks][kc] already less its zero point (int16 values in [-255, 255]), no bias.
void QS16PackIgemmGoi(size_t nc, size_t kc, size_t ks, const int16_t* w, void* packed);
// The same from w [kc][nc] (a matmul's B as stored), ks 1.
void QU8PackIgemmGioU8(size_t nc, size_t kc, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                       const int32_t* bias, void* packed);

// The "c2" layout, for narrow filters (few input channels per group, where c8's sums across lanes at the end of
// each column block cost as much as the taps): per block of kQU8IgemmC2Nr = 8 columns, 8 int32 biases, then per
// tap, per pair of k in [0, round_up(kc, 2)), each column's two int16 weights less their zero point (k past kc, and
// columns past nc, 0): 32 bytes a pair. A row's pair of k is broadcast to the 4 lanes and i32x4.dot_i16x8_s gives
// four columns' sums directly.
constexpr size_t kQU8IgemmC2Nr = 8;
size_t QU8PackedIgemmSizeC2(size_t nc, size_t kc, size_t ks);  // in bytes
void QU8PackIgemmGoiC2(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                       const int32_t* bias, void* packed);
// The same from w [nc][ks][kc] already less its zero point (int16 values in [-255, 255]), no bias.
void QS16PackIgemmGoiC2(size_t nc, size_t kc, size_t ks, const int16_t* w, void* packed);

#define WEBNN_QU8_IGEMM_UKERNEL(mr, nr, weights, name)                                                          \
  void name(size_t mr_, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w, int32_t* c,     \
            size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero, const QU8ConvParams* params);
#include "kernels/qu8-igemm/qu8-igemm.inc"
#undef WEBNN_QU8_IGEMM_UKERNEL

}  // namespace webnn::kernels
