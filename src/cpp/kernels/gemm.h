// f32 GEMM and indirect GEMM (convolution) microkernels on weights packed once at build time.
//
// Conventions (XNNPACK's): A and C are row-major; a_stride, cm_stride and cn_stride are in BYTES; kc
// is in ELEMENTS. A kernel computes c[i][j] = clamp(bias[j] + sum_k a[i][k] * W[k][j]) for i < mr
// (1 <= mr <= MR) and j < nc (any nc >= 1: it walks NR-column blocks, advancing c by cn_stride bytes
// and the packed weights by one block after each; cn_stride is NR * sizeof(float) for a dense C).
// Rows past mr are not touched. No kernel reads A past kc floats of a row, reads packed weights past
// the blocks covering nc, or writes C past nc columns. No alignment is required beyond 4 bytes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/params.h"

namespace webnn::kernels {

using F32GemmUkernelFn = void (*)(size_t mr, size_t nc, size_t kc, const float* a, size_t a_stride,
                                  const float* packed_w, float* c, size_t cm_stride, size_t cn_stride,
                                  const MinMaxParams* params);

// Indirect GEMM: `a` holds ks * MR row pointers (for each of the ks kernel taps, MR row pointers,
// one per output row; all MR are read only for rows < mr — rows past mr reuse row mr-1's pointer),
// each pointing at kc contiguous floats. A pointer equal to `zero` is used as is; every other pointer
// gets + a_offset bytes. The kernel reads `a` from the start again for every NR-column block.
using F32IgemmUkernelFn = void (*)(size_t mr, size_t nc, size_t kc, size_t ks, const float** a,
                                   const float* packed_w, float* c, size_t cm_stride, size_t cn_stride,
                                   size_t a_offset, const float* zero, const MinMaxParams* params);

struct F32GemmConfig {
  uint32_t mr, nr;
  F32GemmUkernelFn gemm;     // MRxNR
  F32IgemmUkernelFn igemm;   // MRxNR
  F32GemmUkernelFn gemm1;    // 1xNR, for m == 1 (may be used for any mr == 1 tile)
  F32IgemmUkernelFn igemm1;  // 1xNR
};

// The fastest wasmsimd tile for this host (one serves every depth on the hosts measured so far: see
// config/gemm.cc); the same NR as the scalar tiles, so weights packed for one serve both.
const F32GemmConfig& GetF32GemmConfig();
// Scalar reference tiles; same NR as GetF32GemmConfig(), so the same packed weights serve both.
const F32GemmConfig& GetF32GemmScalarConfig();

// Packed layout, per block of NR output columns: NR bias floats (0 when bias is null), then for each
// tap s in [0, ks), for each k in [0, kc): NR weights (columns past nc zero-filled). A block is
// NR * (ks * kc + 1) floats; block j starts at j * NR * (ks * kc + 1).
size_t F32PackedGemmSize(size_t nc, size_t kc, size_t nr, size_t ks = 1);  // in floats
// w is [nc][ks][kc] (OHWI filters, transposed B).
void F32PackGemmGoi(size_t nc, size_t kc, size_t ks, size_t nr, const float* w, const float* bias, float* packed);
// w is [kc][nc] (plain B).
void F32PackGemmGio(size_t nc, size_t kc, size_t nr, const float* w, const float* bias, float* packed);

// The kernels themselves (names follow XNNPACK: <tile>__<isa>_<variant>).
#define WEBNN_F32_GEMM_UKERNEL(mr, nr, name)                                                                   \
  void name(size_t mr_, size_t nc, size_t kc, const float* a, size_t a_stride, const float* packed_w, float* c, \
            size_t cm_stride, size_t cn_stride, const MinMaxParams* params);
#define WEBNN_F32_IGEMM_UKERNEL(mr, nr, name)                                                                   \
  void name(size_t mr_, size_t nc, size_t kc, size_t ks, const float** a, const float* packed_w, float* c,      \
            size_t cm_stride, size_t cn_stride, size_t a_offset, const float* zero, const MinMaxParams* params);
#include "kernels/f32-gemm/f32-gemm.inc"
#include "kernels/f32-igemm/f32-igemm.inc"
#undef WEBNN_F32_GEMM_UKERNEL
#undef WEBNN_F32_IGEMM_UKERNEL

}  // namespace webnn::kernels
