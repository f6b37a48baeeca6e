// Reading the index tensors of gather/scatter: any integer type, negative values counting from the end
// and out-of-range ones clamped (the spec leaves them implementation-defined; they must never address
// memory outside the tensor).
#pragma once

#include <algorithm>
#include <cstdint>

#include "base/data_type.h"

namespace webnn::compiler {

inline int64_t ReadIndex(DataType type, const uint8_t* data, uint64_t j) {
  switch (type) {
    case DataType::kInt32: return reinterpret_cast<const int32_t*>(data)[j];
    case DataType::kUint32: return reinterpret_cast<const uint32_t*>(data)[j];
    case DataType::kInt64: return reinterpret_cast<const int64_t*>(data)[j];
    case DataType::kUint64: return static_cast<int64_t>(std::min<uint64_t>(reinterpret_cast<const uint64_t*>(data)[j], INT64_MAX));
    case DataType::kInt8: return reinterpret_cast<const int8_t*>(data)[j];
    case DataType::kUint8: return data[j];
    default: return 0;
  }
}

// k in [-dim, dim) -> [0, dim); anything else clamped into [0, dim).
inline uint64_t ClampIndex(int64_t k, uint64_t dim) {
  if (k < 0) k += static_cast<int64_t>(dim);
  return static_cast<uint64_t>(std::clamp<int64_t>(k, 0, static_cast<int64_t>(dim) - 1));
}

}  // namespace webnn::compiler
