#include "base/data_type.h"

namespace webnn {
namespace {
constexpr const char* kNames[kDataTypeCount] = {"float32", "float16", "int32", "uint32", "int64",
                                                "uint64",  "int8",    "uint8", "int4",   "uint4"};
constexpr size_t kSizes[kDataTypeCount] = {4, 2, 4, 4, 8, 8, 1, 1, 1, 1};
}  // namespace

size_t ByteSize(DataType type) { return kSizes[static_cast<int>(type)]; }
const char* DataTypeName(DataType type) { return kNames[static_cast<int>(type)]; }

std::optional<DataType> ParseDataType(std::string_view name) {
  for (int i = 0; i < kDataTypeCount; ++i) {
    if (name == kNames[i]) return static_cast<DataType>(i);
  }
  return std::nullopt;
}

bool IsFourBit(DataType type) { return type == DataType::kInt4 || type == DataType::kUint4; }

bool IsFloatingPoint(DataType type) { return type == DataType::kFloat32 || type == DataType::kFloat16; }

bool IsSigned(DataType type) {
  return type != DataType::kUint32 && type != DataType::kUint64 && type != DataType::kUint8 && type != DataType::kUint4;
}

std::string DataTypeSet::ToString() const {
  std::string out = "[";
  for (int i = 0; i < kDataTypeCount; ++i) {
    if (!Has(static_cast<DataType>(i))) continue;
    if (out.size() > 1) out += ", ";
    out += kNames[i];
  }
  return out + "]";
}

}  // namespace webnn
