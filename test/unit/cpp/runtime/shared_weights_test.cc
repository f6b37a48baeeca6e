// runtime/shared_weights.h: equal packings are held once, different ones apart (also when their sampled words agree),
// small ones never, and an entry goes with the last holder.
#include "runtime/shared_weights.h"

#include <gtest/gtest.h>

namespace webnn::runtime {
namespace {

std::shared_ptr<PackedWeights> Packing(size_t bytes, uint8_t seed) {
  auto p = PackedWeights::Allocate(bytes).value();
  for (size_t i = 0; i < bytes; ++i) p->data()[i] = static_cast<uint8_t>(i * 31 + seed);
  return p;
}

TEST(SharedWeights, EqualPackingsAreHeldOnce) {
  const size_t before = SharedWeightsBytesForTesting();
  auto first = ShareWeights(Packing(kSharedWeightsMinBytes, 1));
  auto again = ShareWeights(Packing(kSharedWeightsMinBytes, 1));
  EXPECT_EQ(first.get(), again.get());
  EXPECT_EQ(SharedWeightsBytesForTesting() - before, kSharedWeightsMinBytes);
  auto other = ShareWeights(Packing(kSharedWeightsMinBytes, 2));
  EXPECT_NE(first.get(), other.get());
  first.reset();
  again.reset();
  other.reset();
  EXPECT_EQ(SharedWeightsBytesForTesting(), before);
}

TEST(SharedWeights, APackingThatDiffersOnlyBetweenSampledWordsIsItsOwn) {
  auto a = Packing(1 << 20, 3);
  auto b = Packing(1 << 20, 3);
  b->data()[12345] ^= 1;  // not one of the 64 words the hash reads: same candidates, different bytes
  auto held_a = ShareWeights(a);
  auto held_b = ShareWeights(b);
  EXPECT_NE(held_a.get(), held_b.get());
  EXPECT_EQ(held_b->data()[12345], b->data()[12345]);
}

TEST(SharedWeights, SmallPackingsAreNotShared) {
  auto a = ShareWeights(Packing(1024, 4));
  auto b = ShareWeights(Packing(1024, 4));
  EXPECT_NE(a.get(), b.get());
}

TEST(SharedWeights, ReleasedEntriesAreSweptAsTheTableGrows) {
  const size_t before = SharedWeightsBytesForTesting();
  for (int i = 0; i < 200; ++i) ShareWeights(Packing(kSharedWeightsMinBytes, static_cast<uint8_t>(i)));  // each released
  auto kept = ShareWeights(Packing(kSharedWeightsMinBytes, 7));
  EXPECT_EQ(SharedWeightsBytesForTesting() - before, kSharedWeightsMinBytes);
  EXPECT_LT(SharedWeightsEntriesForTesting(), 40u) << "200 released entries, swept at 16 and then at twice the live";
}

}  // namespace
}  // namespace webnn::runtime
