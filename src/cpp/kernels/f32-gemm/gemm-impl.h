// Shared bodies of the f32 GEMM / IGEMM tiles. Each kernel file instantiates one (MR, variant) pair
// under its XNNPACK-style name; keeping one body guarantees the tiles differ only in shape.
//
// Tile: MR x 8 (two f32x4 accumulators per row). Packed weights: per 8-column block, 8 bias floats
// then kc (gemm) or ks*kc (igemm) groups of 8 weights (see kernels/gemm.h). Over-read: none — A is
// read 4 floats at a time only while 4 remain in the row, the rest one float at a time; C tails are
// stored with 1/2-lane stores. Reference: the __scalar tiles below (same summation order per column:
// bias first, then k ascending), so SIMD and scalar agree to rounding of each multiply-add.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>

#include "kernels/params.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::gemm_impl {

using simd::ByteOffset;
using simd::MulAdd;

// Row pointers for an MR-row tile of which only mr rows exist: rows past mr repeat row mr - 1 (reads
// stay in bounds; writes to them are the same values to the same place).
template <size_t MR, typename T>
WEBNN_KERNEL_INLINE void SetupRows(size_t mr, T* base, size_t stride, T** rows) {
  rows[0] = base;
#pragma clang loop unroll(full)
  for (size_t i = 1; i < MR; ++i) rows[i] = i < mr ? ByteOffset(rows[i - 1], stride) : rows[i - 1];
}

// Moves every row's output pointer to the next NR-column block.
template <size_t MR>
WEBNN_KERNEL_INLINE void NextColumnBlock(float** cp, size_t cn_stride) {
#pragma clang loop unroll(full)
  for (size_t i = 0; i < MR; ++i) cp[i] = ByteOffset(cp[i], cn_stride);
}

// Starts every row's 8 accumulators at the block's 8 packed bias values (w advanced past them).
template <size_t MR>
WEBNN_KERNEL_INLINE void LoadBias(const float*& w, v128_t* acc0, v128_t* acc1) {
  acc0[0] = wasm_v128_load(w);
  acc1[0] = wasm_v128_load(w + 4);
  w += 8;
#pragma clang loop unroll(full)
  for (size_t i = 1; i < MR; ++i) {
    acc0[i] = acc0[0];
    acc1[i] = acc1[0];
  }
}

template <size_t MR>
inline void LoadBiasScalar(const float*& w, float (*acc)[8]) {
  for (size_t i = 0; i < MR; ++i) {
    for (size_t j = 0; j < 8; ++j) acc[i][j] = w[j];
  }
  w += 8;
}

// Accumulates kc columns of A (row pointers ap, advanced past them) against the packed weights w
// (advanced past kc groups of 8).
template <size_t MR, bool kLoadSplat, bool kFma>
WEBNN_KERNEL_INLINE void AccumulateK(size_t kc, const float** ap, const float*& w, v128_t* acc0, v128_t* acc1) {
  size_t k = kc;
  if constexpr (!kLoadSplat) {
    for (; k >= 4; k -= 4) {
      v128_t va[MR];
#pragma clang loop unroll(full)
      for (size_t i = 0; i < MR; ++i) {
        va[i] = wasm_v128_load(ap[i]);
        ap[i] += 4;
      }
#define WEBNN_GEMM_STEP(L)                                                  \
  {                                                                         \
    const v128_t vb0 = wasm_v128_load(w + 8 * L);                           \
    const v128_t vb1 = wasm_v128_load(w + 8 * L + 4);                       \
    _Pragma("clang loop unroll(full)") for (size_t i = 0; i < MR; ++i) {    \
      const v128_t vs = wasm_i32x4_shuffle(va[i], va[i], L, L, L, L);       \
      acc0[i] = MulAdd<kFma>(acc0[i], vs, vb0);                             \
      acc1[i] = MulAdd<kFma>(acc1[i], vs, vb1);                             \
    }                                                                       \
  }
      WEBNN_GEMM_STEP(0)
      WEBNN_GEMM_STEP(1)
      WEBNN_GEMM_STEP(2)
      WEBNN_GEMM_STEP(3)
#undef WEBNN_GEMM_STEP
      w += 32;
    }
  }
  for (; k != 0; --k) {
    const v128_t vb0 = wasm_v128_load(w);
    const v128_t vb1 = wasm_v128_load(w + 4);
    w += 8;
#pragma clang loop unroll(full)
    for (size_t i = 0; i < MR; ++i) {
      const v128_t vs = wasm_v128_load32_splat(ap[i]);
      ap[i] += 1;
      acc0[i] = MulAdd<kFma>(acc0[i], vs, vb0);
      acc1[i] = MulAdd<kFma>(acc1[i], vs, vb1);
    }
  }
}

// Clamps and stores one 8-column block (or the nc < 8 tail) of each row.
template <size_t MR>
WEBNN_KERNEL_INLINE void StoreBlock(size_t nc, float** cp, v128_t* acc0, v128_t* acc1, const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
#pragma clang loop unroll(full)
  for (size_t i = 0; i < MR; ++i) {
    acc0[i] = simd::Clamp(acc0[i], vmin, vmax);
    acc1[i] = simd::Clamp(acc1[i], vmin, vmax);
  }
  if (nc >= 8) {
    // Store the highest row first: rows past mr alias lower rows and must end with the right values.
#pragma clang loop unroll(full)
    for (size_t r = MR; r-- > 0;) {
      wasm_v128_store(cp[r], acc0[r]);
      wasm_v128_store(cp[r] + 4, acc1[r]);
    }
    return;
  }
#pragma clang loop unroll(full)
  for (size_t r = MR; r-- > 0;) {
    float* c = cp[r];
    v128_t v = acc0[r];
    size_t n = nc;
    if (n & 4) {
      wasm_v128_store(c, v);
      v = acc1[r];
      c += 4;
    }
    if (n & 3) simd::StoreTail(c, v, n & 3);
  }
}

template <size_t MR, bool kLoadSplat, bool kFma = false>
WEBNN_KERNEL_INLINE void GemmWasmsimd(size_t mr, size_t nc, size_t kc, const float* a, size_t a_stride, const float* w, float* c,
                         size_t cm_stride, size_t cn_stride, const MinMaxParams* params) {
  const float* a_rows[MR];
  float* cp[MR];
  SetupRows<MR>(mr, a, a_stride, a_rows);
  SetupRows<MR>(mr, c, cm_stride, cp);
  do {
    v128_t acc0[MR], acc1[MR];
    LoadBias<MR>(w, acc0, acc1);
    const float* ap[MR];
#pragma clang loop unroll(full)
    for (size_t i = 0; i < MR; ++i) ap[i] = a_rows[i];
    AccumulateK<MR, kLoadSplat, kFma>(kc, ap, w, acc0, acc1);
    StoreBlock<MR>(nc, cp, acc0, acc1, params);
    if (nc <= 8) return;
    nc -= 8;
    NextColumnBlock<MR>(cp, cn_stride);
  } while (true);
}

template <size_t MR, bool kLoadSplat, bool kFma = false>
WEBNN_KERNEL_INLINE void IgemmWasmsimd(size_t mr, size_t nc, size_t kc, size_t ks, const float** a, const float* w, float* c,
                          size_t cm_stride, size_t cn_stride, size_t a_offset, const float* zero,
                          const MinMaxParams* params) {
  float* cp[MR];
  SetupRows<MR>(mr, c, cm_stride, cp);
  do {
    v128_t acc0[MR], acc1[MR];
    LoadBias<MR>(w, acc0, acc1);
    const float** aa = a;
    for (size_t s = ks; s != 0; --s) {
      const float* ap[MR];
#pragma clang loop unroll(full)
      for (size_t i = 0; i < MR; ++i) {
        const float* p = aa[i < mr ? i : mr - 1];
        ap[i] = p == zero ? p : ByteOffset(p, a_offset);
      }
      aa += MR;
      AccumulateK<MR, kLoadSplat, kFma>(kc, ap, w, acc0, acc1);
    }
    StoreBlock<MR>(nc, cp, acc0, acc1, params);
    if (nc <= 8) return;
    nc -= 8;
    NextColumnBlock<MR>(cp, cn_stride);
  } while (true);
}

// ---- scalar reference (same tile shape, same per-column summation order) ----

template <size_t MR>
inline void AccumulateKScalar(size_t kc, const float** ap, const float*& w, float (*acc)[8]) {
  for (size_t k = 0; k < kc; ++k) {
    for (size_t i = 0; i < MR; ++i) {
      const float va = *ap[i]++;
      for (size_t j = 0; j < 8; ++j) acc[i][j] += va * w[j];
    }
    w += 8;
  }
}

template <size_t MR>
inline void StoreBlockScalar(size_t nc, float** cp, float (*acc)[8], const MinMaxParams* params) {
  size_t n = nc < 8 ? nc : 8;
  for (size_t r = MR; r-- > 0;) {
    for (size_t j = 0; j < n; ++j) cp[r][j] = simd::ClampScalar(acc[r][j], params->min, params->max);
  }
}

template <size_t MR>
inline void GemmScalar(size_t mr, size_t nc, size_t kc, const float* a, size_t a_stride, const float* w, float* c,
                       size_t cm_stride, size_t cn_stride, const MinMaxParams* params) {
  const float* a_rows[MR];
  float* cp[MR];
  SetupRows<MR>(mr, a, a_stride, a_rows);
  SetupRows<MR>(mr, c, cm_stride, cp);
  while (true) {
    float acc[MR][8];
    LoadBiasScalar<MR>(w, acc);
    const float* ap[MR];
    for (size_t i = 0; i < MR; ++i) ap[i] = a_rows[i];
    AccumulateKScalar<MR>(kc, ap, w, acc);
    StoreBlockScalar<MR>(nc, cp, acc, params);
    if (nc <= 8) return;
    nc -= 8;
    NextColumnBlock<MR>(cp, cn_stride);
  }
}

template <size_t MR>
inline void IgemmScalar(size_t mr, size_t nc, size_t kc, size_t ks, const float** a, const float* w, float* c,
                        size_t cm_stride, size_t cn_stride, size_t a_offset, const float* zero,
                        const MinMaxParams* params) {
  float* cp[MR];
  SetupRows<MR>(mr, c, cm_stride, cp);
  while (true) {
    float acc[MR][8];
    LoadBiasScalar<MR>(w, acc);
    const float** aa = a;
    for (size_t s = 0; s < ks; ++s) {
      const float* ap[MR];
      for (size_t i = 0; i < MR; ++i) {
        const float* p = aa[i < mr ? i : mr - 1];
        ap[i] = p == zero ? p : ByteOffset(p, a_offset);
      }
      aa += MR;
      AccumulateKScalar<MR>(kc, ap, w, acc);
    }
    StoreBlockScalar<MR>(nc, cp, acc, params);
    if (nc <= 8) return;
    nc -= 8;
    NextColumnBlock<MR>(cp, cn_stride);
  }
}

}  // namespace webnn::kernels::gemm_impl
