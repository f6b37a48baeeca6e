#include <gtest/gtest.h>

#include "graph/graph_builder.h"
#include "graph/graph_testutil.h"

namespace webnn::graph {
namespace {

using testing::Args;
using testing::Nums;
using testing::Op;
using testing::Str;

class Conv2dTest : public ::testing::Test {
 protected:
  OperandId Input(const char* name, Shape shape, DataType type = DataType::kFloat32) {
    return builder_.Input(name, type, shape).value();
  }
  GraphBuilder builder_{1};
};

TEST_F(Conv2dTest, InfersNchwOutputShape) {
  OperandId x = Input("x", {1, 3, 32, 32});
  OperandId w = Input("w", {8, 3, 3, 3});
  auto out = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(w)},
                                                   {"options.padding", Nums({1, 1, 1, 1})},
                                                   {"options.strides", Nums({2, 2})}}), "");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(builder_.Desc(out.value()[0])->shape, (Shape{1, 8, 16, 16}));
}

TEST_F(Conv2dTest, InfersNhwcDepthwiseShape) {
  OperandId x = Input("x", {1, 10, 10, 4});
  OperandId w = Input("w", {3, 3, 1, 4});
  auto out = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(w)},
                                                   {"options.groups", testing::Num(4)},
                                                   {"options.inputLayout", Str("nhwc")},
                                                   {"options.filterLayout", Str("hwio")}}), "");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(builder_.Desc(out.value()[0])->shape, (Shape{1, 8, 8, 4}));
}

TEST_F(Conv2dTest, RejectsFilterOfWrongRank) {
  OperandId x = Input("x", {1, 3, 8, 8});
  OperandId w = Input("w", {8, 3, 3});
  auto out = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(w)}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kTypeError);
  EXPECT_EQ(out.status().message(), "conv2d filter: should be a 4-D tensor, got 3-D.");
}

TEST_F(Conv2dTest, MessageCarriesTheLabel) {
  OperandId x = Input("x", {1, 3, 8, 8});
  OperandId w = Input("w", {8, 2, 3, 3});
  auto out = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(w)}}), "encoder.7");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message().rfind("[encoder.7] conv2d filter: ", 0), 0u) << out.status().message();
}

TEST_F(Conv2dTest, RejectsUnsupportedDataType) {
  OperandId x = Input("x", {1, 3, 8, 8}, DataType::kInt32);
  OperandId w = Input("w", {8, 3, 3, 3}, DataType::kInt32);
  auto out = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(w)}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), "conv2d input: Unsupported data type int32, must be one of [float32, float16].");
}

TEST_F(Conv2dTest, RejectsWindowLargerThanInput) {
  OperandId x = Input("x", {1, 1, 2, 2});
  OperandId w = Input("w", {1, 1, 3, 3});
  auto out = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(w)}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kTypeError);
}

TEST_F(Conv2dTest, RejectsBadPaddingLengthAndUnknownOperand) {
  OperandId x = Input("x", {1, 3, 8, 8});
  OperandId w = Input("w", {8, 3, 3, 3});
  auto out = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(w)},
                                                   {"options.padding", Nums({1, 1})}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), "conv2d options.padding: should have length 4, got 2.");
  auto bad = builder_.AddOperation("conv2d", Args({{"input", Op(x)}, {"filter", Op(999)}}), "");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "conv2d filter: is not an operand of this builder.");
}

}  // namespace
}  // namespace webnn::graph
