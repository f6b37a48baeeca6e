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

#include "runtime/aligned_vector.h"

namespace webnn::runtime {

using PackedWeights = AlignedVector<uint8_t>;

// Packings of at least this many bytes are shared; smaller ones are not worth the lookup.
inline constexpr size_t kSharedWeightsMinBytes = 64 * 1024;

std::shared_ptr<const PackedWeights> ShareWeights(std::shared_ptr<PackedWeights> packed);

// How many bytes of packings the table holds now, and its entries (released ones not yet swept), for tests.
size_t SharedWeightsBytesForTesting();
size_t SharedWeightsEntriesForTesting();

}  // namespace webnn::runtime
