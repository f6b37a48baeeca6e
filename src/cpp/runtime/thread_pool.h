// Our pthreadpool: a fixed set of workers parked on a condition variable between graph runs (never
// spinning while idle), 1-D and 2-D tiled parallel loops in which the calling thread takes part. Without
// WEBNN_THREADS, or with one thread, every loop runs inline on the caller.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

namespace webnn::runtime {

class ThreadPool {
 public:
  // `num_threads` counts the caller: 1 means no workers.
  explicit ThreadPool(size_t num_threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  size_t num_threads() const { return num_threads_; }

  // What the parallel loops since the last TakeStats() cost, for the profiler. Only the thread that runs
  // the loops may call it.
  struct Stats {
    uint64_t jobs = 0;          // parallel loops handed to the workers
    uint64_t tasks = 0;         // their tasks, in all
    uint64_t worker_tasks = 0;  // of which the workers ran (the rest ran on the caller)
    uint64_t missed_jobs = 0;   // loops the caller finished before any worker woke
    double wake_ms = 0;         // summed over jobs: from the wake-up call to the first worker's entry
    double join_ms = 0;         // summed over jobs: the caller waiting for workers after its last task
  };
  Stats TakeStats();

  // Wakes the parked workers ahead of a burst of parallel loops (a graph's run), so that their wake-up
  // overlaps the serial work before the first loop instead of making the first loops run without them:
  // after a 50 ms idle gap, 2 threads on squeezenet1_1 missed up to 12 of 29 loops and waited up to 7.7 ms
  // for wake-ups; woken ahead, 0-2 loops and ~0.02 ms (median run 22.3 -> 19.3 ms, Node). Until EndBurst
  // a worker waits for the next loop spinning (up to 2 ms, spin_policy.h) rather than parking;
  // after it, workers spin 0.05 ms and park, as between graphs. Only the thread that runs the loops calls
  // these.
  void BeginBurst();
  void EndBurst();
  // BeginBurst for a scope, EndBurst however it is left.
  class Burst {
   public:
    explicit Burst(ThreadPool* pool) : pool_(pool) { pool_->BeginBurst(); }
    ~Burst() { pool_->EndBurst(); }
    Burst(const Burst&) = delete;
    Burst& operator=(const Burst&) = delete;

   private:
    ThreadPool* pool_;
  };

  // fn(start, count) for tiles of `tile` items covering [0, range).
  void Parallelize1DTile1D(size_t range, size_t tile, const std::function<void(size_t, size_t)>& fn);
  // fn(i, j, count_i, count_j) for tiles covering [0, range_i) x [0, range_j).
  void Parallelize2DTile2D(size_t range_i, size_t range_j, size_t tile_i, size_t tile_j,
                           const std::function<void(size_t, size_t, size_t, size_t)>& fn);

 private:
  struct State;
  void RunTasks(size_t tasks, const std::function<void(size_t)>& task);

  size_t num_threads_;
  std::unique_ptr<State> state_;
  Stats stats_;
};

}  // namespace webnn::runtime
