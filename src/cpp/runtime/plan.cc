#include "runtime/plan.h"

namespace webnn::runtime {

uint8_t* ExecContext::Ptr(const TensorRef& ref) const {
  switch (ref.space) {
    case TensorRef::Space::kArena:
      return arena + ref.offset;
    case TensorRef::Space::kConstant:
      return (*constants)[ref.index]->data() + ref.offset;
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

void Plan::Run(void* const* in, void* const* out, ThreadPool* pool) const {
  ExecContext ctx;
  ctx.arena = arena_ ? arena_->data() : nullptr;
  ctx.constants = &constants;
  ctx.inputs = in;
  ctx.outputs = out;
  ctx.pool = pool;
  for (const auto& step : steps) step->Run(ctx);
}

}  // namespace webnn::runtime
