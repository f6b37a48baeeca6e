#include "runtime/shared_weights.h"

#include <cstring>
#include <mutex>
#include <unordered_map>

namespace webnn::runtime {
namespace {

struct Table {
  std::mutex mutex;
  std::unordered_multimap<uint64_t, std::weak_ptr<const PackedWeights>> entries;
  size_t sweep_at = 16;  // entries of released packings are swept when the table reaches this size
};

Table& table() {
  static Table* t = new Table;  // never destroyed: graphs may outlive static destruction order
  return *t;
}

// The planes' sizes and up to 64 words spread over each: equal packings agree, different weights almost never do.
uint64_t SampleHash(const PackedWeights& w) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ w.main_size() ^ (uint64_t{w.side_size()} << 32);
  for (int p = 0; p < 2; ++p) {
    const size_t words = (p == 0 ? w.main_size() : w.side_size()) / 8;
    const size_t step = words / 64 + 1;
    for (size_t i = 0; i < words; i += step) {
      uint64_t v;
      std::memcpy(&v, w.plane(p) + 8 * i, 8);
      h = (h ^ v) * 0x100000001B3ull;
      h ^= h >> 29;
    }
  }
  return h;
}

bool Equal(const PackedWeights& a, const PackedWeights& b) {
  return a.main_size() == b.main_size() && a.side_size() == b.side_size() &&
         std::memcmp(a.data(), b.data(), a.main_size()) == 0 && std::memcmp(a.side(), b.side(), a.side_size()) == 0;
}

}  // namespace

Expected<std::shared_ptr<PackedWeights>> PackedWeights::Allocate(size_t main_bytes, size_t side_bytes) {
  ASSIGN_OR_RETURN(auto main, Buffer::Allocate(main_bytes));
  std::shared_ptr<Buffer> side;
  if (side_bytes) {
    ASSIGN_OR_RETURN(side, Buffer::Allocate(side_bytes));
  }
  return std::make_shared<PackedWeights>(std::move(main), std::move(side));
}

std::shared_ptr<const PackedWeights> ShareWeights(std::shared_ptr<PackedWeights> packed) {
  if (packed->size() < kSharedWeightsMinBytes) return packed;
  const uint64_t key = SampleHash(*packed);
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto [first, last] = t.entries.equal_range(key);
  for (auto it = first; it != last;) {
    std::shared_ptr<const PackedWeights> held = it->second.lock();
    if (!held) {
      it = t.entries.erase(it);
      continue;
    }
    if (Equal(*held, *packed)) return held;
    ++it;
  }
  if (t.entries.size() >= t.sweep_at) {
    for (auto it = t.entries.begin(); it != t.entries.end();) it = it->second.expired() ? t.entries.erase(it) : std::next(it);
    t.sweep_at = 2 * t.entries.size() + 16;
  }
  t.entries.emplace(key, packed);
  return packed;
}

size_t SharedWeightsBytesForTesting() {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  size_t bytes = 0;
  for (const auto& [key, weak] : t.entries) {
    if (auto held = weak.lock()) bytes += held->size();
  }
  return bytes;
}

size_t SharedWeightsEntriesForTesting() {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  return t.entries.size();
}

}  // namespace webnn::runtime
