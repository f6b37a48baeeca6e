// Liveness-based arena planning: every internal value gets an offset in one arena such that values
// alive at the same step never overlap (greedy by size, as TFLite's arena planner does).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace webnn::compiler {

// Sizes and offsets are 64-bit: on wasm32 a size_t sum of a few large live values would wrap, and a
// wrapped arena size is a heap overflow at run time. The caller rejects plans that do not fit.
struct Lifetime {
  uint64_t bytes = 0;
  uint32_t first = 0;  // index of the step that writes it
  uint32_t last = 0;   // index of the last step that reads it
};

struct MemoryPlan {
  std::vector<uint64_t> offsets;  // per lifetime
  uint64_t arena_bytes = 0;
};

MemoryPlan PlanMemory(const std::vector<Lifetime>& lifetimes, size_t alignment = 64);

}  // namespace webnn::compiler
