// The thread pool's tiled loops: every index is visited exactly once, tiles are clipped at the edges,
// the work really spreads over threads, and workers survive many back-to-back jobs (parked between) and
// being woken ahead of jobs.
#include "runtime/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace webnn::runtime {
namespace {

class ThreadPoolTest : public ::testing::TestWithParam<size_t> {};

TEST_P(ThreadPoolTest, OneDimensionCoversEveryIndexOnce) {
  ThreadPool pool(GetParam());
  for (size_t range : {1u, 7u, 64u, 1001u}) {
    for (size_t tile : {1u, 3u, 16u, 5000u}) {
      std::vector<std::atomic<int>> hits(range);
      pool.Parallelize1DTile1D(range, tile, [&](size_t start, size_t count) {
        ASSERT_EQ(start % tile, 0u);
        ASSERT_EQ(count, std::min(tile, range - start));
        for (size_t i = start; i < start + count; ++i) hits[i]++;
      });
      for (size_t i = 0; i < range; ++i) ASSERT_EQ(hits[i].load(), 1) << "range " << range << " tile " << tile;
    }
  }
}

TEST_P(ThreadPoolTest, TwoDimensionsCoverEveryCellOnce) {
  ThreadPool pool(GetParam());
  const size_t ri = 37, rj = 23;
  for (auto tiles : std::vector<std::pair<size_t, size_t>>{{1, 1}, {4, 8}, {6, 5}, {64, 64}}) {
    const size_t ti = tiles.first, tj = tiles.second;  // (C++20 lambdas cannot capture bindings)
    std::vector<std::atomic<int>> hits(ri * rj);
    pool.Parallelize2DTile2D(ri, rj, ti, tj, [&](size_t i, size_t j, size_t ci, size_t cj) {
      ASSERT_EQ(i % ti, 0u);
      ASSERT_EQ(j % tj, 0u);
      ASSERT_EQ(ci, std::min(ti, ri - i));
      ASSERT_EQ(cj, std::min(tj, rj - j));
      for (size_t a = i; a < i + ci; ++a) {
        for (size_t b = j; b < j + cj; ++b) hits[a * rj + b]++;
      }
    });
    for (size_t k = 0; k < ri * rj; ++k) ASSERT_EQ(hits[k].load(), 1) << "tile " << ti << "x" << tj;
  }
}

TEST_P(ThreadPoolTest, ManyJobsInARow) {
  ThreadPool pool(GetParam());
  std::atomic<size_t> sum{0};
  for (int job = 0; job < 2000; ++job) {
    pool.Parallelize1DTile1D(8, 1, [&](size_t start, size_t) { sum += start; });
  }
  EXPECT_EQ(sum.load(), 2000u * 28u);
}

TEST_P(ThreadPoolTest, EmptyRangeRunsNothing) {
  ThreadPool pool(GetParam());
  bool ran = false;
  pool.Parallelize1DTile1D(0, 4, [&](size_t, size_t) { ran = true; });
  pool.Parallelize2DTile2D(0, 5, 1, 1, [&](size_t, size_t, size_t, size_t) { ran = true; });
  EXPECT_FALSE(ran);
}

// BeginBurst() before loops, twice in a row, with idle gaps inside and outside bursts long enough for the
// workers to stop spinning and park, and a burst with no loop at all, left open at the end (then the pool
// must still shut down): every loop still covers each index once.
TEST_P(ThreadPoolTest, BurstsKeepLoopsCorrect) {
  ThreadPool pool(GetParam());
  std::atomic<size_t> sum{0};
  for (int round = 0; round < 50; ++round) {
    pool.BeginBurst();
    if (round % 2) pool.BeginBurst();
    if (round % 5 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(3));
    pool.Parallelize1DTile1D(16, 1, [&](size_t start, size_t) { sum += start; });
    if (round % 3) pool.EndBurst();
    if (round % 7 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
  EXPECT_EQ(sum.load(), 50u * 120u);
  { ThreadPool::Burst burst(&pool); }
  pool.BeginBurst();
}

INSTANTIATE_TEST_SUITE_P(Threads, ThreadPoolTest, ::testing::Values(1, 2, 4));

#if WEBNN_THREADS
TEST(ThreadPool, WorkSpreadsOverThreads) {
  ThreadPool pool(3);
  EXPECT_EQ(pool.num_threads(), 3u);
  std::mutex mutex;
  std::set<std::thread::id> ids;
  // Tasks that wait for each other a little, so one thread cannot take them all before others wake.
  pool.Parallelize1DTile1D(64, 1, [&](size_t, size_t) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ids.insert(std::this_thread::get_id());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  });
  EXPECT_GE(ids.size(), 2u);
}
#endif

}  // namespace
}  // namespace webnn::runtime
