#include "runtime/executor.h"

#include "runtime/context.h"

#if WEBNN_THREADS
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#endif

namespace webnn::runtime {

#if WEBNN_THREADS
struct Executor::State {
  std::mutex mutex;
  std::condition_variable work;
  std::condition_variable idle;
  std::deque<std::shared_ptr<Context>> ready;
  size_t running = 0;
  bool stopping = false;
  std::thread thread;
};

Executor::Executor(size_t num_threads) : pool_(num_threads), state_(std::make_unique<State>()) {
  state_->thread = std::thread([this] {
    State& s = *state_;
    std::unique_lock<std::mutex> lock(s.mutex);
    for (;;) {
      s.work.wait(lock, [&] { return s.stopping || !s.ready.empty(); });
      if (s.ready.empty()) return;  // stopping and drained
      std::shared_ptr<Context> context = std::move(s.ready.front());
      s.ready.pop_front();
      ++s.running;
      lock.unlock();
      bool more = context->RunNext(&pool_);
      lock.lock();
      --s.running;
      if (more) s.ready.push_back(std::move(context));
      if (s.ready.empty() && s.running == 0) s.idle.notify_all();
    }
  });
}

Executor::~Executor() {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->stopping = true;
  }
  state_->work.notify_all();
  state_->thread.join();
}

void Executor::MakeReady(std::shared_ptr<Context> context) {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->ready.push_back(std::move(context));
  }
  state_->work.notify_one();
}

void Executor::Flush() {
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->idle.wait(lock, [&] { return state_->ready.empty() && state_->running == 0; });
}

#else
struct Executor::State {};
Executor::Executor(size_t num_threads) : pool_(1) {}
Executor::~Executor() = default;
void Executor::MakeReady(std::shared_ptr<Context>) {}
void Executor::Flush() {}
#endif

}  // namespace webnn::runtime
