// The MLOperandDataType values, their sizes and IDL names: the spec's eight, then int4 and uint4, which
// Chromium has beyond the spec snapshot (idl/compat.idl).
//
// A 4-bit value takes one byte inside the engine (int4 sign-extended, uint4 zero-extended: the int8 and
// uint8 bytes of the same number), so kernels and the memory planner see a byte per element; it is packed
// two to a byte, low nibble first, only where bytes cross the API (constant(), writeTensor(), readTensor()):
// see PackedByteLength and kernels/x4-vpack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace webnn {

// Order matches the IDL enum MLOperandDataType.
enum class DataType : uint8_t { kFloat32, kFloat16, kInt32, kUint32, kInt64, kUint64, kInt8, kUint8, kInt4, kUint4 };
constexpr int kDataTypeCount = 10;

// Bytes per element inside the engine (1 for int4 and uint4).
size_t ByteSize(DataType type);
bool IsFourBit(DataType type);
const char* DataTypeName(DataType type);  // IDL spelling: "float32"
std::optional<DataType> ParseDataType(std::string_view name);
bool IsFloatingPoint(DataType type);
bool IsSigned(DataType type);

// A set of data types as a bit mask, for operator support tables.
class DataTypeSet {
 public:
  constexpr DataTypeSet() = default;
  constexpr DataTypeSet(std::initializer_list<DataType> types) {
    for (DataType t : types) bits_ |= Bit(t);
  }
  constexpr bool Has(DataType t) const { return (bits_ & Bit(t)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr DataTypeSet operator|(DataTypeSet o) const { return FromBits(bits_ | o.bits_); }
  constexpr DataTypeSet operator&(DataTypeSet o) const { return FromBits(bits_ & o.bits_); }
  constexpr bool operator==(DataTypeSet o) const { return bits_ == o.bits_; }
  constexpr uint32_t bits() const { return bits_; }
  // "[float32, float16]" in IDL enum order, for error messages.
  std::string ToString() const;

  static constexpr DataTypeSet FromBits(uint32_t bits) {
    DataTypeSet s;
    s.bits_ = bits;
    return s;
  }

 private:
  static constexpr uint32_t Bit(DataType t) { return 1u << static_cast<uint32_t>(t); }
  uint32_t bits_ = 0;
};

namespace data_types {
constexpr DataTypeSet kFloat32{DataType::kFloat32};
constexpr DataTypeSet kFloat{DataType::kFloat32, DataType::kFloat16};
constexpr DataTypeSet kInt32{DataType::kInt32};
constexpr DataTypeSet kInt64{DataType::kInt64};
constexpr DataTypeSet kIndices{DataType::kInt32, DataType::kUint32, DataType::kInt64};
// The spec's eight types: what "any type" means for an operator (4-bit values go to the few that list them).
constexpr DataTypeSet kAll{DataType::kFloat32, DataType::kFloat16, DataType::kInt32, DataType::kUint32,
                           DataType::kInt64,   DataType::kUint64,  DataType::kInt8,  DataType::kUint8};
constexpr DataTypeSet kFourBit{DataType::kInt4, DataType::kUint4};
}  // namespace data_types

}  // namespace webnn
