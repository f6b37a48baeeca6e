// Splits `rows` rows of `row_cost` elements into tasks of at least ~16K elements for the pool (or runs
// inline without one), so small tensors do not pay for waking workers; at most `max_tasks_per_thread` tasks per
// thread.
#pragma once

#include <algorithm>
#include <cstdint>

#include "runtime/buffer.h"
#include "runtime/thread_pool.h"

namespace webnn::compiler {

template <typename Fn>
void ParallelRows(runtime::ThreadPool* pool, uint64_t rows, uint64_t row_cost, Fn&& fn, uint64_t max_tasks_per_thread = 8) {
  constexpr uint64_t kMinTaskCost = 16384;
  uint64_t cost = std::max<uint64_t>(1, row_cost) * rows;
  if (!pool || pool->num_threads() == 1 || cost < 2 * kMinTaskCost || rows < 2) {
    fn(uint64_t{0}, rows);
    return;
  }
  uint64_t tasks = std::min<uint64_t>(rows, std::max<uint64_t>(pool->num_threads() * 4, cost / kMinTaskCost));
  tasks = std::min<uint64_t>(tasks, pool->num_threads() * max_tasks_per_thread);
  uint64_t tile = (rows + tasks - 1) / tasks;
  pool->Parallelize1DTile1D(rows, tile, [&](size_t start, size_t count) { fn(start, start + count); });
}

// 2-D tiled loop for the GEMM-like steps. Below kMinParallelMacs multiply-adds the pool is not woken
// (waking a parked worker costs tens of microseconds, more than a squeeze-excite 1x1 conv takes) and the
// tiles run inline on the caller.
inline constexpr uint64_t kMinParallelMacs = uint64_t{1} << 17;
// A pool task is a run of adjacent row tiles (one column tile) of at least kMinTaskMacs, and a loop has
// at most kMaxTasksPerThread tasks per thread: one task per MR x NC tile made mobilenet_v2's early 1x1
// convolutions ~6,000 tasks of 60-150 ns, claimed through one contended counter (2x slower on 2 threads
// than on 1). Row runs share the packed weight panel of their column tile in cache.
inline constexpr uint64_t kMinTaskMacs = uint64_t{1} << 17;
inline constexpr uint64_t kMaxTasksPerThread = 32;

// The column tile of a packed GEMM (whole nr-wide blocks of packed weights): half the n columns, so that
// even a few rows make two tasks.
inline size_t HalfColumnTile(size_t n, size_t nr) { return std::max(nr, runtime::AlignUp((n + 1) / 2, nr)); }
// The same, at most 64 columns once there are more than two row tiles of mr (matmul and convTranspose2d).
inline size_t CappedColumnTile(size_t m, size_t n, size_t mr, size_t nr) {
  const size_t tile = HalfColumnTile(n, nr);
  return m > mr * 2 ? std::max(nr, std::min(tile, 64 / nr * nr)) : tile;
}

template <typename Fn>
void ParallelTiles2D(runtime::ThreadPool* pool, uint64_t macs, size_t range_i, size_t range_j, size_t tile_i,
                     size_t tile_j, Fn&& fn) {
  if (pool && pool->num_threads() > 1 && macs >= kMinParallelMacs) {
    const uint64_t tiles_i = (range_i + tile_i - 1) / tile_i, tiles_j = (range_j + tile_j - 1) / tile_j;
    const uint64_t threads = pool->num_threads();
    const uint64_t want = std::clamp<uint64_t>(macs / kMinTaskMacs, threads, threads * kMaxTasksPerThread);
    const uint64_t run = std::clamp<uint64_t>((tiles_i * tiles_j + want - 1) / want, 1, tiles_i);
    if (run == 1) {
      pool->Parallelize2DTile2D(range_i, range_j, tile_i, tile_j, fn);
      return;
    }
    pool->Parallelize2DTile2D(range_i, range_j, tile_i * run, tile_j, [&](size_t i, size_t j, size_t mi, size_t nj) {
      for (size_t s = 0; s < mi; s += tile_i) fn(i + s, j, std::min(tile_i, mi - s), nj);
    });
    return;
  }
  // The smaller operand is the one re-read: with more columns than rows (a transformer's [128, 256] x
  // [256, 1024], a late 7x7 convolution) the weights are the larger, so column tiles go outermost and one
  // tile's packed weights stay in cache while every row block passes; otherwise (early convolutions,
  // 12544 pixels) rows go outermost. A/B through bench/direct.mjs, 1 thread: column-outer everywhere made
  // transformer_encoder 8% faster and squeezenet/mobilenet_v2 3-5% slower.
  const auto tile = [&](size_t i, size_t j) { fn(i, j, std::min(tile_i, range_i - i), std::min(tile_j, range_j - j)); };
  if (range_j > range_i) {
    for (size_t j = 0; j < range_j; j += tile_j)
      for (size_t i = 0; i < range_i; i += tile_i) tile(i, j);
  } else {
    for (size_t i = 0; i < range_i; i += tile_i)
      for (size_t j = 0; j < range_j; j += tile_j) tile(i, j);
  }
}

}  // namespace webnn::compiler
