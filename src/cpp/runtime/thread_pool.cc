#include "runtime/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <utility>

#if WEBNN_THREADS
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/clock.h"
#include "runtime/spin_policy.h"
#endif

namespace webnn::runtime {

#if WEBNN_THREADS
// Workers sleep on `wake` until `generation` changes; if the job is still `open` they enter it and take
// task indices until none are left. Tasks are claimed one at a time so that uneven tiles (edges, cache
// misses) balance themselves, first from the thread's own share of the index range (`slots`: the caller
// has the first, worker w the w-th), then from the others': consecutive loops over the same rows give a
// thread the same rows, so what one operator wrote is in that core's cache when the next one reads it.
//
// The caller never waits for a worker to wake up: waking a parked thread takes 17-130 us here, longer
// than many operators run. After draining the tasks itself it closes the job and waits only for the
// workers that entered it (`inside`) to finish the tasks they claimed; a worker that wakes after that
// finds the job closed and parks again.
//
// Between jobs a worker first spins, watching `generation`, and only then parks: a graph's operators follow
// each other within microseconds, so the next job usually finds it awake, with no wake-up to pay. How long
// is SpinPolicy's call (spin_policy.h): up to 2 ms inside a graph's run, 0.05 ms otherwise. Bounded, so an
// idle pool costs no CPU; the caller notifies only when some worker is parked.
struct ThreadPool::State {
  std::mutex mutex;
  std::condition_variable wake;
  std::condition_variable done;
  std::atomic<uint64_t> generation{0};  // written under `mutex`; read without it by spinning workers
  std::atomic<uint32_t> burst{0};  // the running burst's number, 0 between bursts
  size_t parked = 0;
  bool stopping = false;
  bool open = false;
  const std::function<void(size_t)>* task = nullptr;
  // One share of the job's task indices per thread, [next, end) while unclaimed; a cache line each.
  struct alignas(64) Slot {
    std::atomic<size_t> next{0};
    size_t end = 0;
  };
  std::vector<Slot> slots;  // num_threads of them
  uint32_t bursts = 0;       // BeginBurst's count (the caller's thread only); `burst` publishes it
  size_t inside = 0;
  std::vector<std::thread> workers;
  // Profiling of the current job (under `mutex`): tasks the workers ran, when the first one entered.
  uint64_t worker_tasks = 0;
  double first_entry_ms = -1;

  // An exception (std::bad_alloc: the only one the code throws) must not leave a worker thread, which
  // would terminate the module: the first one is kept and rethrown on the caller after the join.
  std::exception_ptr failure;
  // Shares `tasks` indices out in order: thread t's share is [tasks t / T, tasks (t + 1) / T).
  void Share(size_t tasks) {
    const auto bound = [&](size_t t) { return static_cast<size_t>(uint64_t{tasks} * t / slots.size()); };  // no 32-bit wrap
    for (size_t t = 0; t < slots.size(); ++t) {
      slots[t].end = bound(t + 1);
      slots[t].next.store(bound(t), std::memory_order_relaxed);
    }
  }
  // Runs tasks until none are left, its own share first (thread `self`: 0 the caller, w worker w);
  // returns how many this thread ran.
  uint64_t Drain(size_t self) {
    uint64_t ran = 0;
    try {
      for (size_t k = 0; k < slots.size(); ++k) {
        Slot& slot = slots[(self + k) % slots.size()];
        for (size_t i; (i = slot.next.fetch_add(1, std::memory_order_relaxed)) < slot.end; ++ran) (*task)(i);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      for (Slot& slot : slots) slot.next.store(slot.end, std::memory_order_relaxed);  // the others stop
    }
    return ran;
  }
};

#else
struct ThreadPool::State {};
#endif

ThreadPool::ThreadPool(size_t num_threads) : num_threads_(std::max<size_t>(1, num_threads)) {
#if WEBNN_THREADS
  state_ = std::make_unique<State>();
  state_->slots = std::vector<State::Slot>(num_threads_);
  for (size_t t = 1; t < num_threads_; ++t) {
    state_->workers.emplace_back([s = state_.get(), self = t] {
      uint64_t seen = 0;
      SpinPolicy policy;
      std::unique_lock<std::mutex> lock(s->mutex);
      for (;;) {
        lock.unlock();
        for (double start = NowMs(), last = start; s->generation.load(std::memory_order_acquire) == seen;) {
          const double now = NowMs();
          const double limit = policy.LimitMs(s->burst.load(std::memory_order_relaxed), now - last);
          last = now;
          if (now - start >= limit) break;
        }
        lock.lock();
        if (!s->stopping && s->generation.load(std::memory_order_relaxed) == seen) {
          ++s->parked;
          s->wake.wait(lock, [&] { return s->stopping || s->generation.load(std::memory_order_relaxed) != seen; });
          --s->parked;
        }
        if (s->stopping) return;
        seen = s->generation.load(std::memory_order_relaxed);
        // No job open: woken too late (the caller has already finished it), or ahead of one (BeginBurst).
        if (!s->open) continue;
        ++s->inside;
        if (s->first_entry_ms < 0) s->first_entry_ms = NowMs();
        lock.unlock();
        const uint64_t ran = s->Drain(self);
        lock.lock();
        s->worker_tasks += ran;
        if (--s->inside == 0 && !s->open) s->done.notify_one();
      }
    });
  }
#else
  num_threads_ = 1;
#endif
}

ThreadPool::~ThreadPool() {
#if WEBNN_THREADS
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->stopping = true;
  }
  state_->wake.notify_all();
  for (auto& w : state_->workers) w.join();
#endif
}

void ThreadPool::RunTasks(size_t tasks, const std::function<void(size_t)>& task) {
  if (tasks == 0) return;
#if WEBNN_THREADS
  if (num_threads_ > 1 && tasks > 1) {
    State& s = *state_;
    size_t parked;
    // Taken before the job is published: a spinning worker may enter it before this thread reads the clock
    // again (the profile's wake-up wait came out negative then).
    const double start = NowMs();
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      s.task = &task;
      s.Share(tasks);
      s.open = true;
      s.worker_tasks = 0;
      s.first_entry_ms = -1;
      s.generation.fetch_add(1, std::memory_order_release);
      parked = s.parked;
    }
    if (parked) s.wake.notify_all();
    s.Drain(0);
    const double drained = NowMs();
    std::unique_lock<std::mutex> lock(s.mutex);
    s.open = false;
    s.done.wait(lock, [&] { return s.inside == 0; });
    ++stats_.jobs;
    stats_.tasks += tasks;
    stats_.worker_tasks += s.worker_tasks;
    if (s.first_entry_ms < 0) {
      ++stats_.missed_jobs;
    } else {
      // Threads read their clocks through separate timers (Web Workers), which emscripten aligns only
      // approximately: a worker that entered at once can read a hair before `start`.
      stats_.wake_ms += std::max(0.0, s.first_entry_ms - start);
      stats_.join_ms += NowMs() - drained;
    }
    s.task = nullptr;
    if (s.failure) std::rethrow_exception(std::exchange(s.failure, nullptr));
    return;
  }
#endif
  for (size_t i = 0; i < tasks; ++i) task(i);
}

ThreadPool::Stats ThreadPool::TakeStats() { return std::exchange(stats_, Stats{}); }

void ThreadPool::BeginBurst() {
#if WEBNN_THREADS
  if (num_threads_ == 1) return;
  State& s = *state_;
  if (++s.bursts == 0) s.bursts = 1;  // 0 means "no burst"
  s.burst.store(s.bursts, std::memory_order_relaxed);
  bool notify;
  {
    // A new generation with no job open: workers wake (or stop spinning), find nothing and spin again.
    std::lock_guard<std::mutex> lock(s.mutex);
    s.generation.fetch_add(1, std::memory_order_release);
    notify = s.parked != 0;
  }
  if (notify) s.wake.notify_all();
#endif
}

void ThreadPool::EndBurst() {
#if WEBNN_THREADS
  if (num_threads_ == 1) return;
  state_->burst.store(0, std::memory_order_relaxed);
#endif
}

void ThreadPool::Parallelize1DTile1D(size_t range, size_t tile, const std::function<void(size_t, size_t)>& fn) {
  tile = std::max<size_t>(1, tile);
  size_t tiles = (range + tile - 1) / tile;
  RunTasks(tiles, [&](size_t t) {
    size_t start = t * tile;
    fn(start, std::min(tile, range - start));
  });
}

void ThreadPool::Parallelize2DTile2D(size_t range_i, size_t range_j, size_t tile_i, size_t tile_j,
                                     const std::function<void(size_t, size_t, size_t, size_t)>& fn) {
  tile_i = std::max<size_t>(1, tile_i);
  tile_j = std::max<size_t>(1, tile_j);
  size_t tiles_i = (range_i + tile_i - 1) / tile_i;
  size_t tiles_j = (range_j + tile_j - 1) / tile_j;
  RunTasks(tiles_i * tiles_j, [&](size_t t) {
    size_t i = (t / tiles_j) * tile_i;
    size_t j = (t % tiles_j) * tile_j;
    fn(i, j, std::min(tile_i, range_i - i), std::min(tile_j, range_j - j));
  });
}

}  // namespace webnn::runtime
