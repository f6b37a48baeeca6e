#include <gtest/gtest.h>

#include "graph/graph_builder.h"
#include "graph/graph_testutil.h"

namespace webnn::graph {
namespace {

using testing::Args;
using testing::Nums;
using testing::Op;
using testing::Str;

class Resample2dTest : public ::testing::Test {
 protected:
  OperandId Input(const char* name, Shape shape, DataType type = DataType::kFloat32) {
    return builder_.Input(name, type, shape).value();
  }
  Expected<std::vector<OperandId>> Add(Arguments args) { return builder_.AddOperation("resample2d", args, ""); }
  GraphBuilder builder_{1};
};

TEST_F(Resample2dTest, ScalesFloorTheOutputSize) {
  OperandId x = Input("x", {1, 3, 5, 7});
  auto out = Add(Args({{"input", Op(x)}, {"options.scales", Nums({1.5, 0.5})}}));
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(builder_.Desc(out.value()[0])->shape, (Shape{1, 3, 7, 3}));
}

TEST_F(Resample2dTest, SizesWinOverScalesOnAnyAxes) {
  OperandId x = Input("x", {3, 2, 1, 1});
  auto out = Add(Args({{"input", Op(x)}, {"options.mode", Str("linear")}, {"options.scales", Nums({0.5, 0.5})},
                       {"options.sizes", Nums({4, 6})}, {"options.axes", Nums({1, 0})}}));
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(builder_.Desc(out.value()[0])->shape, (Shape{6, 4, 1, 1}));
}

TEST_F(Resample2dTest, RejectsBadOptions) {
  OperandId x = Input("x", {1, 1, 2, 3});
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"options.scales", Nums({0, 1})}})).ok());
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"options.scales", Nums({1, 1, 1})}})).ok());
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"options.sizes", Nums({0, 4})}})).ok());
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"options.axes", Nums({2, 2})}})).ok());
  EXPECT_FALSE(Add(Args({{"input", Op(x)}, {"options.axes", Nums({2, 4})}})).ok());
  auto empty = Add(Args({{"input", Op(x)}, {"options.scales", Nums({0.25, 1})}}));  // floor(2 * 0.25) = 0
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), StatusCode::kTypeError);
  OperandId r3 = Input("r3", {1, 2, 3});
  auto rank = Add(Args({{"input", Op(r3)}}));
  ASSERT_FALSE(rank.ok());
  EXPECT_EQ(rank.status().message(), "resample2d input: should be a 4-D tensor, got 3-D.");
  auto mode = Add(Args({{"input", Op(x)}, {"options.mode", Str("cubic")}}));
  ASSERT_FALSE(mode.ok());
}

}  // namespace
}  // namespace webnn::graph
