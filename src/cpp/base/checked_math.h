// Overflow-checked size arithmetic: shapes come from untrusted callers and a wrapped product would
// turn into a short allocation and an out-of-bounds write.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <new>
#include <optional>

namespace webnn {

inline std::optional<uint64_t> CheckedMul(uint64_t a, uint64_t b) {
  uint64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

inline std::optional<uint64_t> CheckedAdd(uint64_t a, uint64_t b) {
  uint64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

// The element count of a scratch buffer sized from tensor dimensions (indirection tables, column
// buffers): the product in 64 bits, and one whose bytes do not fit the 32-bit address space throws
// std::bad_alloc, which the runtime turns into UnknownError or a lost context. A size_t product would
// wrap to a short allocation that the step then overruns.
template <typename T>
size_t AllocationCount(std::initializer_list<uint64_t> factors) {
  uint64_t n = 1, bytes;
  for (uint64_t f : factors) {
    if (__builtin_mul_overflow(n, f, &n)) throw std::bad_alloc();
  }
  if (__builtin_mul_overflow(n, uint64_t{sizeof(T)}, &bytes) || bytes > SIZE_MAX) throw std::bad_alloc();
  return static_cast<size_t>(n);
}

}  // namespace webnn
