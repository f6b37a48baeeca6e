// A built MLGraph as the runtime holds it: the plan the compiler made and the context it belongs to.
// `destroyed` is the state the JS thread sees at once (dispatch validation reads it); the plan itself is
// released by the timeline step that destroy() queues, so dispatches queued before it still run.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "runtime/plan.h"

namespace webnn::runtime {

struct CompiledGraph {
  uint32_t context_id = 0;
  std::unique_ptr<Plan> plan;
  std::atomic<bool> destroyed{false};
  // Single-threaded milliseconds of the last run (its time times the threads it ran on; NaN before the
  // first): whether the next dispatch may run inline (Executor::MayRunInline).
  std::atomic<double> last_run_cost_ms{__builtin_nan("")};
};

}  // namespace webnn::runtime
