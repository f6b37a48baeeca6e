#include "base/shape.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "base/data_type.h"
#include "base/float16.h"

namespace webnn {
namespace {

TEST(ShapeTest, NumElementsOfScalarIsOne) { EXPECT_EQ(NumElements({}), 1u); }

TEST(ShapeTest, NumElementsDetectsOverflow) {
  EXPECT_FALSE(NumElements({0xffffffffu, 0xffffffffu, 0xffffffffu}).has_value());
  EXPECT_EQ(*NumElements({2, 3, 4}), 24u);
}

TEST(ShapeTest, ByteLengthDetectsOverflow) {
  EXPECT_FALSE(ByteLength(DataType::kInt64, {0xffffffffu, 0xffffffffu}).has_value());
  EXPECT_EQ(*ByteLength(DataType::kFloat16, {3, 5}), 30u);
}

TEST(ShapeTest, FourBitTypesTakeAByteInsideAndHalfAtTheApi) {
  EXPECT_EQ(*ByteLength(DataType::kInt4, {3, 5}), 15u);
  EXPECT_EQ(*PackedByteLength(DataType::kInt4, {3, 5}), 8u);
  EXPECT_EQ(*PackedByteLength(DataType::kUint4, {2, 5}), 5u);
  EXPECT_EQ(*PackedByteLength(DataType::kUint4, {}), 1u);
  EXPECT_EQ(*PackedByteLength(DataType::kFloat16, {3, 5}), 30u);
  EXPECT_TRUE(IsSigned(DataType::kInt4));
  EXPECT_FALSE(IsSigned(DataType::kUint4));
}

TEST(ShapeTest, StridesAreRowMajor) {
  EXPECT_EQ(Strides({2, 3, 4}), (std::vector<uint64_t>{12, 4, 1}));
  EXPECT_EQ(ShapeToString({1, 3}), "[1, 3]");
}

TEST(DataTypeTest, NamesRoundTrip) {
  for (int i = 0; i < kDataTypeCount; ++i) {
    auto t = static_cast<DataType>(i);
    EXPECT_EQ(ParseDataType(DataTypeName(t)), t);
  }
  EXPECT_FALSE(ParseDataType("int2").has_value());
  EXPECT_EQ((DataTypeSet{DataType::kInt64, DataType::kFloat32}).ToString(), "[float32, int64]");
}

TEST(Float16Test, RoundTripsEveryHalf) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    float f = Float16ToFloat32(static_cast<uint16_t>(h));
    if (std::isnan(f)) continue;
    EXPECT_EQ(Float32ToFloat16(f), h) << h;
  }
}

TEST(Float16Test, RoundsToNearestEven) {
  EXPECT_EQ(Float32ToFloat16(65520.0f), 0x7c00);  // halfway to inf rounds up to inf
  EXPECT_EQ(Float32ToFloat16(65504.0f), 0x7bff);
  EXPECT_EQ(Float32ToFloat16(1.0f + 1.0f / 2048), 0x3c00);  // tie to even
  EXPECT_EQ(Float32ToFloat16(5.9604645e-8f), 0x0001);       // smallest subnormal
  EXPECT_EQ(Float32ToFloat16(2.9802322e-8f), 0x0000);       // tie between 0 and 1 -> even 0
  EXPECT_EQ(Float32ToFloat16(-0.0f), 0x8000);
}

}  // namespace
}  // namespace webnn
