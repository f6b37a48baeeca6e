#include "runtime/plan.h"

#include <chrono>

namespace webnn::runtime {

uint8_t* ExecContext::Ptr(const TensorRef& ref) const {
  switch (ref.space) {
    case TensorRef::Space::kArena:
      return arena + ref.offset;
    case TensorRef::Space::kConstant: {
      // Null when the compiler dropped it (a step consumed it at build): such a ref is never read.
      const std::shared_ptr<Buffer>& c = (*constants)[ref.index];
      return c ? c->data() + ref.offset : nullptr;
    }
    case TensorRef::Space::kInput:
      return static_cast<uint8_t*>(inputs[ref.index]) + ref.offset;
    case TensorRef::Space::kOutput:
      return static_cast<uint8_t*>(outputs[ref.index]) + ref.offset;
  }
  return nullptr;
}

Status Plan::Prepare() {
  ASSIGN_OR_RETURN(arena_, Buffer::Allocate(arena_bytes));
  return Status::Ok();
}

void Plan::Run(void* const* in, void* const* out, ThreadPool* pool, std::vector<StepProfile>* profile) const {
  ExecContext ctx;
  ctx.arena = arena_ ? arena_->data() : nullptr;
  ctx.scratch = ctx.arena ? ctx.arena + scratch_offset : nullptr;
  ctx.constants = &constants;
  ctx.inputs = in;
  ctx.outputs = out;
  ctx.pool = pool;
  if (!profile) {
    for (const auto& step : steps) step->Run(ctx);
    return;
  }
  using Clock = std::chrono::steady_clock;
  if (pool) pool->TakeStats();
  for (const auto& step : steps) {
    const auto t0 = Clock::now();
    step->Run(ctx);
    const auto t1 = Clock::now();
    profile->push_back({step->name(), std::chrono::duration<double, std::milli>(t1 - t0).count(), step->macs(),
                        pool ? pool->TakeStats() : ThreadPool::Stats{}});
  }
}

}  // namespace webnn::runtime
