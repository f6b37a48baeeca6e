#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/compiler_testutil.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

using testing::FloatBuffer;

int CountSteps(const runtime::Plan& plan, const std::string& name) {
  int n = 0;
  for (const auto& step : plan.steps) n += name == step->name();
  return n;
}

TEST(CompileTest, ConvolutionOfConstantsFoldsToItsValue) {
  // conv2d(constant 5x5, constant 3x3 filters x 2) + x: the convolution folds (its lowering packs, and
  // marks consumed, a constant input while folding too), leaving the add.
  std::vector<float> image(25), filters(18);
  for (size_t i = 0; i < image.size(); ++i) image[i] = static_cast<float>(i);
  for (size_t t = 0; t < 9; ++t) filters[t] = static_cast<float>(t), filters[9 + t] = -0.5f * t;  // OHWI
  Subgraph g;
  ValueId in = g.AddConstant(DataType::kFloat32, {1, 5, 5, 1}, FloatBuffer(image));
  ValueId w = g.AddConstant(DataType::kFloat32, {2, 3, 3, 1}, FloatBuffer(filters));
  ValueId c = g.AddValue(DataType::kFloat32, {1, 3, 3, 2});
  g.AddNode(Conv2dParams{}, {in, w}, {c}, "conv");
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 3, 3, 2});
  ValueId y = g.AddValue(DataType::kFloat32, {1, 3, 3, 2});
  g.AddNode(BinaryParams{BinaryOp::kAdd, {}}, {c, x}, {y}, "add");
  g.AddOutput("y", y);

  auto plan = Compile(g);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ((*plan)->steps.size(), 1u);
  float zeros[18] = {}, out[18] = {};
  void* inputs[] = {zeros};
  void* outputs[] = {out};
  (*plan)->Run(inputs, outputs, nullptr);
  for (int r = 0; r < 3; ++r) {
    for (int col = 0; col < 3; ++col) {
      float sum = 0;
      for (int t = 0; t < 9; ++t) sum += image[(r + t / 3) * 5 + col + t % 3] * static_cast<float>(t);
      EXPECT_EQ(out[(r * 3 + col) * 2], sum) << r << "," << col;
      EXPECT_EQ(out[(r * 3 + col) * 2 + 1], -0.5f * sum) << r << "," << col;
    }
  }
}

TEST(CompileTest, ReshapesShareStorageInsteadOfCopying) {
  // x -> neg -> a -> reshape -> b -> neg -> c -> reshape -> y (output): b names a's bytes, and c is
  // produced straight into the output, so only the two negations run.
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {2, 3});
  ValueId a = g.AddValue(DataType::kFloat32, {2, 3});
  g.AddNode(UnaryParams{UnaryOp::kNeg}, {x}, {a}, "neg0");
  ValueId b = g.AddValue(DataType::kFloat32, {6});
  g.AddNode(CopyParams{}, {a}, {b}, "reshape0");
  ValueId c = g.AddValue(DataType::kFloat32, {6});
  g.AddNode(UnaryParams{UnaryOp::kNeg}, {b}, {c}, "neg1");
  ValueId y = g.AddValue(DataType::kFloat32, {3, 2});
  g.AddNode(CopyParams{}, {c}, {y}, "reshape1");
  g.AddOutput("y", y);

  auto plan = Compile(g);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ((*plan)->steps.size(), 2u);
  EXPECT_EQ(CountSteps(**plan, "copy"), 0);
  EXPECT_EQ(CountSteps(**plan, "output copy"), 0);
  EXPECT_LE((*plan)->arena_bytes, 64u);  // a and b in one slot; c lives in the output

  float in[6] = {1, -2, 3, -4, 5, -6}, out[6] = {};
  void* inputs[] = {in};
  void* outputs[] = {out};
  (*plan)->Run(inputs, outputs, nullptr);
  EXPECT_EQ(std::memcmp(in, out, sizeof(in)), 0);
}

TEST(CompileTest, ReshapeOfAnInputOrOutputStillCopiesIntoTheOutput) {
  // y1 = reshape(x) cannot name x's bytes (outputs are the caller's), and y2 = reshape(y1) reads an
  // output another output already owns: both stay copies.
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {4});
  ValueId y1 = g.AddValue(DataType::kFloat32, {2, 2});
  g.AddNode(CopyParams{}, {x}, {y1}, "reshape0");
  ValueId y2 = g.AddValue(DataType::kFloat32, {1, 4});
  g.AddNode(CopyParams{}, {y1}, {y2}, "reshape1");
  g.AddOutput("y1", y1);
  g.AddOutput("y2", y2);

  auto plan = Compile(g);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(CountSteps(**plan, "copy"), 2);
  float in[4] = {1, 2, 3, 4}, out1[4] = {}, out2[4] = {};
  void* inputs[] = {in};
  void* outputs[] = {out1, out2};
  (*plan)->Run(inputs, outputs, nullptr);
  EXPECT_EQ(std::memcmp(in, out1, sizeof(in)), 0);
  EXPECT_EQ(std::memcmp(in, out2, sizeof(in)), 0);
}

}  // namespace
}  // namespace webnn::compiler
