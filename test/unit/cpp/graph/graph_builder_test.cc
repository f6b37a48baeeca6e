#include "graph/graph_builder.h"

#include <gtest/gtest.h>

#include "graph/op_registry.h"
#include "graph/support_limits.h"
#include "graph_testutil.h"

namespace webnn::graph {
namespace {

using testing::Args;
using testing::Nums;
using testing::Op;

TEST(GraphBuilderTest, RejectsEmptyInputNames) {
  GraphBuilder b(1);
  EXPECT_EQ(b.Input("", DataType::kFloat32, {2}).status().code(), StatusCode::kTypeError);
}

// As Chromium (and the WPT validation tests, which reuse names on one builder): input() accepts a name twice;
// build() refuses a graph that would have two inputs of that name, and ignores inputs it does not reach.
TEST(GraphBuilderTest, DuplicateInputNamesFailOnlyWhenBothAreInTheGraph) {
  GraphBuilder unused(1);
  OperandId x = unused.Input("x", DataType::kFloat32, {2}).value();
  ASSERT_TRUE(unused.Input("x", DataType::kFloat32, {2}).ok());
  OperandId y = unused.AddOperation("relu", Args({{"input", Op(x)}}), "").value()[0];
  EXPECT_TRUE(unused.Build({{"y", y}}).ok());

  GraphBuilder both(1);
  OperandId a = both.Input("x", DataType::kFloat32, {2}).value();
  OperandId b = both.Input("x", DataType::kFloat32, {2}).value();
  OperandId sum = both.AddOperation("add", Args({{"a", Op(a)}, {"b", Op(b)}}), "").value()[0];
  auto g = both.Build({{"sum", sum}});
  EXPECT_EQ(g.status().code(), StatusCode::kTypeError);
  EXPECT_EQ(g.status().message(), "build inputs: two inputs of the graph are named 'x'.");
}

TEST(GraphBuilderTest, RejectsZeroDimensionsAndHugeShapes) {
  GraphBuilder b(1);
  EXPECT_EQ(b.Input("a", DataType::kFloat32, {2, 0}).status().code(), StatusCode::kTypeError);
  EXPECT_EQ(b.Input("b", DataType::kFloat32, {0xffffffffu, 0xffffffffu}).status().message(),
            "input descriptor: dimensions must be between 1 and 2147483647, got [4294967295, 4294967295].");
}

TEST(GraphBuilderTest, ConstantChecksByteLength) {
  GraphBuilder b(1);
  float data[3] = {1, 2, 3};
  EXPECT_EQ(b.Constant(DataType::kFloat32, {4}, reinterpret_cast<uint8_t*>(data), 12).status().code(),
            StatusCode::kTypeError);
  EXPECT_TRUE(b.Constant(DataType::kFloat32, {3}, reinterpret_cast<uint8_t*>(data), 12).ok());
}

TEST(GraphBuilderTest, BuildRejectsInputsAsOutputsAndIsOneShot) {
  GraphBuilder b(1);
  OperandId x = b.Input("x", DataType::kFloat32, {2}).value();
  EXPECT_EQ(b.Build({{"y", x}}).status().code(), StatusCode::kTypeError);
  EXPECT_EQ(b.Build({}).status().code(), StatusCode::kTypeError);
  OperandId y = b.AddOperation("relu", Args({{"input", Op(x)}}), "").value()[0];
  auto g = b.Build({{"y", y}});
  ASSERT_TRUE(g.ok()) << g.status().message();
  EXPECT_EQ(g.value()->plan->inputs.size(), 1u);
  EXPECT_EQ(b.Input("z", DataType::kFloat32, {1}).status().code(), StatusCode::kInvalidState);
  EXPECT_EQ(b.Build({{"y", y}}).status().code(), StatusCode::kInvalidState);
}

TEST(GraphBuilderTest, OnlyReachableInputsBecomeGraphInputs) {
  GraphBuilder b(1);
  OperandId x = b.Input("x", DataType::kFloat32, {2}).value();
  b.Input("unused", DataType::kFloat32, {2}).value();
  OperandId y = b.AddOperation("relu", Args({{"input", Op(x)}}), "").value()[0];
  auto g = b.Build({{"y", y}});
  ASSERT_TRUE(g.ok());
  ASSERT_EQ(g.value()->plan->inputs.size(), 1u);
  EXPECT_EQ(g.value()->plan->inputs[0].name, "x");
}

TEST(GraphBuilderTest, BinaryBroadcastsAndRejectsIncompatibleShapes) {
  GraphBuilder b(1);
  OperandId a = b.Input("a", DataType::kFloat32, {2, 1, 3}).value();
  OperandId c = b.Input("c", DataType::kFloat32, {4, 1}).value();
  auto sum = b.AddOperation("add", Args({{"a", Op(a)}, {"b", Op(c)}}), "");
  ASSERT_TRUE(sum.ok());
  EXPECT_EQ(b.Desc(sum.value()[0])->shape, (Shape{2, 4, 3}));
  OperandId d = b.Input("d", DataType::kFloat32, {5}).value();
  EXPECT_EQ(b.AddOperation("add", Args({{"a", Op(a)}, {"b", Op(d)}}), "").status().code(), StatusCode::kTypeError);
  OperandId i = b.Input("i", DataType::kInt32, {3}).value();
  EXPECT_EQ(b.AddOperation("add", Args({{"a", Op(a)}, {"b", Op(i)}}), "").status().message(),
            "add b: data type int32 does not match a's float32.");
}

TEST(SupportLimitsTest, ListsEveryOperatorAndMatchesValidation) {
  SupportLimits limits = GetSupportLimits();
  EXPECT_EQ(limits.ops.size(), 95u);
  for (const auto& op : limits.ops) {
    if (op.op == "conv2d") {
      ASSERT_FALSE(op.operands.empty());
      EXPECT_EQ(op.operands[0].name, "input");
      EXPECT_TRUE(op.operands[0].types.Has(DataType::kFloat32));
      EXPECT_FALSE(op.operands[0].types.Has(DataType::kInt32));
    }
    EXPECT_FALSE(op.operands.empty()) << op.op << " lists no operands";
    if (op.op == "gru") {
      ASSERT_EQ(op.operands.size(), 8u);
      EXPECT_EQ(op.operands[7].name, "output1");
      EXPECT_EQ(op.operands[7].min_rank, 4u);
    }
  }
}

}  // namespace
}  // namespace webnn::graph
