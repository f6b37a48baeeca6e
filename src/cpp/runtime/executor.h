// The device every context's timeline runs on. Threaded build: two executor threads take one step at a
// time from the contexts that have work, round-robin, so a context with a long backlog delays the others
// by at most one of its steps and one long step (a big dispatch or build) delays them not at all; the
// compute pool goes to one executor at a time (the other runs its step on one thread). A context that
// fails or is destroyed drops only its own queue. Single-threaded build: steps run inline when queued.
// Threaded build: a cheap step that finds its context's timeline idle runs inline too, on the JS thread
// (see MayRunInline).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "runtime/thread_pool.h"

namespace webnn::runtime {

class Context;

class Executor {
 public:
  // `num_threads` sizes the compute pool (1 = no workers); the executor thread that holds it is one of them.
  // `inline_step_ms`: see MayRunInline (0: no step runs inline in the threaded build).
  explicit Executor(size_t num_threads, double inline_step_ms = kDefaultInlineStepMs);
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  size_t num_threads() const { return pool_.num_threads(); }
  ThreadPool* pool() { return &pool_; }
  // Blocks until no context has queued work (tests only; never on a browser main thread).
  void Flush();

  // Inline steps (JS thread only; what follows is measured and decided there). A memory-bound operator
  // computed on an executor core and read on the JS thread's costs the hop and the move of its output's
  // cache lines between cores: in the kernel bench (1 thread, our time / XNNPACK's on the caller's thread,
  // medians of two alternating runs each) add 1M 1.77, 1.65 -> 1.47, 1.29 inline, softmax 128x1024 1.91,
  // 1.70 -> 1.22, 1.39, averagePool2d 1.12, 1.26 -> 0.81, 1.07, layerNormalization 0.86, 0.75 -> 0.55, 0.46.
  // So a step whose timeline is idle runs on the caller when its cost (`cost_ms`: single-threaded
  // milliseconds, measured on its last run) is at most inline_step_ms and the JS thread's inline debt
  // allows it: each inline run adds its time, wall time pays it off at half speed, and no inline run
  // starts above kInlineDebtMs. So a loop of dispatches that never yields blocks the JS thread for at most
  // ~kInlineDebtMs + inline_step_ms before the rest go to the executor, and inline work takes at most half
  // of the JS thread's time in the long run. A 1-op graph's round trip gains nothing (10-11 us either way:
  // the executor spins for work); a model's dispatch (milliseconds) never runs inline.
  // With a pool of more than one thread the bound is inline_step_ms * kInlineShareWithWorkers (0.2 ms by
  // default, single-threaded): a graph of 1 ms on two threads would take 2 ms inline.
  static constexpr double kDefaultInlineStepMs = 2.0, kInlineDebtMs = 4.0, kInlineShareWithWorkers = 0.1;
  bool MayRunInline(double cost_ms);
  void RanInline(double ms);
  // The inline debt now (after its pay-off by wall time), and its reset when the JS thread's event loop has
  // turned. A read that completed inline and finds a turn due settles after a task of the event loop instead
  // of a microtask (MLContext.readTensor), so a loop of dispatch + await read lets the page run between its
  // steps and keeps running them inline; without that it would reach the debt and send every other step to
  // the executor (softmax 128x1024 in the kernel bench: one in five; conv2d 1x1 28²x128->256: two in five),
  // each paying the hop and the move of its output between cores. A turn is due past half of kInlineDebtMs:
  // one inline step (at most kDefaultInlineStepMs) short of the bound, so the dispatch and the read before the
  // turn still run inline.
  double InlineDebtMs();
  bool EventLoopTurnDue() { return InlineDebtMs() > 0.5 * kInlineDebtMs; }
  void EventLoopTurned() { inline_debt_ms_ = 0; }
  uint64_t inline_runs_for_testing() const { return inline_runs_; }
  // The pool an inline step runs on: one thread, the caller's.
  ThreadPool* inline_pool();

 private:
  friend class Context;
  // Called by a context whose queue became non-empty (threaded build).
  void MakeReady(std::shared_ptr<Context> context);

  ThreadPool pool_;
  const double inline_step_ms_;
  double inline_debt_ms_ = 0;  // JS thread only
  double inline_debt_at_ = 0;  // NowMs() when inline_debt_ms_ was last brought up to date
  uint64_t inline_runs_ = 0;
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace webnn::runtime
