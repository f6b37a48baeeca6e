#include "compiler/memory_planner.h"

#include <algorithm>
#include <numeric>

namespace webnn::compiler {

MemoryPlan PlanMemory(const std::vector<Lifetime>& lifetimes, size_t alignment) {
  MemoryPlan plan;
  plan.offsets.assign(lifetimes.size(), 0);
  std::vector<size_t> order(lifetimes.size());
  std::iota(order.begin(), order.end(), 0);
  // Largest first; ties by first use, so the result does not depend on sort stability.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (lifetimes[a].bytes != lifetimes[b].bytes) return lifetimes[a].bytes > lifetimes[b].bytes;
    return a < b;
  });
  std::vector<size_t> placed;
  for (size_t id : order) {
    const Lifetime& l = lifetimes[id];
    uint64_t bytes = (l.bytes + alignment - 1) / alignment * alignment;
    // Intervals of already placed values that overlap in time, by offset.
    std::vector<std::pair<uint64_t, uint64_t>> busy;
    for (size_t other : placed) {
      const Lifetime& o = lifetimes[other];
      if (o.last < l.first || l.last < o.first) continue;
      busy.push_back({plan.offsets[other], plan.offsets[other] + (o.bytes + alignment - 1) / alignment * alignment});
    }
    std::sort(busy.begin(), busy.end());
    // Smallest gap that fits (best fit), else after the last one.
    uint64_t best = UINT64_MAX, best_gap = UINT64_MAX, cursor = 0;
    for (auto [begin, end] : busy) {
      if (begin >= cursor && begin - cursor >= bytes && begin - cursor < best_gap) {
        best = cursor;
        best_gap = begin - cursor;
      }
      cursor = std::max(cursor, end);
    }
    if (best == UINT64_MAX) best = cursor;
    plan.offsets[id] = best;
    plan.arena_bytes = std::max(plan.arena_bytes, best + bytes);
    placed.push_back(id);
  }
  return plan;
}

}  // namespace webnn::compiler
