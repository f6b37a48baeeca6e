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
//
// Planned once (PlanTransposeNd) and run in parts (RunTransposeNd): the output splits into `units`
// independent pieces (a row copy, or a tile of at most kTransposeTileRows x kTransposeTileColumns elements of
// one 2-D plane), so a thread pool can share them; TransposeNd runs every unit.
inline constexpr size_t kTransposeMaxRank = 8, kTransposeTileRows = 64, kTransposeTileColumns = 256;

struct TransposeNdPlan {
  size_t es = 0;          // bytes per element; 0: nothing to do
  size_t rank = 0;        // of the simplified problem (0: one element)
  size_t dims[kTransposeMaxRank] = {}, in_stride[kTransposeMaxRank] = {}, out_stride[kTransposeMaxRank] = {};
  bool rows = false;      // the innermost output axis is innermost in the input: units are row copies
  size_t q = 0, c = 0;    // a 2-D plane's axes: q innermost in the output, c innermost in the input
  size_t row_tiles = 1, column_tiles = 1;  // tiles per plane
  size_t units = 0;
  size_t unit_bytes = 0;  // bytes a unit moves at most
};
TransposeNdPlan PlanTransposeNd(size_t element_size, size_t rank, const uint32_t* shape, const uint32_t* perm);
// Units [begin, end) of `plan` (end <= plan.units).
void RunTransposeNd(const TransposeNdPlan& plan, const void* input, void* output, size_t begin, size_t end);
void TransposeNd(size_t element_size, size_t rank, const uint32_t* shape, const uint32_t* perm, const void* input,
                 void* output);

}  // namespace webnn::kernels
