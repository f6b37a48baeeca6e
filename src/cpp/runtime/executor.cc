#include "runtime/executor.h"

#include "runtime/context.h"

#if WEBNN_THREADS
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace webnn::runtime {

#if WEBNN_THREADS
// Two executor threads: one context's long step (a large dispatch or build) does not hold up the
// others. A context is in `ready` at most once and is run by one executor at a time, so its own steps
// stay in order. The compute pool is not re-entrant: the executor that holds `pool_lease` uses it, and
// a step that starts while the other one does runs on a single thread (`solo`).
constexpr size_t kExecutorThreads = 2;

struct Executor::State {
  std::mutex mutex;
  std::condition_variable work;
  std::condition_variable idle;
  std::deque<std::shared_ptr<Context>> ready;
  size_t running = 0;
  bool stopping = false;
  std::vector<std::thread> threads;
  std::mutex pool_lease;
  ThreadPool solo{1};  // no workers: runs every loop inline, so sharing it needs no lock
};

Executor::Executor(size_t num_threads) : pool_(num_threads), state_(std::make_unique<State>()) {
  for (size_t t = 0; t < kExecutorThreads; ++t) {
    state_->threads.emplace_back([this] {
      State& s = *state_;
      std::unique_lock<std::mutex> lock(s.mutex);
      for (;;) {
        s.work.wait(lock, [&] { return s.stopping || !s.ready.empty(); });
        if (s.ready.empty()) return;  // stopping and drained
        std::shared_ptr<Context> context = std::move(s.ready.front());
        s.ready.pop_front();
        ++s.running;
        lock.unlock();
        bool more;
        {
          std::unique_lock<std::mutex> lease(s.pool_lease, std::try_to_lock);
          more = context->RunNext(lease.owns_lock() ? &pool_ : &s.solo);
        }
        lock.lock();
        --s.running;
        if (more) {
          s.ready.push_back(std::move(context));
          s.work.notify_one();
        }
        if (s.ready.empty() && s.running == 0) s.idle.notify_all();
      }
    });
  }
}

Executor::~Executor() {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->stopping = true;
  }
  state_->work.notify_all();
  for (auto& t : state_->threads) t.join();
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
