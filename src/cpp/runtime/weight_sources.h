// The bytes a packing was made from, recognised when a later constant() gives them again. onnxruntime-web's WebNN
// EP builds a language model twice (a prompt and a token session) and hands each builder its own copy of every
// weight; ShareWeights (runtime/shared_weights.h) finds the second build's packings equal, but only after that
// builder staged all its constants: the model's 4-bit weights a second time in memory, which for a 2 GB model
// leaves wasm32's 4 GiB short. So a packing of large 4-bit weights (and of their float32 scales) also registers
// how to read each of those constants back out of it, and constant() of a large int4, uint4 or float32 constant
// first streams the page's bytes through a small scratch against the registered sources of that type and size
// (WeightSourceMatch, compared in full). On a match the constant holds the packing instead of bytes; build() keeps
// it so for the steps that read their weights from that packing, and reads it back (ReadAll) for anything else,
// as it lowers that reader: one weight at a time, which the build frees again before the next.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/data_type.h"
#include "base/status.h"
#include "runtime/aligned_vector.h"
#include "runtime/buffer.h"
#include "runtime/shared_weights.h"

namespace webnn::runtime {

// A source as `rows` rows of `row_bytes` bytes; `read_rows(params, plane, first, count, out)` writes rows [first,
// first + count) of it from the packing's plane `plane` (PackedWeights::plane). `recipe`: what else decided the
// packing's bytes (its kind, shape, block), so that a step made the same way can take the packing as it is. Plain
// data (a function and its parameters, no closure): registering one during a build allocates nothing (see
// RegisterWeightSource).
struct WeightSourceLayout {
  using ReadRowsFn = void (*)(const uint64_t* params, const uint8_t* plane, size_t first, size_t count, uint8_t* out);
  size_t rows = 0, row_bytes = 0;
  ReadRowsFn read_rows = nullptr;
  uint64_t params[4] = {};
  uint64_t recipe = 0;
  int plane = 0;
};

// A registered source with its packing held: the bytes of a constant, without them.
class WeightSource {
 public:
  WeightSource(std::shared_ptr<const PackedWeights> packed, WeightSourceLayout layout)
      : packed_(std::move(packed)), layout_(std::move(layout)) {}
  size_t size() const { return layout_.rows * layout_.row_bytes; }
  // Bytes [offset, offset + count) of the source.
  void Read(size_t offset, size_t count, uint8_t* out) const;
  Expected<std::shared_ptr<Buffer>> ReadAll() const;
  const std::shared_ptr<const PackedWeights>& packing() const { return packed_; }
  uint64_t recipe() const { return layout_.recipe; }

 private:
  std::shared_ptr<const PackedWeights> packed_;
  WeightSourceLayout layout_;
};

// What a source of `size` bytes at `source` is registered under: taken before a packing is made in its bytes.
uint64_t WeightSourceKey(const uint8_t* source, size_t size);

// Registers a constant of `type` with `key` (WeightSourceKey of its bytes; `layout` reads them back from `packed`),
// until `packed` is released. Sources under kSharedWeightsMinBytes are not worth it and are not registered. The
// table is a fixed array in static storage, so a build that registers allocates nothing. When it is full of live
// sources a new one is not registered.
void RegisterWeightSource(DataType type, uint64_t key, std::shared_ptr<const PackedWeights> packed, WeightSourceLayout layout);

// Whether some registered source is of `type` and has `size` bytes: what constant() asks before a match.
bool AnyWeightSourceOf(DataType type, size_t size);

// One constant()'s bytes against the registered sources of its type and size, as the page's bytes pass through scratch():
// while Wanted() returns an offset, copy Wanted()..+WantedBytes() of the bytes to scratch() and call Fed(). First
// the first and the last kWindow bytes, which pick the candidates (by a hash registered with each source), then the
// whole bytes in chunks, each compared with every candidate left. Result(): the source equal to them, else null.
class WeightSourceMatch {
 public:
  static constexpr size_t kWindow = 4096, kChunk = size_t{1} << 20;
  WeightSourceMatch(DataType type, size_t size);
  uint8_t* scratch() { return scratch_.data(); }
  int64_t Wanted() const;  // -1 when done
  size_t WantedBytes() const;
  void Fed();
  std::shared_ptr<const WeightSource> Result() const;

 private:
  DataType type_;
  size_t size_, at_ = 0;
  int stage_ = 0;  // 0: first window, 1: last window, 2: chunks, 3: done
  AlignedVector<uint8_t> scratch_, theirs_, first_window_;
  std::vector<std::shared_ptr<const WeightSource>> candidates_;
};

// Registered sources whose packing is alive, for tests.
size_t WeightSourceEntriesForTesting();

}  // namespace webnn::runtime
