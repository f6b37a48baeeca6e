// Completion of an asynchronous request (a read, a build, a context's loss): an int32 that is 0 while
// pending and then set once. In the threaded build JS awaits it with Atomics.waitAsync; the store
// notifies that address.
#pragma once

#include <atomic>
#include <cstdint>

namespace webnn::runtime {

struct Completion {
  static constexpr int32_t kPending = 0, kDone = 1, kFailed = 2;
  std::atomic<int32_t> flag{kPending};

  void Signal(int32_t value);
  int32_t state() const { return flag.load(std::memory_order_acquire); }
  // Where JS waits (an unsigned wasm32 address; JS must not treat it as signed).
  uintptr_t address() const { return reinterpret_cast<uintptr_t>(&flag); }
};

}  // namespace webnn::runtime
