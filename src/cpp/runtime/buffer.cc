#include "runtime/buffer.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

namespace webnn::runtime {
namespace {
std::atomic<size_t> allocation_limit{0};

// Allocates the shared_ptr's control block, the Buffer in it and, after them, its bytes, as one heap block: a
// Buffer's bookkeeping never lies apart from its bytes, where it would outlive them (a later buffer's, put in the
// gap an aligned allocation leaves) and keep the hole freed bytes leave from joining its neighbours. Building a
// 4-bit model frees its constants one by one while it allocates their packings: with the bookkeeping apart, no
// packing fitted a hole and the build took fresh memory for every one of them.
template <typename T>
struct BlockAllocator {
  using value_type = T;
  size_t bytes;  // after the object, aligned
  explicit BlockAllocator(size_t b) : bytes(b) {}
  template <typename U>
  BlockAllocator(const BlockAllocator<U>& other) : bytes(other.bytes) {}
  T* allocate(size_t n) {
    void* p = std::malloc(n * sizeof(T) + kBufferAlignment + bytes);
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t) { std::free(p); }
  template <typename U>
  bool operator==(const BlockAllocator<U>& other) const { return bytes == other.bytes; }
};

}  // namespace

void SetAllocationLimitForTesting(size_t max_bytes) { allocation_limit.store(max_bytes); }

Expected<std::shared_ptr<Buffer>> Buffer::Allocate(size_t bytes) { return Allocate(bytes, /*zero_from=*/0); }

Expected<std::shared_ptr<Buffer>> Buffer::AllocateForOverwrite(size_t bytes) { return Allocate(bytes, bytes); }

Expected<std::shared_ptr<Buffer>> Buffer::Allocate(size_t bytes, size_t zero_from) {
  // Kernels may read up to 16 bytes past a row end inside the allocation; zero it so they read zeros.
  size_t padded = AlignUp(bytes + 16);
  if (padded < bytes || padded > SIZE_MAX / 2) return UnknownError("allocation of " + std::to_string(bytes) + " bytes failed.");
  size_t limit = allocation_limit.load(std::memory_order_relaxed);
  if (limit && bytes > limit) return UnknownError("allocation of " + std::to_string(bytes) + " bytes failed: out of memory.");
  std::shared_ptr<Buffer> buffer;
  try {
    buffer = std::allocate_shared<Buffer>(BlockAllocator<Buffer>(padded), Token{}, bytes);
  } catch (...) {
    return UnknownError("allocation of " + std::to_string(bytes) + " bytes failed: out of memory.");
  }
  std::memset(buffer->data() + zero_from, 0, padded - zero_from);
  return buffer;
}

// The bytes follow the Buffer in its block (BlockAllocator).
Buffer::Buffer(Token, size_t size)
    : data_(reinterpret_cast<uint8_t*>(AlignUp(reinterpret_cast<uintptr_t>(this + 1)))), size_(size) {}

}  // namespace webnn::runtime
