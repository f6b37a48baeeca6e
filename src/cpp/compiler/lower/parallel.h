// Splits `rows` rows of `row_cost` elements into tasks of at least ~16K elements for the pool (or runs
// inline without one), so small tensors do not pay for waking workers.
#pragma once

#include <algorithm>
#include <cstdint>

#include "runtime/thread_pool.h"

namespace webnn::compiler {

template <typename Fn>
void ParallelRows(runtime::ThreadPool* pool, uint64_t rows, uint64_t row_cost, Fn&& fn) {
  constexpr uint64_t kMinTaskCost = 16384;
  uint64_t cost = std::max<uint64_t>(1, row_cost) * rows;
  if (!pool || pool->num_threads() == 1 || cost < 2 * kMinTaskCost || rows < 2) {
    fn(uint64_t{0}, rows);
    return;
  }
  uint64_t tasks = std::min<uint64_t>(rows, std::max<uint64_t>(pool->num_threads() * 4, cost / kMinTaskCost));
  tasks = std::min<uint64_t>(tasks, pool->num_threads() * 8);
  uint64_t tile = (rows + tasks - 1) / tasks;
  pool->Parallelize1DTile1D(rows, tile, [&](size_t start, size_t count) { fn(start, start + count); });
}

}  // namespace webnn::compiler
