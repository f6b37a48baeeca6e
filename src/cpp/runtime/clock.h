// The one clock of the runtime's spin loops and pool statistics: steady milliseconds as a double, so a
// spin bound and a measured wait are compared in the same unit. Per thread only: Web Workers' clocks
// are aligned only approximately (see spin_policy.h), so never subtract two threads' readings.
#pragma once

#include <chrono>

namespace webnn::runtime {

inline double NowMs() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace webnn::runtime
