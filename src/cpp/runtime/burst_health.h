// Whether a thread pool's workers should spin through the next burst of parallel loops (a graph's run)
// or park between loops as between graphs, from how the last spinning bursts went.
//
// Spinning through a burst keeps a worker from parking during a graph's serial steps, which made 2 threads
// 1.1-1.3x faster after idle pauses (thread_pool.cc). But a spinning worker takes CPU from the thread it
// waits for when the two share a core because another process holds the other: with one core busy, 2
// threads then ran 1.3-1.7x *slower* than 1. Such a burst shows in loops that the caller finished before
// any worker entered them (a spinning worker enters within microseconds; one that has lost its core comes
// after milliseconds or not at all): squeezenet1_1 and transformer_encoder missed 37-69% of their loops
// then, none on a quiet host. So after more than a quarter missed, the next burst, then 2, 4, ... up to
// kMaxCalmBursts do without the long spin before it is tried again; a burst that goes well resets the
// count. Missed loops, not entry times: threads' clocks are aligned only approximately (Web Workers).
// A loop shorter than kShortLoopMs that no worker entered says nothing (the caller may drain a few tiny
// tasks before a spinning worker sees them: a transformer's 20-40 us binaries in Chromium), so it is not
// counted.
#pragma once

#include <cstdint>

namespace webnn::runtime {

class BurstHealth {
 public:
  static constexpr uint32_t kMaxCalmBursts = 64;
  static constexpr double kShortLoopMs = 0.1;

  // Starts a burst; returns whether its workers spin between loops.
  bool Begin();
  // One loop of the burst: whether a worker entered it before the caller had finished it, and how long
  // the caller took to drain its tasks (its own clock).
  void Record(bool entered, double caller_ms);
  void End();

 private:
  bool spinning_ = false;
  bool entered_ = false;      // a worker has entered one of this burst's loops
  uint32_t unentered_ = 0;    // loops before that, which no worker entered
  uint32_t jobs_ = 0;         // loops since then
  uint32_t missed_ = 0;       // of which no worker entered
  uint32_t calm_left_ = 0;    // bursts left before spinning is tried again
  uint32_t calm_bursts_ = 1;  // how many the next contended burst buys
};

}  // namespace webnn::runtime
