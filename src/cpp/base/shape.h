// Tensor shapes: dimensions are IDL `unsigned long`, element counts are checked 64-bit products.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/data_type.h"

namespace webnn {

using Shape = std::vector<uint32_t>;

// Largest tensor we accept, in bytes (reported as opSupportLimits().maxTensorByteLength). Wasm32
// addresses 4 GiB in all, so one tensor may take at most half of it.
constexpr uint64_t kMaxTensorByteLength = uint64_t{1} << 31;

// Number of elements, or nullopt on overflow. A scalar (rank 0) has one element.
std::optional<uint64_t> NumElements(const Shape& shape);
// Byte length of a tensor inside the engine (a byte per 4-bit element), or nullopt on overflow.
std::optional<uint64_t> ByteLength(DataType type, const Shape& shape);
// Byte length of its data at the API: 4-bit elements two to a byte (the last byte half used when the count
// is odd), every other type as ByteLength.
std::optional<uint64_t> PackedByteLength(DataType type, const Shape& shape);
// Product of dims [begin, end).
uint64_t Product(const Shape& shape, size_t begin, size_t end);
// "[1, 3, 224, 224]".
std::string ShapeToString(const Shape& shape);
// Row-major strides in elements.
std::vector<uint64_t> Strides(const Shape& shape);

}  // namespace webnn
