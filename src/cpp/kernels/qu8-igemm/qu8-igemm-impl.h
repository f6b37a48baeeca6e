// The qu8 indirect GEMM kernels (kernels/qgemm.h), stamped per MR and weight layout: wasmsimd "c8" and the
// scalar reference. Each row's 8 bytes of k are widened to int16 less the activation zero point and
// multiplied with each column's 8 packed weights as int16 (i32x4.dot_i16x8_s into one accumulator per row
// and column, reduced across lanes at the end).
// - kI16: weights packed as int16 less their zero point; the load folds into the multiply.
// - kU8 ("_ld64"): weights at their stored size, widened by u16x8.load8x8, the zero point taken off once per
//   output: sum (a - az) * (w - wz) = sum (a - az) * w - wz * sum (a - az), each row's sum of (a - az) taken
//   once per call, before the column blocks (2 operations per 16 bytes). Subtracting wz per column in the
//   inner loop cost 4 more operations per 8 k and, kept in registers, spilled the 3x4 tile's accumulators:
//   20-25% slower than int16 weights; this way 0-10% (the widening load), for half the weight bytes.
#pragma once

#include <wasm_simd128.h>

#include <cstring>

#include "kernels/qgemm.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::qu8_igemm_impl {

constexpr size_t kNr = kQU8IgemmNr;

// Up to 7 bytes of a row into the low lanes (the rest zero), reading exactly n bytes.
inline v128_t LoadBytesTail(const uint8_t* p, size_t n) {
  v128_t v = wasm_i64x2_const(0, 0);
  size_t i = 0;
  if (n & 4) {
    v = wasm_v128_load32_lane(p, v, 0);
    i = 4;
  }
  if (n & 2) {
    v = i ? wasm_v128_load16_lane(p + 4, v, 2) : wasm_v128_load16_lane(p, v, 0);
    i += 2;
  }
  if (n & 1) {
    switch (i) {
      case 0: v = wasm_v128_load8_lane(p, v, 0); break;
      case 2: v = wasm_v128_load8_lane(p + 2, v, 2); break;
      case 4: v = wasm_v128_load8_lane(p + 4, v, 4); break;
      default: v = wasm_v128_load8_lane(p + 6, v, 6); break;
    }
  }
  return v;
}

// The 4 lanes of each of a, b, c, d summed: [sum a, sum b, sum c, sum d].
WEBNN_KERNEL_INLINE v128_t SumLanes4(v128_t a, v128_t b, v128_t c, v128_t d) {
  const v128_t ab = wasm_i32x4_add(wasm_i32x4_shuffle(a, b, 0, 4, 1, 5), wasm_i32x4_shuffle(a, b, 2, 6, 3, 7));
  const v128_t cd = wasm_i32x4_add(wasm_i32x4_shuffle(c, d, 0, 4, 1, 5), wasm_i32x4_shuffle(c, d, 2, 6, 3, 7));
  return wasm_i32x4_add(wasm_i32x4_shuffle(ab, cd, 0, 1, 4, 5), wasm_i32x4_shuffle(ab, cd, 2, 3, 6, 7));
}

// The MR output row pointers of an IGEMM call: rows past mr alias the last real one (the kernels read that row's
// pointers for them, so they store the same values).
template <size_t MR>
WEBNN_KERNEL_INLINE void OutputRows(int32_t* c, size_t mr, size_t cm_stride, int32_t* (&cr)[MR]) {
  for (size_t r = 0; r < MR; ++r) {
    cr[r] = r == 0 ? c : r < mr ? reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(cr[r - 1]) + cm_stride) : cr[r - 1];
  }
}

// One tap's MR activation rows from its block of pointers: rows past mr read the last real row's; a pointer equal
// to `zero` (padding) is used as is, every other one gets + a_offset.
template <size_t MR>
WEBNN_KERNEL_INLINE void TapRows(const uint8_t** ap, size_t mr, const uint8_t* zero, size_t a_offset, const uint8_t* (&ar)[MR]) {
  for (size_t r = 0; r < MR; ++r) {
    const uint8_t* p = ap[r < mr ? r : mr - 1];
    ar[r] = p == zero ? p : p + a_offset;
  }
}

enum class Weights { kI16, kU8 };

template <Weights kWeights>
constexpr size_t WeightBytes() { return kWeights == Weights::kU8 ? 1 : 2; }

// Column j's 8 weights of the current group of k, as int16.
template <Weights kWeights>
WEBNN_KERNEL_INLINE v128_t LoadWeights(const uint8_t* w, size_t j) {
  if constexpr (kWeights == Weights::kU8) return wasm_u16x8_load8x8(w + 8 * j);
  return wasm_v128_load(w + 16 * j);
}

template <size_t MR, Weights kWeights>
void IgemmWasmSimd(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w, int32_t* c,
                   size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero, const QU8ConvParams* params) {
  int32_t* cr[MR];
  OutputRows(c, mr, cm_stride, cr);
  const v128_t a_zero_point = wasm_i16x8_splat(static_cast<int16_t>(params->a_zero_point));
  const size_t k8 = kc & ~size_t{7}, tail = kc - k8;
  // Each row's sum of (a - az) over every tap and k: the sum of its bytes (16 at a time, widened pairwise),
  // less ks * kc * az. Padding rows hold az: they add 0. Kept in memory, not registers: 3 more live vectors
  // beside the 3x4 tile's 12 accumulators spilled them (10% slower).
  alignas(16) int32_t row_sums[MR];
  if constexpr (kWeights == Weights::kU8) {
    v128_t row_sum[MR];
    for (size_t r = 0; r < MR; ++r) row_sum[r] = wasm_i64x2_const(0, 0);
    const uint8_t** ap = a;
    for (size_t s = ks; s != 0; --s, ap += MR) {
      for (size_t r = 0; r < MR; ++r) {
        const uint8_t* p = ap[r < mr ? r : mr - 1];
        const uint8_t* ar = p == zero ? p : p + a_offset;
        v128_t sum = row_sum[r];
        size_t k = 0;
        for (; k + 16 <= kc; k += 16) {
          sum = wasm_i32x4_add(sum, wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load(ar + k))));
        }
        if (k + 8 <= kc) {
          sum = wasm_i32x4_add(sum, wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load64_zero(ar + k))));
          k += 8;
        }
        if (k < kc) {
          sum = wasm_i32x4_add(sum, wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(LoadBytesTail(ar + k, kc - k))));
        }
        row_sum[r] = sum;
      }
    }
    const v128_t zero_points = wasm_i32x4_splat(static_cast<int32_t>(ks * kc) * params->a_zero_point);
    for (size_t r = 0; r < MR; ++r) {
      v128_t t = wasm_i32x4_add(row_sum[r], wasm_i32x4_shuffle(row_sum[r], row_sum[r], 2, 3, 0, 1));
      t = wasm_i32x4_add(t, wasm_i32x4_shuffle(t, t, 1, 0, 3, 2));
      row_sums[r] = wasm_i32x4_extract_lane(wasm_i32x4_sub(t, zero_points), 0);
    }
  }
  const uint8_t* w = static_cast<const uint8_t*>(packed_w);
  do {
    v128_t acc[MR][kNr];
    const v128_t bias = wasm_v128_load(w);
    w += kNr * sizeof(int32_t);
    v128_t w_zero_point = wasm_i64x2_const(0, 0);
    if constexpr (kWeights == Weights::kU8) {
      w_zero_point = wasm_v128_load(w);  // NR int32
      w += kNr * sizeof(int32_t);
    }
    for (size_t r = 0; r < MR; ++r) {
      for (size_t j = 0; j < kNr; ++j) acc[r][j] = wasm_i64x2_const(0, 0);
    }
    const uint8_t** ap = a;
    for (size_t s = ks; s != 0; --s) {
      const uint8_t* ar[MR];
      TapRows(ap, mr, zero, a_offset, ar);
      ap += MR;
      size_t k = 0;
      for (; k < k8; k += 8) {
        v128_t va[MR];
        for (size_t r = 0; r < MR; ++r) va[r] = wasm_i16x8_sub(wasm_u16x8_load8x8(ar[r] + k), a_zero_point);
        for (size_t j = 0; j < kNr; ++j) {
          const v128_t vb = LoadWeights<kWeights>(w, j);
          for (size_t r = 0; r < MR; ++r) acc[r][j] = wasm_i32x4_add(acc[r][j], wasm_i32x4_dot_i16x8(va[r], vb));
        }
        w += 8 * kNr * WeightBytes<kWeights>();
      }
      if (tail != 0) {
        // Lanes past kc hold -zero_point and meet zero weights.
        v128_t va[MR];
        for (size_t r = 0; r < MR; ++r) va[r] = wasm_i16x8_sub(wasm_u16x8_extend_low_u8x16(LoadBytesTail(ar[r] + k, tail)), a_zero_point);
        for (size_t j = 0; j < kNr; ++j) {
          const v128_t vb = LoadWeights<kWeights>(w, j);
          for (size_t r = 0; r < MR; ++r) acc[r][j] = wasm_i32x4_add(acc[r][j], wasm_i32x4_dot_i16x8(va[r], vb));
        }
        w += 8 * kNr * WeightBytes<kWeights>();
      }
    }
    for (size_t r = MR; r-- > 0;) {
      v128_t out = wasm_i32x4_add(bias, SumLanes4(acc[r][0], acc[r][1], acc[r][2], acc[r][3]));
      if constexpr (kWeights == Weights::kU8) out = wasm_i32x4_sub(out, wasm_i32x4_mul(w_zero_point, wasm_v128_load32_splat(&row_sums[r])));
      if (nc >= kNr) {
        wasm_v128_store(cr[r], out);
      } else {
        simd::StoreTail(cr[r], out, nc);
      }
      cr[r] = reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(cr[r]) + cn_stride);
    }
    nc = nc >= kNr ? nc - kNr : 0;
  } while (nc != 0);
}

template <size_t MR, Weights kWeights>
void IgemmScalar(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w, int32_t* c,
                 size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero, const QU8ConvParams* params) {
  const size_t kp = (kc + 7) & ~size_t{7};
  const uint8_t* block = static_cast<const uint8_t*>(packed_w);
  const size_t block_bytes = kWeights == Weights::kU8 ? QU8PackedIgemmSizeU8(kNr, kc, ks) : QU8PackedIgemmSize(kNr, kc, ks);
  for (size_t j0 = 0; j0 < nc; j0 += kNr, block += block_bytes) {
    int32_t bias[kNr], w_zero_point[kNr] = {0, 0, 0, 0};
    std::memcpy(bias, block, sizeof(bias));
    const uint8_t* w = block + sizeof(bias);
    if constexpr (kWeights == Weights::kU8) {
      std::memcpy(w_zero_point, w, sizeof(w_zero_point));
      w += sizeof(w_zero_point);
    }
    for (size_t r = 0; r < mr; ++r) {
      int32_t* row = reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(c) + r * cm_stride + j0 / kNr * cn_stride);
      for (size_t j = 0; j < kNr && j0 + j < nc; ++j) {
        int32_t sum = bias[j];
        for (size_t s = 0; s < ks; ++s) {
          const uint8_t* p = a[s * MR + r];
          const uint8_t* ar = p == zero ? p : p + a_offset;
          for (size_t k = 0; k < kc; ++k) {
            const size_t at = ((s * kp + k) / 8 * kNr + j) * 8 + k % 8;
            int32_t wv;
            if constexpr (kWeights == Weights::kU8) {
              wv = int32_t{w[at]} - w_zero_point[j];
            } else {
              int16_t v;
              std::memcpy(&v, w + 2 * at, sizeof(v));
              wv = v;
            }
            sum += (int32_t{ar[k]} - params->a_zero_point) * wv;
          }
        }
        row[j] = sum;
      }
    }
  }
}

}  // namespace webnn::kernels::qu8_igemm_impl
