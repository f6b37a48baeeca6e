// Transposition.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

// 2-D transpose of 32-bit elements: input is block_height rows of block_width elements (rows
// input_stride BYTES apart), output is block_width rows of block_height elements (rows output_stride
// BYTES apart): output[j][i] = input[i][j]. Any sizes >= 1: 4x4 tiles in f32x4 registers, edges
// element by element. Over-read: none. Alignment: 4 bytes. Input and output must not overlap.
void x32_transpose_ukernel__4x4_wasmsimd(const uint32_t* input, uint32_t* output, size_t input_stride,
                                         size_t output_stride, size_t block_width, size_t block_height);
void x32_transpose_ukernel__4x4_scalar(const uint32_t* input, uint32_t* output, size_t input_stride,
                                       size_t output_stride, size_t block_width, size_t block_height);

// N-D transpose: output shape[i] = shape[perm[i]], output[idx] = input[idx permuted back].
// element_size 1, 2, 4 or 8 bytes; rank 0..8 (rank 0 or a zero-sized shape copies nothing/one element);
// perm must be a permutation of [0, rank). Size-1 axes are dropped and axes that stay adjacent are
// merged first; then the innermost output axis decides the path: unchanged -> contiguous row copies,
// otherwise 2-D tile transposes (x32 wasmsimd kernel for 4-byte elements, blocked scalar loops for
// the others) over the remaining axes. Input and output must not overlap.
void TransposeNd(size_t element_size, size_t rank, const uint32_t* shape, const uint32_t* perm, const void* input,
                 void* output);

}  // namespace webnn::kernels
