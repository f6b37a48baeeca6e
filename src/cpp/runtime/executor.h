// The device every context's timeline runs on. Threaded build: two executor threads take one step at a
// time from the contexts that have work, round-robin, so a context with a long backlog delays the others
// by at most one of its steps and one long step (a big dispatch or build) delays them not at all; the
// compute pool goes to one executor at a time (the other runs its step on one thread). A context that
// fails or is destroyed drops only its own queue. Single-threaded build: steps run inline when queued.
#pragma once

#include <cstddef>
#include <memory>

#include "runtime/thread_pool.h"

namespace webnn::runtime {

class Context;

class Executor {
 public:
  // `num_threads` sizes the compute pool (1 = no workers); the executor thread that holds it is one of them.
  explicit Executor(size_t num_threads);
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  size_t num_threads() const { return pool_.num_threads(); }
  ThreadPool* pool() { return &pool_; }
  // Blocks until no context has queued work (tests only; never on a browser main thread).
  void Flush();

 private:
  friend class Context;
  // Called by a context whose queue became non-empty (threaded build).
  void MakeReady(std::shared_ptr<Context> context);

  ThreadPool pool_;
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace webnn::runtime
