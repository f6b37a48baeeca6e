// The qu8 indirect GEMM kernels (kernels/qgemm.h), stamped per MR: wasmsimd "c8" (each row's 8 bytes of k
// widened to int16 less the zero point, times each column's 8 packed int16 weights, i32x4.dot_i16x8_s into one
// accumulator per row and column, reduced across lanes at the end) and the scalar reference.
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

template <size_t MR>
void IgemmWasmSimd(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w, int32_t* c,
                   size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero, const QU8ConvParams* params) {
  int32_t* cr[MR];
  for (size_t r = 0; r < MR; ++r) {
    cr[r] = r == 0 ? c : r < mr ? reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(cr[r - 1]) + cm_stride) : cr[r - 1];
  }
  const v128_t a_zero_point = wasm_i16x8_splat(static_cast<int16_t>(params->a_zero_point));
  const size_t k8 = kc & ~size_t{7}, tail = kc - k8;
  const int16_t* w = static_cast<const int16_t*>(packed_w);
  do {
    v128_t acc[MR][kNr];
    const v128_t bias = wasm_v128_load(w);
    w += 2 * kNr;  // NR int32
    for (size_t r = 0; r < MR; ++r) {
      for (size_t j = 0; j < kNr; ++j) acc[r][j] = wasm_i64x2_const(0, 0);
    }
    const uint8_t** ap = a;
    for (size_t s = ks; s != 0; --s) {
      const uint8_t* ar[MR];
      for (size_t r = 0; r < MR; ++r) {
        const uint8_t* p = ap[r < mr ? r : mr - 1];
        ar[r] = p == zero ? p : p + a_offset;
      }
      ap += MR;
      size_t k = 0;
      for (; k < k8; k += 8) {
        v128_t va[MR];
        for (size_t r = 0; r < MR; ++r) va[r] = wasm_i16x8_sub(wasm_u16x8_load8x8(ar[r] + k), a_zero_point);
        for (size_t j = 0; j < kNr; ++j) {
          const v128_t vb = wasm_v128_load(w + 8 * j);
          for (size_t r = 0; r < MR; ++r) acc[r][j] = wasm_i32x4_add(acc[r][j], wasm_i32x4_dot_i16x8(va[r], vb));
        }
        w += 8 * kNr;
      }
      if (tail != 0) {
        // Lanes past kc hold -zero_point and meet zero weights.
        v128_t va[MR];
        for (size_t r = 0; r < MR; ++r) va[r] = wasm_i16x8_sub(wasm_u16x8_extend_low_u8x16(LoadBytesTail(ar[r] + k, tail)), a_zero_point);
        for (size_t j = 0; j < kNr; ++j) {
          const v128_t vb = wasm_v128_load(w + 8 * j);
          for (size_t r = 0; r < MR; ++r) acc[r][j] = wasm_i32x4_add(acc[r][j], wasm_i32x4_dot_i16x8(va[r], vb));
        }
        w += 8 * kNr;
      }
    }
    for (size_t r = MR; r-- > 0;) {
      const v128_t out = wasm_i32x4_add(bias, SumLanes4(acc[r][0], acc[r][1], acc[r][2], acc[r][3]));
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

template <size_t MR>
void IgemmScalar(size_t mr, size_t nc, size_t kc, size_t ks, const uint8_t** a, const void* packed_w, int32_t* c,
                 size_t cm_stride, size_t cn_stride, size_t a_offset, const uint8_t* zero, const QU8ConvParams* params) {
  const size_t kp = (kc + 7) & ~size_t{7};
  const uint8_t* block = static_cast<const uint8_t*>(packed_w);
  const size_t block_bytes = kNr * 4 + ks * kp * kNr * 2;
  for (size_t j0 = 0; j0 < nc; j0 += kNr, block += block_bytes) {
    int32_t bias[kNr];
    std::memcpy(bias, block, sizeof(bias));
    const int16_t* w = reinterpret_cast<const int16_t*>(block + sizeof(bias));
    for (size_t r = 0; r < mr; ++r) {
      int32_t* row = reinterpret_cast<int32_t*>(reinterpret_cast<uintptr_t>(c) + r * cm_stride + j0 / kNr * cn_stride);
      for (size_t j = 0; j < kNr && j0 + j < nc; ++j) {
        int32_t sum = bias[j];
        for (size_t s = 0; s < ks; ++s) {
          const uint8_t* p = a[s * MR + r];
          const uint8_t* ar = p == zero ? p : p + a_offset;
          for (size_t k = 0; k < kc; ++k) {
            const int16_t wv = w[((s * kp + k) / 8 * kNr + j) * 8 + k % 8];
            sum += (int32_t{ar[k]} - params->a_zero_point) * wv;
          }
        }
        row[j] = sum;
      }
    }
  }
}

}  // namespace webnn::kernels::qu8_igemm_impl
