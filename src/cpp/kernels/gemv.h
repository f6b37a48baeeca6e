// One row against a matrix that changes every run (attention over a KV cache: scores = q . K^T, then
// probabilities . V), read once where it lies instead of packed first: memory-bound, so one pass over B is the
// whole cost (packing it took a second pass, and a transpose before it a third).
//   kn: B is [k][n] row-major (row stride b_stride floats): y[j] = sum over i of a[i] * b[i][j], for j < n;
//   nk: B is [n][k] row-major (B^T as stored, e.g. the keys [S, H]): y[j] = sum over i of a[i] * b[j][i].
// The kn kernels sum in i order per column; the nk kernels sum 4 partial dot products and then add them
// pairwise. Each wasmsimd kernel is bit-exact with its scalar twin.
#pragma once

#include <cstddef>

namespace webnn::kernels {

using F32GemvUkernelFn = void (*)(size_t k, size_t n, const float* a, const float* b, size_t b_stride, float* y);

#define WEBNN_F32_GEMV_UKERNEL(layout, name) void name(size_t k, size_t n, const float* a, const float* b, size_t b_stride, float* y);
#include "kernels/f32-gemv/f32-gemv.inc"
#undef WEBNN_F32_GEMV_UKERNEL

}  // namespace webnn::kernels
