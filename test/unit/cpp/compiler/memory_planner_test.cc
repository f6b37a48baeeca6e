#include "compiler/memory_planner.h"

#include <gtest/gtest.h>

namespace webnn::compiler {
namespace {

bool Overlap(size_t a, size_t as, size_t b, size_t bs) { return a < b + bs && b < a + as; }

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

}  // namespace
}  // namespace webnn::compiler
