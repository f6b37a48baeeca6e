#include "base/shape.h"

#include "base/checked_math.h"

namespace webnn {

std::optional<uint64_t> NumElements(const Shape& shape) {
  uint64_t n = 1;
  for (uint32_t d : shape) {
    auto next = CheckedMul(n, d);
    if (!next) return std::nullopt;
    n = *next;
  }
  return n;
}

std::optional<uint64_t> ByteLength(DataType type, const Shape& shape) {
  auto n = NumElements(shape);
  if (!n) return std::nullopt;
  return CheckedMul(*n, ByteSize(type));
}

std::optional<uint64_t> PackedByteLength(DataType type, const Shape& shape) {
  if (!IsFourBit(type)) return ByteLength(type, shape);
  auto n = NumElements(shape);
  if (!n) return std::nullopt;
  return *n / 2 + *n % 2;
}

uint64_t Product(const Shape& shape, size_t begin, size_t end) {
  uint64_t n = 1;
  for (size_t i = begin; i < end && i < shape.size(); ++i) n *= shape[i];
  return n;
}

std::string ShapeToString(const Shape& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(shape[i]);
  }
  return out + "]";
}

std::vector<uint64_t> Strides(const Shape& shape) {
  std::vector<uint64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  return strides;
}

}  // namespace webnn
