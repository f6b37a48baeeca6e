#include "runtime/burst_health.h"

#include <gtest/gtest.h>

namespace webnn::runtime {
namespace {

// One burst of `loops` loops: the worker enters the first, then every `every`-th of the rest (0: none).
bool Burst(BurstHealth& h, int loops, int every) {
  const bool spinning = h.Begin();
  h.Record(true, 0.5);
  for (int i = 1; i < loops; ++i) h.Record(every != 0 && i % every == 0, 0.5);
  h.End();
  return spinning;
}
constexpr int kAll = 1, kHalf = 2, kNone = 0;

TEST(BurstHealth, SpinsWhileTheWorkerComesAtOnce) {
  BurstHealth h;
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(Burst(h, 30, kAll));
}

TEST(BurstHealth, BacksOffAfterContendedBurstsAndRecovers) {
  BurstHealth h;
  EXPECT_TRUE(Burst(h, 30, kHalf));   // contended: the worker missed half the loops
  EXPECT_FALSE(Burst(h, 30, kAll)); // 1 calm burst
  EXPECT_TRUE(Burst(h, 30, kNone));    // tried again, and no worker came at all: 2 calm bursts
  EXPECT_FALSE(Burst(h, 30, kAll));
  EXPECT_FALSE(Burst(h, 30, kAll));
  EXPECT_TRUE(Burst(h, 30, kAll));  // fine again: the back-off starts over at 1
  EXPECT_TRUE(Burst(h, 30, kHalf));
  EXPECT_FALSE(Burst(h, 30, kAll));
  EXPECT_TRUE(Burst(h, 30, kAll));
}

TEST(BurstHealth, BackOffDoublesUpToItsBound) {
  // Every spinning burst contended: the calm stretches between them double, up to kMaxCalmBursts.
  BurstHealth h;
  ASSERT_TRUE(Burst(h, 30, kHalf));
  for (uint32_t expected : {1u, 2u, 4u, 8u, 16u, 32u, 64u, 64u}) {
    uint32_t calm = 0;
    while (!Burst(h, 30, kHalf)) ++calm;
    EXPECT_EQ(calm, expected);
  }
  static_assert(BurstHealth::kMaxCalmBursts == 64);
}

TEST(BurstHealth, FewLateLoopsOrShortBurstsAreNoContention) {
  BurstHealth h;
  // One missed loop in 8: another process took the core for a moment.
  EXPECT_TRUE(h.Begin());
  h.Record(true, 0.5);
  for (int i = 0; i < 8; ++i) h.Record(i != 3, 0.5);
  h.End();
  EXPECT_TRUE(Burst(h, 3, kNone));  // too few loops after the first to judge
  EXPECT_TRUE(Burst(h, 30, kAll));
  // A worker that never came to a short burst: it may simply not have woken yet.
  EXPECT_TRUE(h.Begin());
  for (int i = 0; i < 5; ++i) h.Record(false, 0.5);
  h.End();
  EXPECT_TRUE(Burst(h, 30, kAll));
  // Tiny loops the caller drained before a worker saw them, however many.
  EXPECT_TRUE(h.Begin());
  h.Record(true, 0.5);
  for (int i = 0; i < 40; ++i) h.Record(i % 4 == 0, 0.03);
  h.End();
  EXPECT_TRUE(Burst(h, 30, kAll));
}

}  // namespace
}  // namespace webnn::runtime
