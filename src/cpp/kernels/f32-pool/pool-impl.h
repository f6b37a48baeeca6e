// Shared helpers of the pooling kernels.
#pragma once

#include <cstddef>

#include "kernels/simd_util.h"

namespace webnn::kernels::pool_impl {

inline const float* Tap(const float** input, size_t t, size_t input_offset, const float* zero) {
  const float* p = input[t];
  return p == zero ? p : simd::ByteOffset(p, input_offset);
}

// Four interleaved partial sums over rows (r % 4), combined as (s0 + s1) + (s2 + s3): shared by the
// wasmsimd and scalar gavgpool so they match bit for bit.
template <typename V, typename Load, typename Add>
inline V SumRows(size_t rows, const float* x, size_t stride, V zero, Load load, Add add) {
  V s0 = zero, s1 = zero, s2 = zero, s3 = zero;
  size_t r = 0;
  for (; r + 4 <= rows; r += 4) {
    s0 = add(s0, load(x));
    s1 = add(s1, load(simd::ByteOffset(x, stride)));
    s2 = add(s2, load(simd::ByteOffset(x, 2 * stride)));
    s3 = add(s3, load(simd::ByteOffset(x, 3 * stride)));
    x = simd::ByteOffset(x, 4 * stride);
  }
  if (r < rows) s0 = add(s0, load(x));
  if (r + 1 < rows) s1 = add(s1, load(simd::ByteOffset(x, stride)));
  if (r + 2 < rows) s2 = add(s2, load(simd::ByteOffset(x, 2 * stride)));
  return add(add(s0, s1), add(s2, s3));
}

}  // namespace webnn::kernels::pool_impl
