// TransposeNd: the N-D driver over the 2-D transpose kernels (see kernels/transpose.h).
#include <algorithm>
#include <cstring>

#include "kernels/simd_util.h"
#include "kernels/transpose.h"

namespace webnn::kernels {
namespace {

constexpr size_t kMaxRank = kTransposeMaxRank;

// Blocked 2-D transpose for 1-, 2- and 8-byte elements (same contract as the x32 kernel).
template <typename T>
void Transpose2d(const T* input, T* output, size_t input_stride, size_t output_stride, size_t width, size_t height) {
  constexpr size_t kBlock = 16;
  for (size_t i0 = 0; i0 < height; i0 += kBlock) {
    for (size_t j0 = 0; j0 < width; j0 += kBlock) {
      for (size_t i = i0; i < i0 + kBlock && i < height; ++i) {
        const T* r = simd::ByteOffset(input, i * input_stride);
        for (size_t j = j0; j < j0 + kBlock && j < width; ++j) simd::ByteOffset(output, j * output_stride)[i] = r[j];
      }
    }
  }
}

void Transpose2dAny(size_t es, const char* in, char* out, size_t in_stride, size_t out_stride, size_t width,
                    size_t height) {
  switch (es) {
    case 1: Transpose2d(reinterpret_cast<const uint8_t*>(in), reinterpret_cast<uint8_t*>(out), in_stride, out_stride, width, height); break;
    case 2: Transpose2d(reinterpret_cast<const uint16_t*>(in), reinterpret_cast<uint16_t*>(out), in_stride, out_stride, width, height); break;
    case 4:
      x32_transpose_ukernel__4x4_wasmsimd(reinterpret_cast<const uint32_t*>(in), reinterpret_cast<uint32_t*>(out),
                                          in_stride, out_stride, width, height);
      break;
    default: Transpose2d(reinterpret_cast<const uint64_t*>(in), reinterpret_cast<uint64_t*>(out), in_stride, out_stride, width, height); break;
  }
}

}  // namespace

TransposeNdPlan PlanTransposeNd(size_t element_size, size_t rank, const uint32_t* shape, const uint32_t* perm) {
  TransposeNdPlan plan;
  const size_t es = element_size;
  if (rank > kMaxRank || (es != 1 && es != 2 && es != 4 && es != 8)) return plan;
  size_t total = 1;
  for (size_t i = 0; i < rank; ++i) total *= shape[i];
  if (total == 0) return plan;
  plan.es = es;
  // Simplify: walk output axes in order, drop size-1 axes, merge an axis into the previous one when it
  // is the next input axis (they stay adjacent and in order on both sides).
  size_t in_axis_of[kMaxRank];  // simplified output axes: their input axis (plan.dims: their size)
  size_t* dims = plan.dims;
  size_t r = 0;
  for (size_t o = 0; o < rank; ++o) {
    const size_t a = perm[o];
    if (shape[a] == 1) continue;
    if (r > 0) {
      // previous kept output axis maps to input axis p; merge if a == p + (number of size-1 axes between) + 1
      size_t p = in_axis_of[r - 1], next = p + 1;
      while (next < rank && shape[next] == 1) ++next;
      if (next == a) {
        dims[r - 1] *= shape[a];
        in_axis_of[r - 1] = a;  // the merged group now ends at input axis a
        continue;
      }
    }
    in_axis_of[r] = a;
    dims[r] = shape[a];
    ++r;
  }
  plan.rank = r;
  if (r == 0) {
    plan.units = 1;
    plan.unit_bytes = es;
    return plan;
  }
  // Renumber: simplified input axes in input order; each group is identified by its last input axis.
  size_t order[kMaxRank];  // simplified output axis index, sorted by input axis
  for (size_t i = 0; i < r; ++i) order[i] = i;
  for (size_t i = 1; i < r; ++i)
    for (size_t j = i; j > 0 && in_axis_of[order[j - 1]] > in_axis_of[order[j]]; --j) {
      size_t t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  // Input strides (elements) per simplified output axis.
  size_t s = 1;
  for (size_t k = r; k-- > 0;) {
    plan.in_stride[order[k]] = s;
    s *= dims[order[k]];
  }
  s = 1;
  for (size_t k = r; k-- > 0;) {
    plan.out_stride[k] = s;
    s *= dims[k];
  }
  if (plan.in_stride[r - 1] == 1) {
    // Innermost output axis is innermost in the input too: copy contiguous runs.
    plan.rows = true;
    plan.units = total / dims[r - 1];
    plan.unit_bytes = dims[r - 1] * es;
    return plan;
  }
  // Otherwise: 2-D planes. Rows of the plane: the innermost output axis (q = r - 1, input stride > 1);
  // columns: the output axis c whose input stride is 1 (contiguous input). For every index of the
  // other axes, a (dims[q] x dims[c]) plane read as dims[c]-wide input rows, in tiles.
  plan.q = r - 1;
  while (plan.in_stride[plan.c] != 1) ++plan.c;
  const size_t height = dims[plan.q], width = dims[plan.c];
  plan.row_tiles = (height + kTransposeTileRows - 1) / kTransposeTileRows;
  plan.column_tiles = (width + kTransposeTileColumns - 1) / kTransposeTileColumns;
  plan.units = total / (height * width) * plan.row_tiles * plan.column_tiles;
  plan.unit_bytes = std::min(height, kTransposeTileRows) * std::min(width, kTransposeTileColumns) * es;
  return plan;
}

void RunTransposeNd(const TransposeNdPlan& plan, const void* input, void* output, size_t begin, size_t end) {
  if (plan.es == 0 || begin >= end) return;
  const size_t es = plan.es, r = plan.rank;
  const size_t* dims = plan.dims;
  const char* in = static_cast<const char*>(input);
  char* out = static_cast<char*>(output);
  if (r == 0) {
    std::memcpy(out, in, es);
    return;
  }
  size_t idx[kMaxRank] = {};
  if (plan.rows) {
    // Unit n is output row n: its index over the outer axes, the last fastest.
    const size_t run = dims[r - 1] * es;
    for (size_t k = r - 1, rest = begin; k-- > 0;) {
      idx[k] = rest % dims[k];
      rest /= dims[k];
    }
    for (size_t n = begin; n < end; ++n) {
      size_t off = 0;
      for (size_t k = 0; k + 1 < r; ++k) off += idx[k] * plan.in_stride[k];
      std::memcpy(out + n * run, in + off * es, run);
      for (size_t k = r - 1; k-- > 0;) {
        if (++idx[k] < dims[k]) break;
        idx[k] = 0;
      }
    }
    return;
  }
  // Unit u is tile u % tiles of plane u / tiles; a plane's index runs over the axes but q and c, the last fastest.
  const size_t q = plan.q, c = plan.c, height = dims[q], width = dims[c];
  const size_t tiles = plan.row_tiles * plan.column_tiles;
  for (size_t k = r, rest = begin / tiles; k-- > 0;) {
    if (k == q || k == c) continue;
    idx[k] = rest % dims[k];
    rest /= dims[k];
  }
  for (size_t u = begin; u < end;) {
    size_t in_off = 0, out_off = 0;
    for (size_t k = 0; k < r; ++k) {
      in_off += idx[k] * plan.in_stride[k];
      out_off += idx[k] * plan.out_stride[k];
    }
    const size_t plane_end = std::min(end, (u / tiles + 1) * tiles);
    for (; u < plane_end; ++u) {
      const size_t t = u % tiles;
      const size_t h0 = t / plan.column_tiles * kTransposeTileRows, w0 = t % plan.column_tiles * kTransposeTileColumns;
      const size_t h = std::min(kTransposeTileRows, height - h0), w = std::min(kTransposeTileColumns, width - w0);
      // Input rows run along q and are contiguous along c; output rows run along c and are contiguous along q.
      Transpose2dAny(es, in + (in_off + h0 * plan.in_stride[q] + w0) * es, out + (out_off + w0 * plan.out_stride[c] + h0) * es,
                     plan.in_stride[q] * es, plan.out_stride[c] * es, w, h);
    }
    for (size_t k = r; k-- > 0;) {
      if (k == q || k == c) continue;
      if (++idx[k] < dims[k]) break;
      idx[k] = 0;
    }
  }
}

void TransposeNd(size_t element_size, size_t rank, const uint32_t* shape, const uint32_t* perm, const void* input,
                 void* output) {
  const TransposeNdPlan plan = PlanTransposeNd(element_size, rank, shape, perm);
  RunTransposeNd(plan, input, output, 0, plan.units);
}

}  // namespace webnn::kernels
