// Overflow-checked size arithmetic: shapes come from untrusted callers and a wrapped product would
// turn into a short allocation and an out-of-bounds write.
#pragma once

#include <cstdint>
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

}  // namespace webnn
