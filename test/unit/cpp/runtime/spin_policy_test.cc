#include "runtime/spin_policy.h"

#include <gtest/gtest.h>

namespace webnn::runtime {
namespace {

constexpr double kShort = SpinPolicy::kSpinMs, kLong = SpinPolicy::kBurstSpinMs;
constexpr double kSteady = 0.0001, kPreempted = 3.0;  // gaps between two looks at the clock

// A burst in which the worker waits for loops `waits` times; `preempted_at` (if < waits) is the wait in
// which it sees a gap. Returns the limit of the first wait.
double Burst(SpinPolicy& p, uint32_t burst, int waits = 5, int preempted_at = -1) {
  double first = p.LimitMs(burst, kSteady);
  for (int i = 1; i < waits; ++i) p.LimitMs(burst, i == preempted_at ? kPreempted : kSteady);
  return first;
}

TEST(SpinPolicy, ShortBetweenBurstsLongInside) {
  SpinPolicy p;
  EXPECT_EQ(p.LimitMs(0, kSteady), kShort);
  EXPECT_EQ(p.LimitMs(1, kSteady), kLong);
  EXPECT_EQ(p.LimitMs(1, kSteady), kLong);
  EXPECT_EQ(p.LimitMs(0, kPreempted), kShort);  // a gap between bursts says nothing
  EXPECT_EQ(p.LimitMs(2, kSteady), kLong);
}

TEST(SpinPolicy, PreemptionShortensTheRestOfTheBurstAndTheNextOnes) {
  SpinPolicy p;
  EXPECT_EQ(p.LimitMs(1, kSteady), kLong);
  EXPECT_EQ(p.LimitMs(1, kPreempted), kShort);
  EXPECT_EQ(p.LimitMs(1, kSteady), kShort);
  EXPECT_EQ(Burst(p, 2), kShort);  // 1 calm burst
  EXPECT_EQ(Burst(p, 3, 5, 2), kLong);  // spun again, preempted again: 2 calm bursts
  EXPECT_EQ(Burst(p, 4), kShort);
  EXPECT_EQ(Burst(p, 5), kShort);
  EXPECT_EQ(Burst(p, 6), kLong);  // spun through without a preemption: the count starts over
  EXPECT_EQ(Burst(p, 7, 5, 1), kLong);
  EXPECT_EQ(Burst(p, 8), kShort);
  EXPECT_EQ(Burst(p, 9), kLong);
}

TEST(SpinPolicy, CalmStretchesDoubleUpToTheirBound) {
  SpinPolicy p;
  uint32_t burst = 1;
  ASSERT_EQ(Burst(p, burst++, 5, 1), kLong);
  for (uint32_t expected : {1u, 2u, 4u, 8u, 16u, 16u}) {
    uint32_t calm = 0;
    while (Burst(p, burst++, 5, 1) == kShort) ++calm;  // the spinning burst ends the count, preempted
    EXPECT_EQ(calm, expected);
  }
  static_assert(SpinPolicy::kMaxCalmBursts == 16);
}

}  // namespace
}  // namespace webnn::runtime
