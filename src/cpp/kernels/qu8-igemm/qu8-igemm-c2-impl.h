// The qu8 indirect GEMM kernels of the "c2" layout (kernels/qgemm.h): 8 columns a block, a row's pair of k
// broadcast across the lanes, i32x4.dot_i16x8_s against 4 columns' pairs at once, so each accumulator holds 4
// columns' sums and nothing is summed across lanes at the end. Per 8 k and MR rows: MR widening loads, 4 x MR
// broadcasts, 8 weight loads, 8 x MR multiply-adds. For narrow filters (8-24 input channels, 9 taps), where the c8
// tiles spend as much on their end-of-block lane sums as on the taps.
#pragma once

#include <wasm_simd128.h>

#include <cstring>

#include "kernels/qgemm.h"
#include "kernels/qu8-igemm/qu8-igemm-impl.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::qu8_igemm_c2_impl {

constexpr size_t kNr = kQU8IgemmC2Nr;
constexpr size_t kPairBytes = kNr * 2 * sizeof(int16_t);  // one pair of k for the block's 8 columns

// Adds the products of a row's pairs [0, pairs) of k (int16 lanes of `va`) with the block's weights at w.
template <size_t MR>
WEBNN_KERNEL_INLINE void MultiplyPairs(const v128_t (&va)[MR], size_t pairs, const uint8_t* w, v128_t (&acc)[MR][2]) {
  const auto pair = [&](size_t p, const v128_t* broadcast) {
    const v128_t lo = wasm_v128_load(w + p * kPairBytes), hi = wasm_v128_load(w + p * kPairBytes + 16);
    for (size_t r = 0; r < MR; ++r) {
      acc[r][0] = wasm_i32x4_add(acc[r][0], wasm_i32x4_dot_i16x8(broadcast[r], lo));
      acc[r][1] = wasm_i32x4_add(acc[r][1], wasm_i32x4_dot_i16x8(broadcast[r], hi));
    }
  };
  v128_t b[MR];
  for (size_t r = 0; r < MR; ++r) b[r] = wasm_i32x4_shuffle(va[r], va[r], 0, 0, 0, 0);
  pair(0, b);
  if (pairs < 2) return;
  for (size_t r = 0; r < MR; ++r) b[r] = wasm_i32x4_shuffle(va[r], va[r], 1, 1, 1, 1);
  pair(1, b);
  if (pairs < 3) return;
  for (size_t r = 0; r < MR; ++r) b[r] = wasm_i32x4_shuffle(va[r], va[r], 2, 2, 2, 2);
  pair(2, b);
  if (pairs < 4) return;
  for (size_t r = 0; r < MR; ++r) b[r] = wasm_i32x4_shuffle(va[r], va[r], 3, 3, 3, 3);
  pair(3, b);
}

// A row's 8 column sums (acc[0]: columns 0-3, acc[1]: 4-7), or the first nc of them.
WEBNN_KERNEL_INLINE void StoreBlock(const v128_t (&acc)[2], size_t nc, int32_t* c) {
  if (nc >= kNr) {
    wasm_v128_store(c, acc[0]);
    wasm_v128_store(c + 4, acc[1]);
  } else if (nc >= 4) {
    wasm_v128_store(c, acc[0]);
    simd::StoreTail(c + 4, acc[1], nc - 4);
  } else {
    simd::StoreTail(c, acc[0], nc);
  }
}

template <size_t MR>
void IgemmC2WasmSimd(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w, int32_t* c,
                     size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero, const QU8ConvParams* params) {
  int32_t* cr[MR];
  qu8_igemm_impl::OutputRows(c, mr, cm_stride, cr);
  const v128_t a_zero_point = wasm_i16x8_splat(static_cast<int16_t>(params->a_zero_point));
  const size_t k8 = kc & ~size_t{7}, tail = kc - k8;
  const uint8_t* w = static_cast<const uint8_t*>(packed_w);
  do {
    v128_t acc[MR][2];
    const v128_t bias_lo = wasm_v128_load(w), bias_hi = wasm_v128_load(w + 16);
    w += kNr * sizeof(int32_t);
    for (size_t r = 0; r < MR; ++r) acc[r][0] = bias_lo, acc[r][1] = bias_hi;
    const uint8_t** ap = a;
    for (size_t s = ks; s != 0; --s) {
      const uint8_t* ar[MR];
      qu8_igemm_impl::TapRows(ap, mr, zero, a_offset, ar);
      ap += MR;
      for (size_t k = 0; k < k8; k += 8) {
        v128_t va[MR];
        for (size_t r = 0; r < MR; ++r) va[r] = wasm_i16x8_sub(wasm_u16x8_load8x8(ar[r] + k), a_zero_point);
        MultiplyPairs<MR>(va, 4, w, acc);
        w += 4 * kPairBytes;
      }
      if (tail != 0) {
        // Lanes past kc hold -zero_point and meet zero weights.
        v128_t va[MR];
        for (size_t r = 0; r < MR; ++r) {
          va[r] = wasm_i16x8_sub(wasm_u16x8_extend_low_u8x16(qu8_igemm_impl::LoadBytesTail(ar[r] + k8, tail)), a_zero_point);
        }
        const size_t pairs = (tail + 1) / 2;
        MultiplyPairs<MR>(va, pairs, w, acc);
        w += pairs * kPairBytes;
      }
    }
    for (size_t r = MR; r-- > 0;) {
      StoreBlock(acc[r], nc, cr[r]);
      cr[r] = reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(cr[r]) + cn_stride);
    }
    nc = nc >= kNr ? nc - kNr : 0;
  } while (nc != 0);
}

template <size_t MR>
void IgemmC2Scalar(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w, int32_t* c,
                   size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero, const QU8ConvParams* params) {
  const size_t pairs = (kc + 1) / 2;
  const uint8_t* block = static_cast<const uint8_t*>(packed_w);
  const size_t block_bytes = QU8PackedIgemmSizeC2(kNr, kc, ks);
  for (size_t j0 = 0; j0 < nc; j0 += kNr, block += block_bytes) {
    for (size_t r = 0; r < mr; ++r) {
      int32_t* row = reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(c) + r * cm_stride + j0 / kNr * cn_stride);
      for (size_t j = 0; j < kNr && j0 + j < nc; ++j) {
        int32_t sum;
        std::memcpy(&sum, block + j * sizeof(int32_t), sizeof(sum));
        for (size_t s = 0; s < ks; ++s) {
          const uint8_t* p = a[s * MR + r];
          const uint8_t* ar = p == zero ? p : p + a_offset;
          for (size_t k = 0; k < kc; ++k) {
            int16_t v;
            std::memcpy(&v, block + kNr * sizeof(int32_t) + (s * pairs + k / 2) * kPairBytes + (j * 2 + k % 2) * sizeof(int16_t), sizeof(v));
            sum += (int32_t{ar[k]} - params->a_zero_point) * v;
          }
        }
        row[j] = sum;
      }
    }
  }
}

}  // namespace webnn::kernels::qu8_igemm_c2_impl
