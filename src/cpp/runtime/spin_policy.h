// How long one pool worker spins for the next parallel loop before it parks (thread_pool.cc), from the
// burst running (BeginBurst .. EndBurst: one graph's run; 0 between runs) and the gap since the worker's
// last look at its clock.
//
// Between runs: kSpinMs, so an idle pool costs no CPU. Inside a run: kBurstSpinMs, because a graph's
// serial steps (a transformer's slices, transposes and small binaries) add up to more than kSpinMs between
// two loops, and a worker parked mid-graph missed the loops after them. Chromium, 2 threads after 50 ms
// pauses, our time / onnxruntime-web's: squeezenet1_1 0.90 -> 0.66, transformer_encoder 0.86 -> 0.65,
// mobilenet_v2 0.63 -> 0.59, efficientnet_b0 0.70 -> 0.53.
//
// But a spinning worker takes CPU from the thread it waits for when the two share a core because another
// process holds the other: with one core busy, always spinning through runs made 2 threads 1.4-1.7x slower
// than 1 (Chromium). So a worker that sees itself preempted while spinning (a gap of kPreemptedMs between
// two looks at its clock) spins short for the rest of that run and for the next 1, 2, 4, ... up to
// kMaxCalmBursts runs (a preemption shows only a time slice, ~3 ms, into a run); a run spun through without
// one starts the count over. With one core busy, 2 threads are then 1.08-1.14x slower than 1 (Chromium;
// onnxruntime-web's 2 threads: 1.3-1.9x slower than its 1), and in Node as fast as with the short spin
// alone. Its own clock only: threads' clocks are aligned only approximately (Web Workers), and a judgement
// on the caller's side from the loops the workers missed also fired on quiet hosts in Chromium.
#pragma once

#include <algorithm>
#include <cstdint>

namespace webnn::runtime {

class SpinPolicy {
 public:
  static constexpr double kSpinMs = 0.05;
  static constexpr double kBurstSpinMs = 2.0;
  static constexpr double kPreemptedMs = 0.5;
  static constexpr uint32_t kMaxCalmBursts = 16;

  double LimitMs(uint32_t burst, double gap_ms) {
    if (burst == 0) return kSpinMs;
    if (burst != current_) {
      if (spun_ && !short_) calm_bursts_ = 1;
      current_ = burst;
      spun_ = short_ = false;
    }
    if (!spun_ && calm_left_ != 0) {
      --calm_left_;
      short_ = true;
    }
    if (!short_ && gap_ms > kPreemptedMs) {
      short_ = true;
      calm_left_ = calm_bursts_;
      calm_bursts_ = std::min(2 * calm_bursts_, kMaxCalmBursts);
    }
    spun_ = true;
    return short_ ? kSpinMs : kBurstSpinMs;
  }

 private:
  uint32_t current_ = 0;      // the burst the last call saw
  bool spun_ = false;         // this burst has asked for a limit
  bool short_ = false;        // this burst spins short (preempted in it, or a calm one)
  uint32_t calm_left_ = 0;    // bursts to come that spin short
  uint32_t calm_bursts_ = 1;  // how many the next preemption buys
};

}  // namespace webnn::runtime
