// The GEMV kernels (kernels/gemv.h), wasmsimd. kn: y (in L1) accumulates four rows of b at a time, each read as a
// contiguous stream (walking 16 columns down all rows instead read 11 GB/s, 1 thread, a 7 MB cache); the per-column
// order of the sums is still row order. nk: four rows of b at a time, each into a 4-lane accumulator (lane l sums the
// elements i with i % 4 == l, as the scalar twin does), the tail element by element into its lane.
#include <wasm_simd128.h>

#include "kernels/gemv.h"

namespace webnn::kernels {

void f32_gemv_kn_ukernel__wasmsimd_u16(size_t k, size_t n, const float* a, const float* b, size_t b_stride, float* y) {
  for (size_t j = 0; j < n; ++j) y[j] = 0.0f;
  size_t i = 0;
  for (; i + 4 <= k; i += 4) {
    const float* b0 = b + i * b_stride;
    const float *b1 = b0 + b_stride, *b2 = b1 + b_stride, *b3 = b2 + b_stride;
    const v128_t a0 = wasm_v128_load32_splat(a + i), a1 = wasm_v128_load32_splat(a + i + 1);
    const v128_t a2 = wasm_v128_load32_splat(a + i + 2), a3 = wasm_v128_load32_splat(a + i + 3);
    size_t j = 0;
    for (; j + 4 <= n; j += 4) {
      v128_t acc = wasm_v128_load(y + j);
      acc = wasm_f32x4_add(acc, wasm_f32x4_mul(a0, wasm_v128_load(b0 + j)));
      acc = wasm_f32x4_add(acc, wasm_f32x4_mul(a1, wasm_v128_load(b1 + j)));
      acc = wasm_f32x4_add(acc, wasm_f32x4_mul(a2, wasm_v128_load(b2 + j)));
      acc = wasm_f32x4_add(acc, wasm_f32x4_mul(a3, wasm_v128_load(b3 + j)));
      wasm_v128_store(y + j, acc);
    }
    for (; j < n; ++j) y[j] = (((y[j] + a[i] * b0[j]) + a[i + 1] * b1[j]) + a[i + 2] * b2[j]) + a[i + 3] * b3[j];
  }
  for (; i < k; ++i) {
    const float* bi = b + i * b_stride;
    const v128_t ai = wasm_v128_load32_splat(a + i);
    size_t j = 0;
    for (; j + 4 <= n; j += 4) wasm_v128_store(y + j, wasm_f32x4_add(wasm_v128_load(y + j), wasm_f32x4_mul(ai, wasm_v128_load(bi + j))));
    for (; j < n; ++j) y[j] += a[i] * bi[j];
  }
}

namespace {

// The dot product of a and one row of b: lanes of acc hold the partial sums of elements i % 4, the tail goes to its
// lane, then (p0 + p2) + (p1 + p3), as the scalar twin sums.
inline float FinishDot(v128_t acc, size_t i, size_t k, const float* a, const float* row) {
  float p[4];
  wasm_v128_store(p, acc);
  for (; i < k; ++i) p[i % 4] += a[i] * row[i];
  return (p[0] + p[2]) + (p[1] + p[3]);
}

}  // namespace

void f32_gemv_nk_ukernel__wasmsimd_u16(size_t k, size_t n, const float* a, const float* b, size_t b_stride, float* y) {
  size_t j = 0;
  for (; j + 4 <= n; j += 4) {  // four rows at a time share each load of a
    const float* r0 = b + j * b_stride;
    const float *r1 = r0 + b_stride, *r2 = r1 + b_stride, *r3 = r2 + b_stride;
    v128_t acc0 = wasm_f32x4_splat(0.0f), acc1 = acc0, acc2 = acc0, acc3 = acc0;
    size_t i = 0;
    for (; i + 4 <= k; i += 4) {
      const v128_t ai = wasm_v128_load(a + i);
      acc0 = wasm_f32x4_add(acc0, wasm_f32x4_mul(ai, wasm_v128_load(r0 + i)));
      acc1 = wasm_f32x4_add(acc1, wasm_f32x4_mul(ai, wasm_v128_load(r1 + i)));
      acc2 = wasm_f32x4_add(acc2, wasm_f32x4_mul(ai, wasm_v128_load(r2 + i)));
      acc3 = wasm_f32x4_add(acc3, wasm_f32x4_mul(ai, wasm_v128_load(r3 + i)));
    }
    y[j] = FinishDot(acc0, i, k, a, r0);
    y[j + 1] = FinishDot(acc1, i, k, a, r1);
    y[j + 2] = FinishDot(acc2, i, k, a, r2);
    y[j + 3] = FinishDot(acc3, i, k, a, r3);
  }
  for (; j < n; ++j) {
    const float* row = b + j * b_stride;
    v128_t acc = wasm_f32x4_splat(0.0f);
    size_t i = 0;
    for (; i + 4 <= k; i += 4) acc = wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_v128_load(a + i), wasm_v128_load(row + i)));
    y[j] = FinishDot(acc, i, k, a, row);
  }
}

}  // namespace webnn::kernels
