#include "runtime/weight_sources.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>

namespace webnn::runtime {
namespace {

struct Entry {
  DataType type = DataType::kFloat32;
  size_t size = 0;
  uint64_t key = 0;
  std::weak_ptr<const PackedWeights> packed;  // expired: a free slot
  WeightSourceLayout layout;
};

constexpr size_t kMaxSources = 4096;  // a 32-layer model registers ~450

struct Table {
  std::mutex mutex;
  Entry entries[kMaxSources];
  size_t used = 0;  // entries [0, used) may be live
};

Table& table() {
  // Never destroyed (graphs may outlive static destruction order), and not on the heap: constant() asks it first,
  // between a first build's constants, where a block that stays would split the holes they leave.
  alignas(Table) static unsigned char storage[sizeof(Table)];
  static Table* t = new (storage) Table;
  return *t;
}

constexpr size_t kWindow = WeightSourceMatch::kWindow;

// The size and the first and last kWindow bytes: what picks the candidates before the full comparison.
uint64_t Key(size_t size, const uint8_t* first, const uint8_t* last) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ size;
  for (const uint8_t* w : {first, last}) {
    for (size_t i = 0; i < kWindow; i += 8) {
      uint64_t v;
      std::memcpy(&v, w + i, 8);
      h = (h ^ v) * 0x100000001B3ull;
      h ^= h >> 29;
    }
  }
  return h;
}

bool Equal(const uint8_t* a, const uint8_t* b, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    if (x != y) return false;
  }
  for (; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

}  // namespace

void WeightSource::Read(size_t offset, size_t count, uint8_t* out) const {
  const size_t row_bytes = layout_.row_bytes, end = offset + count;
  std::vector<uint8_t> cut;  // a row the range starts or ends inside of
  while (offset < end) {
    const size_t row = offset / row_bytes, in_row = offset % row_bytes;
    if (in_row == 0 && end - offset >= row_bytes) {
      const size_t rows = (end - offset) / row_bytes;
      layout_.read_rows(layout_.params, packed_->plane(layout_.plane), row, rows, out);
      out += rows * row_bytes;
      offset += rows * row_bytes;
      continue;
    }
    cut.resize(row_bytes);
    layout_.read_rows(layout_.params, packed_->plane(layout_.plane), row, 1, cut.data());
    const size_t n = std::min(row_bytes - in_row, end - offset);
    std::memcpy(out, cut.data() + in_row, n);
    out += n;
    offset += n;
  }
}

Expected<std::shared_ptr<Buffer>> WeightSource::ReadAll() const {
  ASSIGN_OR_RETURN(auto bytes, Buffer::AllocateForOverwrite(size()));
  Read(0, size(), bytes->data());
  return bytes;
}

uint64_t WeightSourceKey(const uint8_t* source, size_t size) {
  return size < kSharedWeightsMinBytes ? 0 : Key(size, source, source + size - kWindow);
}

void RegisterWeightSource(DataType type, uint64_t key, std::shared_ptr<const PackedWeights> packed, WeightSourceLayout layout) {
  const size_t size = layout.rows * layout.row_bytes;
  if (size < kSharedWeightsMinBytes) return;
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  Entry* free = nullptr;
  for (size_t i = 0; i < t.used; ++i) {
    Entry& e = t.entries[i];
    if (e.packed.expired()) {
      if (!free) free = &e;
      continue;
    }
    if (e.key == key && e.type == type && e.size == size && e.packed.lock() == packed) return;  // built again
  }
  if (!free && t.used < kMaxSources) free = &t.entries[t.used++];
  if (!free) return;
  *free = Entry{type, size, key, packed, layout};
}

bool AnyWeightSourceOf(DataType type, size_t size) {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  for (size_t i = 0; i < t.used; ++i) {
    if (t.entries[i].type == type && t.entries[i].size == size && !t.entries[i].packed.expired()) return true;
  }
  return false;
}

size_t WeightSourceEntriesForTesting() {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  size_t live = 0;
  for (size_t i = 0; i < t.used; ++i) live += !t.entries[i].packed.expired();
  return live;
}

WeightSourceMatch::WeightSourceMatch(DataType type, size_t size) : type_(type), size_(size), scratch_(std::max(kChunk, kWindow)) {
  if (size_ < kSharedWeightsMinBytes) stage_ = 3;  // never registered
}

int64_t WeightSourceMatch::Wanted() const {
  switch (stage_) {
    case 0: return 0;
    case 1: return static_cast<int64_t>(size_ - kWindow);
    case 2: return static_cast<int64_t>(at_);
    default: return -1;
  }
}

size_t WeightSourceMatch::WantedBytes() const { return stage_ < 2 ? kWindow : std::min(kChunk, size_ - at_); }

void WeightSourceMatch::Fed() {
  if (stage_ == 0) {
    first_window_.assign(scratch_.begin(), scratch_.begin() + kWindow);
    stage_ = 1;
    return;
  }
  if (stage_ == 1) {
    const uint64_t key = Key(size_, first_window_.data(), scratch_.data());
    Table& t = table();
    {
      std::lock_guard<std::mutex> lock(t.mutex);
      for (size_t i = 0; i < t.used; ++i) {
        const Entry& e = t.entries[i];
        if (e.key != key || e.type != type_ || e.size != size_) continue;
        if (auto packed = e.packed.lock()) candidates_.push_back(std::make_shared<WeightSource>(std::move(packed), e.layout));
      }
    }
    stage_ = candidates_.empty() ? 3 : 2;
    return;
  }
  if (stage_ != 2) return;
  const size_t n = WantedBytes();
  theirs_.resize(n);
  std::erase_if(candidates_, [&](const std::shared_ptr<const WeightSource>& c) {
    c->Read(at_, n, theirs_.data());
    return !Equal(theirs_.data(), scratch_.data(), n);
  });
  at_ += n;
  if (candidates_.empty() || at_ == size_) stage_ = 3;
}

std::shared_ptr<const WeightSource> WeightSourceMatch::Result() const {
  return stage_ == 3 && at_ == size_ && !candidates_.empty() ? candidates_.front() : nullptr;
}

}  // namespace webnn::runtime
