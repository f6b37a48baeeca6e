#include "runtime/burst_health.h"

#include <algorithm>

namespace webnn::runtime {

bool BurstHealth::Begin() {
  spinning_ = calm_left_ == 0;
  if (!spinning_) --calm_left_;
  jobs_ = missed_ = unentered_ = 0;
  entered_ = false;
  return spinning_;
}

void BurstHealth::Record(bool entered, double caller_ms) {
  if (!spinning_ || (!entered && caller_ms < kShortLoopMs)) return;
  // Loops before the worker's first entry are counted apart: it was parked when the burst began, and a
  // wake-up takes 0.02-0.1 ms even when a core is free.
  if (!entered_) {
    unentered_ += !entered;
    entered_ = entered;
    return;
  }
  ++jobs_;
  missed_ += !entered;
}

void BurstHealth::End() {
  if (!spinning_) return;
  spinning_ = false;
  const bool contended = entered_ ? jobs_ >= 4 && 4 * missed_ > jobs_ : unentered_ >= 8;
  if (contended) {
    calm_left_ = calm_bursts_;
    calm_bursts_ = std::min(2 * calm_bursts_, kMaxCalmBursts);
  } else if (entered_) {
    calm_bursts_ = 1;
  }
}

}  // namespace webnn::runtime
