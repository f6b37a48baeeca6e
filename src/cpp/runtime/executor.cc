#include "runtime/executor.h"

#include <algorithm>

#include "runtime/clock.h"
#include "runtime/context.h"

#if WEBNN_THREADS
#include <atomic>
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

// An executor that runs out of work spins this long for more before it parks: a page that awaits a read
// and dispatches again (a framework's next inference, a loop of small graphs) comes back within it, and
// waking a parked thread costs tens of microseconds on a virtual machine (an interrupt to a halted core).
// One executor spins at a time; bounded, so an idle runtime costs no CPU.
constexpr double kIdleSpinMs = 0.1;

struct Executor::State {
  std::mutex mutex;
  std::condition_variable work;
  std::condition_variable idle;
  std::deque<std::shared_ptr<Context>> ready;
  std::atomic<size_t> ready_count{0};  // ready.size(), read without the lock by the spinning executor
  bool spinning = false;               // an executor spins for work (written under `mutex`)
  size_t running = 0;
  bool stopping = false;
  std::vector<std::thread> threads;
  std::mutex pool_lease;
  ThreadPool solo{1};  // no workers: runs every loop inline, so sharing it needs no lock
};

Executor::Executor(size_t num_threads, double inline_step_ms)
    : pool_(num_threads), inline_step_ms_(inline_step_ms), state_(std::make_unique<State>()) {
  for (size_t t = 0; t < kExecutorThreads; ++t) {
    state_->threads.emplace_back([this] {
      State& s = *state_;
      std::unique_lock<std::mutex> lock(s.mutex);
      for (;;) {
        if (s.ready.empty() && !s.stopping && !s.spinning) {
          s.spinning = true;
          lock.unlock();
          for (const double start = NowMs();
               s.ready_count.load(std::memory_order_acquire) == 0 && NowMs() - start < kIdleSpinMs;) {
          }
          lock.lock();
          s.spinning = false;  // under the lock: MakeReady, which skipped its notify, pushed before this
        }
        s.work.wait(lock, [&] { return s.stopping || !s.ready.empty(); });
        if (s.ready.empty()) return;  // stopping and drained
        std::shared_ptr<Context> context = std::move(s.ready.front());
        s.ready.pop_front();
        s.ready_count.store(s.ready.size(), std::memory_order_relaxed);
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
          s.ready_count.store(s.ready.size(), std::memory_order_release);
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
  State& s = *state_;
  bool taken_by_spinner;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.ready.push_back(std::move(context));
    s.ready_count.store(s.ready.size(), std::memory_order_release);
    // The spinning executor takes the first ready context without a wake-up; a second one wakes the other.
    taken_by_spinner = s.spinning && s.ready.size() == 1;
  }
  if (!taken_by_spinner) s.work.notify_one();
}

ThreadPool* Executor::inline_pool() { return &state_->solo; }

void Executor::Flush() {
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->idle.wait(lock, [&] { return state_->ready.empty() && state_->running == 0; });
}

#else
struct Executor::State {};
ThreadPool* Executor::inline_pool() { return &pool_; }
Executor::Executor(size_t, double inline_step_ms) : pool_(1), inline_step_ms_(inline_step_ms) {}
Executor::~Executor() = default;
void Executor::MakeReady(std::shared_ptr<Context>) {}
void Executor::Flush() {}
#endif

bool Executor::MayRunInline(double cost_ms) {
  // With workers, a step worth splitting runs faster on the pool than inline on one thread: only the small
  // ones, whose hop to the executor weighs most, run inline.
  const double bound = pool_.num_threads() > 1 ? inline_step_ms_ * kInlineShareWithWorkers : inline_step_ms_;
  if (!(cost_ms <= bound) || bound <= 0) return false;  // cost NaN: never measured
  return InlineDebtMs() <= kInlineDebtMs;
}

double Executor::InlineDebtMs() {
  const double now = NowMs();
  inline_debt_ms_ = std::max(0.0, inline_debt_ms_ - 0.5 * (now - inline_debt_at_));
  inline_debt_at_ = now;
  return inline_debt_ms_;
}

void Executor::RanInline(double ms) {
  inline_debt_ms_ += ms;
  ++inline_runs_;
}

}  // namespace webnn::runtime
