// runtime/weight_sources.h: bytes equal to a registered source match it (fed in windows and chunks as constant()
// feeds them, rows cut by the chunks), bytes that differ anywhere do not, and an entry goes with its packing.
#include "runtime/weight_sources.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace webnn::runtime {
namespace {

// A "packing" that is the source's rows stored backwards, row_bytes each: reading them back is not a plain copy.
struct Reversed {
  std::shared_ptr<const PackedWeights> packed;
  WeightSourceLayout layout;
};

Reversed Pack(const std::vector<uint8_t>& source, size_t row_bytes) {
  const size_t rows = source.size() / row_bytes;
  std::shared_ptr<PackedWeights> packed = PackedWeights::Allocate(source.size()).value();
  for (size_t r = 0; r < rows; ++r) std::memcpy(packed->data() + (rows - 1 - r) * row_bytes, source.data() + r * row_bytes, row_bytes);
  const auto read = [](const uint64_t* params, const uint8_t* w, size_t first, size_t count, uint8_t* out) {
    const size_t rows = params[0], row_bytes = params[1];
    for (size_t r = first; r < first + count; ++r) std::memcpy(out + (r - first) * row_bytes, w + (rows - 1 - r) * row_bytes, row_bytes);
  };
  return {packed, {rows, row_bytes, read, {rows, row_bytes}}};
}

std::vector<uint8_t> Source(size_t bytes, uint32_t seed) {
  std::vector<uint8_t> v(bytes);
  for (uint8_t& b : v) b = static_cast<uint8_t>((seed = seed * 1664525 + 1013904223) >> 24);
  return v;
}

// Feeds `bytes` as constant() does; the matched source, or null.
std::shared_ptr<const WeightSource> Match(const std::vector<uint8_t>& bytes) {
  WeightSourceMatch match(DataType::kUint4, bytes.size());
  for (int64_t at; (at = match.Wanted()) >= 0; match.Fed()) std::memcpy(match.scratch(), bytes.data() + at, match.WantedBytes());
  return match.Result();
}

TEST(WeightSources, EqualBytesMatchAndReadBack) {
  const size_t row_bytes = 1000;  // chunks of 1 MiB end inside rows
  const std::vector<uint8_t> source = Source(3000 * row_bytes, 1);
  Reversed p = Pack(source, row_bytes);
  RegisterWeightSource(DataType::kUint4, WeightSourceKey(source.data(), source.size()), p.packed, p.layout);
  EXPECT_TRUE(AnyWeightSourceOf(DataType::kUint4, source.size()));
  auto matched = Match(source);
  ASSERT_NE(matched, nullptr);
  auto bytes = matched->ReadAll();
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(std::memcmp((*bytes)->data(), source.data(), source.size()), 0);
  std::vector<uint8_t> part(1234);
  matched->Read(999, part.size(), part.data());
  EXPECT_EQ(std::memcmp(part.data(), source.data() + 999, part.size()), 0);
}

TEST(WeightSources, BytesThatDifferAnywhereDoNotMatch) {
  const size_t row_bytes = 512;
  const std::vector<uint8_t> source = Source(5000 * row_bytes, 2);
  Reversed p = Pack(source, row_bytes);
  RegisterWeightSource(DataType::kUint4, WeightSourceKey(source.data(), source.size()), p.packed, p.layout);
  for (size_t at : {size_t{0}, source.size() / 2, (size_t{1} << 20) + 7, source.size() - 1}) {
    std::vector<uint8_t> other = source;
    other[at] ^= 1;
    EXPECT_EQ(Match(other), nullptr) << "a byte changed at " << at;
  }
  EXPECT_NE(Match(source), nullptr);
  EXPECT_FALSE(AnyWeightSourceOf(DataType::kUint4, source.size() + 2));
  EXPECT_FALSE(AnyWeightSourceOf(DataType::kFloat32, source.size())) << "a source is one type's";
}

TEST(WeightSources, SmallSourcesAreNotRegisteredAndEntriesGoWithTheirPacking) {
  const std::vector<uint8_t> small = Source(kSharedWeightsMinBytes / 2, 3);
  Reversed s = Pack(small, 64);
  RegisterWeightSource(DataType::kUint4, WeightSourceKey(small.data(), small.size()), s.packed, s.layout);
  EXPECT_FALSE(AnyWeightSourceOf(DataType::kUint4, small.size()));

  const std::vector<uint8_t> source = Source(kSharedWeightsMinBytes * 3, 4);
  Reversed p = Pack(source, 256);
  const size_t entries = WeightSourceEntriesForTesting();
  RegisterWeightSource(DataType::kUint4, WeightSourceKey(source.data(), source.size()), p.packed, p.layout);
  RegisterWeightSource(DataType::kUint4, WeightSourceKey(source.data(), source.size()), p.packed, p.layout);  // a second build of the same graph: one entry
  EXPECT_EQ(WeightSourceEntriesForTesting(), entries + 1);
  auto held = Match(source);
  ASSERT_NE(held, nullptr);
  p.packed.reset();
  EXPECT_TRUE(AnyWeightSourceOf(DataType::kUint4, source.size())) << "the match holds the packing";
  held.reset();
  EXPECT_FALSE(AnyWeightSourceOf(DataType::kUint4, source.size()));
  EXPECT_EQ(Match(source), nullptr);
}

}  // namespace
}  // namespace webnn::runtime
