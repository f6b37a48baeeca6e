// Packed weights held once per module however many graphs read them. onnxruntime-web's WebNN EP builds a language
// model twice - a session for the prompt and one for the token step, since WebNN graphs have static shapes - and
// hands each builder its own copy of every weight; each build packs them the same. ShareWeights keeps one of the
// equal packings: the first registered stays, a later one that compares equal byte for byte is dropped and the
// first returned. Equality is checked in full (a hash of the size and sampled words only picks the candidates), so
// no graph ever reads another's different weights. Entries go with the last graph holding them. Thread-safe:
// builds run on the pool's threads.
#pragma once

#include <cstdint>
#include <memory>

#include "base/status.h"
#include "runtime/buffer.h"

namespace webnn::runtime {

// A step's own form of its weights, in a main plane and an optional side plane: a blockwise packing's groups (the
// constant's own bytes where they were packed in place, compiler/lower/blockwise.cc) and its blocks' scales and zero
// points; a gathered table's rows and its scales and zero points.
class PackedWeights {
 public:
  explicit PackedWeights(std::shared_ptr<Buffer> main, std::shared_ptr<Buffer> side = nullptr)
      : main_(std::move(main)), side_(std::move(side)) {}
  // Fresh planes of these sizes (zeroed), or an out-of-memory status.
  static Expected<std::shared_ptr<PackedWeights>> Allocate(size_t main_bytes, size_t side_bytes = 0);

  uint8_t* data() { return main_->data(); }
  const uint8_t* data() const { return main_->data(); }
  uint8_t* side() { return side_ ? side_->data() : nullptr; }
  const uint8_t* side() const { return side_ ? side_->data() : nullptr; }
  const uint8_t* plane(int i) const { return i == 0 ? data() : side(); }
  size_t main_size() const { return main_->size(); }
  size_t side_size() const { return side_ ? side_->size() : 0; }
  size_t size() const { return main_size() + side_size(); }

 private:
  std::shared_ptr<Buffer> main_, side_;
};

// Packings of at least this many bytes (both planes) are shared; smaller ones are not worth the lookup.
inline constexpr size_t kSharedWeightsMinBytes = 64 * 1024;

std::shared_ptr<const PackedWeights> ShareWeights(std::shared_ptr<PackedWeights> packed);

// How many bytes of packings the table holds now, and its entries (released ones not yet swept), for tests.
size_t SharedWeightsBytesForTesting();
size_t SharedWeightsEntriesForTesting();

}  // namespace webnn::runtime
