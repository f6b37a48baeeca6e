// std::vector whose storage is kBufferAlignment (64-byte) aligned, for data SIMD kernels stream through
// (packed weights, scratch): with malloc's 8-byte alignment a v128 load straddles a cache line one
// time in four, and which buffers do depends on the heap's history — one build ran its GEMMs 12%
// slower than another for that reason alone.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

#include "runtime/buffer.h"

namespace webnn::runtime {

template <typename T>
struct AlignedAllocator {
  using value_type = T;
  AlignedAllocator() = default;
  template <typename U>
  AlignedAllocator(const AlignedAllocator<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{kBufferAlignment})); }
  void deallocate(T* p, size_t) { ::operator delete(p, std::align_val_t{kBufferAlignment}); }
  template <typename U>
  bool operator==(const AlignedAllocator<U>&) const { return true; }
};

template <typename T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

}  // namespace webnn::runtime
