#include "compiler/memory_planner.h"

#include <gtest/gtest.h>

namespace webnn::compiler {
namespace {

bool Overlap(uint64_t a, uint64_t as, uint64_t b, uint64_t bs) { return a < b + bs && b < a + as; }

TEST(MemoryPlannerTest, ReusesMemoryOfDeadValues) {
  // a: steps 0-1, b: 1-2, c: 2-3. a and c never live together, so they can share.
  std::vector<Lifetime> l = {{100, 0, 1}, {100, 1, 2}, {100, 2, 3}};
  MemoryPlan p = PlanMemory(l);
  EXPECT_EQ(p.arena_bytes, 256u);  // two 128-byte slots
  EXPECT_FALSE(Overlap(p.offsets[0], 128, p.offsets[1], 128));
  EXPECT_FALSE(Overlap(p.offsets[1], 128, p.offsets[2], 128));
}

TEST(MemoryPlannerTest, LiveValuesNeverOverlap) {
  std::vector<Lifetime> l;
  for (uint32_t i = 0; i < 40; ++i) l.push_back({(i * 37) % 500 + 1, i % 7, i % 7 + i % 5});
  MemoryPlan p = PlanMemory(l);
  for (size_t i = 0; i < l.size(); ++i) {
    EXPECT_EQ(p.offsets[i] % 64, 0u);
    EXPECT_LE(p.offsets[i] + l[i].bytes, p.arena_bytes);
    for (size_t j = i + 1; j < l.size(); ++j) {
      bool live_together = !(l[i].last < l[j].first || l[j].last < l[i].first);
      if (live_together) EXPECT_FALSE(Overlap(p.offsets[i], l[i].bytes, p.offsets[j], l[j].bytes)) << i << " " << j;
    }
  }
}

TEST(MemoryPlannerTest, ArenaSizeDoesNotWrapOnWasm32) {
  // Three 1.9 GiB values alive at once need 5.7 GiB: a 32-bit size_t sum would wrap to 1.4 GiB.
  const uint64_t big = uint64_t{1900} << 20;
  std::vector<Lifetime> l = {{big, 0, 2}, {big, 1, 2}, {big, 2, 2}};
  MemoryPlan p = PlanMemory(l);
  EXPECT_GE(p.arena_bytes, 3 * big);
  EXPECT_FALSE(Overlap(p.offsets[0], big, p.offsets[2], big));
}

}  // namespace
}  // namespace webnn::compiler
