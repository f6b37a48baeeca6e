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

// The size and up to 64 words spread over the bytes: equal packings agree, different weights almost never do.
uint64_t SampleHash(const PackedWeights& w) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ w.size();
  const size_t words = w.size() / 8;
  const size_t step = words / 64 + 1;
  for (size_t i = 0; i < words; i += step) {
    uint64_t v;
    std::memcpy(&v, w.data() + 8 * i, 8);
    h = (h ^ v) * 0x100000001B3ull;
    h ^= h >> 29;
  }
  return h;
}

}  // namespace

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
    if (held->size() == packed->size() && std::memcmp(held->data(), packed->data(), packed->size()) == 0) return held;
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
