// Owned, 64-byte aligned byte buffers. Allocation failure is a Status, never an abort: sizes come from
// callers we do not trust, and a failed malloc must lose one request, not the module.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "base/status.h"

namespace webnn::runtime {

class Buffer {
 public:
  // Zeroed.
  static Expected<std::shared_ptr<Buffer>> Allocate(size_t bytes);
  // For a caller that writes all `bytes` itself (a copy in, a widening): only the padding after them is zeroed.
  // Fresh wasm memory costs its first touch (a page fault, ~2-3 us per 4 KiB here), so a zeroing pass before the
  // copy would only add a second sweep.
  static Expected<std::shared_ptr<Buffer>> AllocateForOverwrite(size_t bytes);
  class Token {  // only Allocate makes one: a Buffer lies at the head of its bytes
    Token() = default;
    friend class Buffer;
  };
  Buffer(Token, size_t size);
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  static Expected<std::shared_ptr<Buffer>> Allocate(size_t bytes, size_t zero_from);
  uint8_t* data_;
  size_t size_;
};

// Test hook: every later Allocate() of more than `max_bytes` fails as if memory ran out (0: no limit).
// Fault tests use it to reach each out-of-memory path without exhausting the real heap.
void SetAllocationLimitForTesting(size_t max_bytes);

constexpr size_t kBufferAlignment = 64;
inline size_t AlignUp(size_t n, size_t a = kBufferAlignment) { return (n + a - 1) / a * a; }

}  // namespace webnn::runtime
