// The device timeline: jobs (dispatch, tensor writes and reads) run in the order they were queued.
// Threaded build: one executor thread for the module runs them off the JS thread, so dispatch() never
// blocks the page; a read signals completion through an int32 in shared memory that JS awaits with
// Atomics.waitAsync. Single-threaded build: jobs run inline when queued.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

#include "runtime/thread_pool.h"

namespace webnn::runtime {

class Timeline {
 public:
  // `num_threads` sizes the compute pool the executor uses (1 = no workers).
  explicit Timeline(size_t num_threads);
  ~Timeline();

  void Enqueue(std::function<void(ThreadPool*)> job);
  // Blocks until every queued job has run (tests and module teardown only; never on a browser main thread).
  void Flush();

  size_t num_threads() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Completion flag of an asynchronous request: 0 while pending, 1 done, 2 failed. JS waits on `flag`.
struct Completion {
  std::atomic<int32_t> flag{0};
  void Signal(int32_t value);
};

}  // namespace webnn::runtime
