#include "runtime/timeline.h"

#include <deque>

#if WEBNN_THREADS
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace webnn::runtime {

void Completion::Signal(int32_t value) {
  flag.store(value, std::memory_order_release);
#if WEBNN_THREADS
  // Wakes Atomics.waitAsync on the JS thread (same futex-style address).
  __builtin_wasm_memory_atomic_notify(reinterpret_cast<int32_t*>(&flag), 1u << 30);
#endif
}

#if WEBNN_THREADS
struct Timeline::State {
  explicit State(size_t threads) : pool(threads) {}
  ThreadPool pool;
  std::mutex mutex;
  std::condition_variable cv;
  std::condition_variable idle;
  std::deque<std::function<void(ThreadPool*)>> jobs;
  bool running = false;
  bool stopping = false;
  std::thread executor;
};

Timeline::Timeline(size_t num_threads) : state_(std::make_unique<State>(num_threads)) {
  state_->executor = std::thread([s = state_.get()] {
    std::unique_lock<std::mutex> lock(s->mutex);
    for (;;) {
      s->cv.wait(lock, [&] { return s->stopping || !s->jobs.empty(); });
      if (s->jobs.empty()) return;  // stopping and drained
      auto job = std::move(s->jobs.front());
      s->jobs.pop_front();
      s->running = true;
      lock.unlock();
      job(&s->pool);
      lock.lock();
      s->running = false;
      if (s->jobs.empty()) s->idle.notify_all();
    }
  });
}

Timeline::~Timeline() {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->stopping = true;
  }
  state_->cv.notify_all();
  state_->executor.join();
}

void Timeline::Enqueue(std::function<void(ThreadPool*)> job) {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->jobs.push_back(std::move(job));
  }
  state_->cv.notify_one();
}

void Timeline::Flush() {
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->idle.wait(lock, [&] { return state_->jobs.empty() && !state_->running; });
}

size_t Timeline::num_threads() const { return state_->pool.num_threads(); }

#else
struct Timeline::State {
  explicit State(size_t) : pool(1) {}
  ThreadPool pool;
};

Timeline::Timeline(size_t num_threads) : state_(std::make_unique<State>(num_threads)) {}
Timeline::~Timeline() = default;
void Timeline::Enqueue(std::function<void(ThreadPool*)> job) { job(&state_->pool); }
void Timeline::Flush() {}
size_t Timeline::num_threads() const { return 1; }
#endif

}  // namespace webnn::runtime
