#include "runtime/read_request.h"

#include <climits>
#include <cmath>
#include <cstring>

#if WEBNN_THREADS
#include <emscripten/threading.h>
#endif

namespace webnn::runtime {

void ReadRequest::Publish(std::shared_ptr<Buffer> bytes) {
  bytes_ = std::move(bytes);
  completion.Signal(Completion::kDone);  // its release store orders bytes_ before JS reads it
}

void ReadRequest::Stage() {
  if (state_.load(std::memory_order_acquire) == kDirect) {
    auto copy = Buffer::Allocate(bytes_->size());
    if (copy.ok()) {
      std::memcpy((*copy)->data(), bytes_->data(), bytes_->size());
      staged_ = *copy;
    }
    int32_t expected = kDirect;
    if (state_.compare_exchange_strong(expected, copy.ok() ? kStaged : kNoMemory, std::memory_order_acq_rel)) return;
    staged_.reset();  // JS claimed the tensor's bytes meanwhile (it cannot see staged_: it never got kStaged)
  }
  // JS is copying from the tensor: the write must wait until it is done. Through emscripten_futex_wait, not
  // the raw __builtin_wasm_memory_atomic_wait32: inlined here, the raw wait made runtime_tests'
  // AWriteWaitsForTheCopyInProgress read the tensor's pending-read list as garbage every run (emcc 3.1.6,
  // -O3; the same code built with -fsanitize=address passed, so no memory error of ours was found).
  while (state_.load(std::memory_order_acquire) == kCopying) {
#if WEBNN_THREADS
    emscripten_futex_wait(&state_, kCopying, INFINITY);
#endif
  }
}

const uint8_t* ReadRequest::BeginCopy() {
  int32_t expected = kDirect;
  if (state_.compare_exchange_strong(expected, kCopying, std::memory_order_acq_rel)) return bytes_->data();
  return expected == kStaged ? staged_->data() : nullptr;
}

void ReadRequest::EndCopy() {
  // From kCopying (the copy is done) or kDirect (JS gave up before copying: the tensor was destroyed or the
  // context lost); a later write then neither waits nor stages.
  for (int32_t s = state_.load(std::memory_order_acquire); s == kDirect || s == kCopying;) {
    if (state_.compare_exchange_weak(s, kDone, std::memory_order_acq_rel)) {
#if WEBNN_THREADS
      if (s == kCopying) emscripten_futex_wake(&state_, INT_MAX);
#endif
      return;
    }
  }
}

size_t ReadRequest::size() const { return bytes_ ? bytes_->size() : 0; }

}  // namespace webnn::runtime
