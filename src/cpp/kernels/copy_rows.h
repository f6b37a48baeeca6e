// Rows of bytes from one stride to another: a concat along the innermost axis copies one short row per input per
// pixel (an NHWC channel concat of 16-96 bytes a pixel), where a memcpy call per row cost more than the bytes: a
// uint8 skip connection at 512x512 (24 + 24 channels) took 0.7 ms in memcpy calls. Rows below kShortRow bytes are
// copied with v128 (or 8- and 4-byte) loads and stores, the last piece overlapping the one before it; longer rows
// take memcpy. No read or write outside the rows.
#pragma once

#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace webnn::kernels {

inline constexpr size_t kShortRow = 128;

// n in [sizeof(T), 2 sizeof(T)] bytes as two T-sized pieces, the second ending at n (they overlap unless n is 2 sizeof(T)).
template <typename T>
inline void CopyTwoPieces(const uint8_t* s, uint8_t* d, size_t n) {
  T a, b;
  std::memcpy(&a, s, sizeof(T));
  std::memcpy(&b, s + n - sizeof(T), sizeof(T));
  std::memcpy(d, &a, sizeof(T));
  std::memcpy(d + n - sizeof(T), &b, sizeof(T));
}

inline void CopyShortRow(const uint8_t* s, uint8_t* d, size_t n) {
  if (n >= 16) {
    size_t i = 0;
    for (; i + 16 <= n; i += 16) wasm_v128_store(d + i, wasm_v128_load(s + i));
    if (i < n) wasm_v128_store(d + n - 16, wasm_v128_load(s + n - 16));
  } else if (n >= 8) {
    CopyTwoPieces<uint64_t>(s, d, n);
  } else if (n >= 4) {
    CopyTwoPieces<uint32_t>(s, d, n);
  } else {
    for (size_t i = 0; i < n; ++i) d[i] = s[i];
  }
}

// rows rows of `bytes` bytes: row r from src + r * src_stride to dst + r * dst_stride.
inline void CopyRows(size_t rows, size_t bytes, const uint8_t* src, size_t src_stride, uint8_t* dst, size_t dst_stride) {
  if (bytes >= kShortRow) {
    for (size_t r = 0; r < rows; ++r) std::memcpy(dst + r * dst_stride, src + r * src_stride, bytes);
    return;
  }
  for (size_t r = 0; r < rows; ++r) CopyShortRow(src + r * src_stride, dst + r * dst_stride, bytes);
}

}  // namespace webnn::kernels
