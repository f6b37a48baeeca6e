#include "runtime/buffer.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

namespace webnn::runtime {
namespace {
std::atomic<size_t> allocation_limit{0};
}  // namespace

void SetAllocationLimitForTesting(size_t max_bytes) { allocation_limit.store(max_bytes); }

Expected<std::shared_ptr<Buffer>> Buffer::Allocate(size_t bytes) {
  // Kernels may read up to 16 bytes past a row end inside the allocation; zero it so they read zeros.
  size_t padded = AlignUp(bytes + 16);
  if (padded < bytes) return UnknownError("allocation of " + std::to_string(bytes) + " bytes failed.");
  size_t limit = allocation_limit.load(std::memory_order_relaxed);
  void* p = limit && bytes > limit ? nullptr : std::aligned_alloc(kBufferAlignment, padded);
  if (!p) return UnknownError("allocation of " + std::to_string(bytes) + " bytes failed: out of memory.");
  std::memset(p, 0, padded);
  auto* raw = new (std::nothrow) Buffer(static_cast<uint8_t*>(p), bytes);
  if (!raw) {
    std::free(p);
    return UnknownError("out of memory.");
  }
  return std::shared_ptr<Buffer>(raw);
}

Buffer::~Buffer() { std::free(data_); }

}  // namespace webnn::runtime
