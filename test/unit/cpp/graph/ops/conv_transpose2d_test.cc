#include <gtest/gtest.h>

#include "graph/graph_builder.h"
#include "graph/graph_testutil.h"

namespace webnn::graph {
namespace {

using testing::Args;
using testing::Num;
using testing::Nums;
using testing::Op;
using testing::Str;

class ConvTranspose2dTest : public ::testing::Test {
 protected:
  OperandId Input(const char* name, Shape shape, DataType type = DataType::kFloat32) {
    return builder_.Input(name, type, shape).value();
  }
  Expected<std::vector<OperandId>> Add(Arguments args) { return builder_.AddOperation("convTranspose2d", args, ""); }
  GraphBuilder builder_{1};
};

TEST_F(ConvTranspose2dTest, InfersNchwOutputShapeWithStridesAndOutputPadding) {
  OperandId x = Input("x", {1, 1, 3, 3});
  OperandId w = Input("w", {1, 2, 3, 3});  // iohw
  auto out = Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.strides", Nums({3, 2})},
                       {"options.outputPadding", Nums({1, 1})}}));
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(builder_.Desc(out.value()[0])->shape, (Shape{1, 2, 10, 8}));
}

TEST_F(ConvTranspose2dTest, InfersNhwcGroupedShapeFromOhwiFilter) {
  OperandId x = Input("x", {2, 4, 5, 6});
  OperandId w = Input("w", {3, 2, 2, 6});  // ohwi: [Cout/groups, KH, KW, Cin]
  auto out = Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.groups", Num(2)},
                       {"options.inputLayout", Str("nhwc")}, {"options.filterLayout", Str("ohwi")},
                       {"options.padding", Nums({0, 1, 1, 0})}, {"options.dilations", Nums({2, 1})}}));
  ASSERT_TRUE(out.ok()) << out.status().message();
  // (4-1)*1 + (2-1)*2 + 1 - 1 = 5; (5-1) + 1 + 1 - 1 = 5; Cout = 3 * 2.
  EXPECT_EQ(builder_.Desc(out.value()[0])->shape, (Shape{2, 5, 5, 6}));
}

TEST_F(ConvTranspose2dTest, OutputSizesMustLieWithinOneStride) {
  OperandId x = Input("x", {1, 1, 3, 3});
  OperandId w = Input("w", {1, 1, 3, 3});
  auto ok = Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.strides", Nums({3, 2})},
                      {"options.outputSizes", Nums({10, 8})}}));
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ(builder_.Desc(ok.value()[0])->shape, (Shape{1, 1, 10, 8}));
  auto too_big = Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.strides", Nums({3, 2})},
                           {"options.outputSizes", Nums({12, 8})}}));
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.status().code(), StatusCode::kTypeError);
  auto too_small = Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.outputSizes", Nums({4, 5})}}));
  ASSERT_FALSE(too_small.ok());
}

TEST_F(ConvTranspose2dTest, RejectsOutputPaddingNotSmallerThanStrides) {
  OperandId x = Input("x", {1, 1, 3, 3});
  OperandId w = Input("w", {1, 1, 3, 3});
  auto out = Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.strides", Nums({2, 2})},
                       {"options.outputPadding", Nums({2, 0})}}));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), "convTranspose2d options.outputPadding: should be smaller than the strides.");
  // Ignored (not checked) when outputSizes is given.
  auto sized = Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.strides", Nums({2, 2})},
                         {"options.outputPadding", Nums({2, 0})}, {"options.outputSizes", Nums({7, 7})}}));
  EXPECT_TRUE(sized.ok()) << sized.status().message();
}

TEST_F(ConvTranspose2dTest, RejectsChannelMismatchBadBiasAndEmptyOutput) {
  OperandId x = Input("x", {1, 2, 3, 3});
  OperandId w = Input("w", {3, 1, 3, 3});
  auto mismatch = Add(Args({{"input", Op(x)}, {"filter", Op(w)}}));
  ASSERT_FALSE(mismatch.ok());
  EXPECT_EQ(mismatch.status().code(), StatusCode::kTypeError);
  OperandId w2 = Input("w2", {2, 2, 3, 3});
  OperandId b = Input("b", {3});
  auto bad_bias = Add(Args({{"input", Op(x)}, {"filter", Op(w2)}, {"options.bias", Op(b)}}));
  ASSERT_FALSE(bad_bias.ok());
  EXPECT_EQ(bad_bias.status().message(), "convTranspose2d options.bias: shape should be [2], got [3].");
  auto empty = Add(Args({{"input", Op(x)}, {"filter", Op(w2)}, {"options.padding", Nums({3, 3, 0, 0})}}));
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), StatusCode::kTypeError);
}

TEST_F(ConvTranspose2dTest, RejectsZeroStrideAndWrongLengths) {
  OperandId x = Input("x", {1, 1, 3, 3});
  OperandId w = Input("w", {1, 1, 3, 3});
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.strides", Nums({0, 1})}})).ok());
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.dilations", Nums({1})}})).ok());
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.outputSizes", Nums({5})}})).ok());
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"filter", Op(w)}, {"options.groups", Num(0)}})).ok());
  OperandId xi = Input("xi", {1, 1, 3, 3}, DataType::kInt32);
  OperandId wi = Input("wi", {1, 1, 3, 3}, DataType::kInt32);
  auto ints = Add(Args({{"input", Op(xi)}, {"filter", Op(wi)}}));
  ASSERT_FALSE(ints.ok());
  EXPECT_EQ(ints.status().message(), "convTranspose2d input: Unsupported data type int32, must be one of [float32, float16].");
}

}  // namespace
}  // namespace webnn::graph
