#include "runtime/plan.h"

#ifdef WEBNN_PROFILE_STEPS
#include <emscripten.h>

#include <cstdio>
#include <map>
#include <string>
#endif

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
#ifdef WEBNN_PROFILE_STEPS
  // Developer aid (configure with -DCMAKE_CXX_FLAGS=-DWEBNN_PROFILE_STEPS): time per step kind.
  std::map<std::string, std::pair<double, int>> times;
  for (const auto& step : steps) {
    double t0 = emscripten_get_now();
    step->Run(ctx);
    auto& entry = times[step->name()];
    entry.first += emscripten_get_now() - t0;
    ++entry.second;
  }
  for (const auto& [name, t] : times) std::fprintf(stderr, "  %-24s %3d steps %8.3f ms\n", name.c_str(), t.second, t.first);
#else
  for (const auto& step : steps) step->Run(ctx);
#endif
}

}  // namespace webnn::runtime
