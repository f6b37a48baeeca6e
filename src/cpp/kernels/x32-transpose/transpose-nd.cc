// TransposeNd: the N-D driver over the 2-D transpose kernels (see kernels/transpose.h).
#include <cstring>

#include "kernels/simd_util.h"
#include "kernels/transpose.h"

namespace webnn::kernels {
namespace {

constexpr size_t kMaxRank = 8;

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

void TransposeNd(size_t element_size, size_t rank, const uint32_t* shape, const uint32_t* perm, const void* input,
                 void* output) {
  const size_t es = element_size;
  if (rank > kMaxRank || (es != 1 && es != 2 && es != 4 && es != 8)) return;
  size_t total = 1;
  for (size_t i = 0; i < rank; ++i) total *= shape[i];
  if (total == 0) return;
  // Simplify: walk output axes in order, drop size-1 axes, merge an axis into the previous one when it
  // is the next input axis (they stay adjacent and in order on both sides).
  size_t in_axis_of[kMaxRank], dims[kMaxRank];  // simplified output axes: their input axis and size
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
  size_t in_stride[kMaxRank], out_stride[kMaxRank];
  {
    size_t s = 1;
    for (size_t k = r; k-- > 0;) {
      in_stride[order[k]] = s;
      s *= dims[order[k]];
    }
    s = 1;
    for (size_t k = r; k-- > 0;) {
      out_stride[k] = s;
      s *= dims[k];
    }
  }
  const char* in = static_cast<const char*>(input);
  char* out = static_cast<char*>(output);
  if (r == 0) {
    std::memcpy(out, in, es);
    return;
  }
  if (in_stride[r - 1] == 1) {
    // Innermost output axis is innermost in the input too: copy contiguous runs.
    const size_t run = dims[r - 1] * es;
    size_t idx[kMaxRank] = {};
    const size_t outer = total / dims[r - 1];
    for (size_t n = 0; n < outer; ++n) {
      size_t off = 0;
      for (size_t k = 0; k + 1 < r; ++k) off += idx[k] * in_stride[k];
      std::memcpy(out + n * run, in + off * es, run);
      for (size_t k = r - 1; k-- > 0;) {
        if (++idx[k] < dims[k]) break;
        idx[k] = 0;
      }
    }
    return;
  }
  // Otherwise: 2-D planes. Rows of the plane: the innermost output axis (q = r - 1, input stride > 1);
  // columns: the output axis c whose input stride is 1 (contiguous input). For every index of the
  // other axes, transpose a (dims[q] x dims[c]) plane read as dims[c]-wide input rows... i.e. input
  // rows run along axis q (stride in_stride[q]) and are contiguous along c.
  const size_t q = r - 1;
  size_t c = 0;
  while (in_stride[c] != 1) ++c;
  size_t idx[kMaxRank] = {};
  const size_t planes = total / (dims[q] * dims[c]);
  for (size_t n = 0; n < planes; ++n) {
    size_t in_off = 0, out_off = 0;
    for (size_t k = 0; k < r; ++k) {
      in_off += idx[k] * in_stride[k];
      out_off += idx[k] * out_stride[k];
    }
    Transpose2dAny(es, in + in_off * es, out + out_off * es, in_stride[q] * es, out_stride[c] * es, dims[c], dims[q]);
    for (size_t k = r; k-- > 0;) {
      if (k == q || k == c) continue;
      if (++idx[k] < dims[k]) break;
      idx[k] = 0;
    }
  }
}

}  // namespace webnn::kernels
