#include "runtime/completion.h"

namespace webnn::runtime {

void Completion::Signal(int32_t value) {
  flag.store(value, std::memory_order_release);
#if WEBNN_THREADS
  __builtin_wasm_memory_atomic_notify(reinterpret_cast<int32_t*>(&flag), 1u << 30);
#endif
}

}  // namespace webnn::runtime
