#include <gtest/gtest.h>

#include "graph/graph_builder.h"
#include "graph/graph_testutil.h"
#include "graph/op_registry.h"

namespace webnn::graph {
namespace {

using testing::Args;
using testing::Num;
using testing::Op;
using testing::Str;

ArgValue Strs(std::vector<std::string> s) {
  ArgValue v;
  v.kind = ArgValue::Kind::kStringList;
  v.strings = std::move(s);
  return v;
}

class RecurrentTest : public ::testing::Test {
 protected:
  OperandId Input(const char* name, Shape shape, DataType type = DataType::kFloat32) {
    return builder_.Input(name, type, shape).value();
  }
  GraphBuilder builder_{1};
};

TEST_F(RecurrentTest, GruInfersBothDirectionsAndSequenceShapes) {
  // steps 2, batch 3, input 5, hidden 4, two directions.
  OperandId x = Input("x", {2, 3, 5});
  OperandId w = Input("w", {2, 12, 5});
  OperandId r = Input("r", {2, 12, 4});
  auto out = builder_.AddOperation("gru", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                {"steps", Num(2)}, {"hiddenSize", Num(4)},
                                                {"options.direction", Str("both")},
                                                {"options.returnSequence", testing::Bool(true)}}), "");
  ASSERT_TRUE(out.ok()) << out.status().message();
  ASSERT_EQ(out.value().size(), 2u);
  EXPECT_EQ(builder_.Desc(out.value()[0])->shape, (Shape{2, 3, 4}));
  EXPECT_EQ(builder_.Desc(out.value()[1])->shape, (Shape{2, 2, 3, 4}));
}

TEST_F(RecurrentTest, LstmCellReturnsHiddenAndCellState) {
  OperandId x = Input("x", {3, 5});
  OperandId w = Input("w", {16, 5});
  OperandId r = Input("r", {16, 4});
  OperandId h = Input("h", {3, 4});
  OperandId c = Input("c", {3, 4});
  auto out = builder_.AddOperation("lstmCell", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                     {"hiddenState", Op(h)}, {"cellState", Op(c)},
                                                     {"hiddenSize", Num(4)}}), "");
  ASSERT_TRUE(out.ok()) << out.status().message();
  ASSERT_EQ(out.value().size(), 2u);
  EXPECT_EQ(builder_.Desc(out.value()[1])->shape, (Shape{3, 4}));
}

TEST_F(RecurrentTest, RejectsWrongWeightShape) {
  OperandId x = Input("x", {1, 3, 2});
  OperandId w = Input("w", {1, 12, 3});
  OperandId r = Input("r", {1, 12, 4});
  auto out = builder_.AddOperation("gru", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                {"steps", Num(1)}, {"hiddenSize", Num(4)}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kTypeError);
  EXPECT_EQ(out.status().message(), "gru weight: shape should be [1, 12, 2], got [1, 12, 3].");
}

TEST_F(RecurrentTest, RejectsZeroSteps) {
  OperandId x = Input("x", {1, 3, 2});
  OperandId w = Input("w", {1, 16, 2});
  OperandId r = Input("r", {1, 16, 4});
  auto out = builder_.AddOperation("lstm", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                 {"steps", Num(0)}, {"hiddenSize", Num(4)}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kTypeError);
  EXPECT_EQ(out.status().message(), "lstm steps: should be greater than 0.");
}

TEST_F(RecurrentTest, RejectsStepsNotMatchingInput) {
  OperandId x = Input("x", {2, 3, 2});
  OperandId w = Input("w", {1, 12, 2});
  OperandId r = Input("r", {1, 12, 4});
  auto out = builder_.AddOperation("gru", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                {"steps", Num(1)}, {"hiddenSize", Num(4)}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), "gru input: shape[0] (2) should be equal to steps (1).");
}

TEST_F(RecurrentTest, RejectsZeroHiddenSize) {
  // Operands cannot have zero dimensions, so the weight shape check fails first (spec order).
  OperandId x = Input("x", {3, 2});
  OperandId w = Input("w", {3, 2});
  OperandId r = Input("r", {3, 1});
  OperandId h = Input("h", {3, 1});
  auto out = builder_.AddOperation("gruCell", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                    {"hiddenState", Op(h)}, {"hiddenSize", Num(0)}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kTypeError);
  EXPECT_EQ(out.status().message(), "gruCell weight: shape should be [0, 2], got [3, 2].");
}

TEST_F(RecurrentTest, RejectsBadActivationsCount) {
  OperandId x = Input("x", {3, 2});
  OperandId w = Input("w", {16, 2});
  OperandId r = Input("r", {16, 4});
  OperandId h = Input("h", {3, 4});
  OperandId c = Input("c", {3, 4});
  auto out = builder_.AddOperation("lstmCell", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                     {"hiddenState", Op(h)}, {"cellState", Op(c)},
                                                     {"hiddenSize", Num(4)},
                                                     {"options.activations", Strs({"sigmoid", "tanh"})}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kTypeError);
  EXPECT_EQ(out.status().message(), "lstmCell options.activations: should have 3 items, got 2.");
}

TEST_F(RecurrentTest, RejectsUnknownActivation) {
  OperandId x = Input("x", {3, 2});
  OperandId w = Input("w", {12, 2});
  OperandId r = Input("r", {12, 4});
  OperandId h = Input("h", {3, 4});
  auto out = builder_.AddOperation("gruCell", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                    {"hiddenState", Op(h)}, {"hiddenSize", Num(4)},
                                                    {"options.activations", Strs({"relu", "gelu"})}}), "");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "gruCell options.activations[1]: 'gelu' is not a valid value for enum MLRecurrentNetworkActivation.");
}

TEST_F(RecurrentTest, RejectsMismatchedTypesAndBiasShape) {
  OperandId x = Input("x", {1, 3, 2});
  OperandId w16 = Input("w16", {1, 12, 2}, DataType::kFloat16);
  OperandId w = Input("w", {1, 12, 2});
  OperandId r = Input("r", {1, 12, 4});
  OperandId b = Input("b", {12});
  auto mismatched = builder_.AddOperation("gru", Args({{"input", Op(x)}, {"weight", Op(w16)},
                                                       {"recurrentWeight", Op(r)}, {"steps", Num(1)},
                                                       {"hiddenSize", Num(4)}}), "");
  ASSERT_FALSE(mismatched.ok());
  EXPECT_EQ(mismatched.status().message(), "gru weight: data type float16 does not match input's float32.");
  auto bias = builder_.AddOperation("gru", Args({{"input", Op(x)}, {"weight", Op(w)}, {"recurrentWeight", Op(r)},
                                                 {"steps", Num(1)}, {"hiddenSize", Num(4)},
                                                 {"options.bias", Op(b)}}), "");
  ASSERT_FALSE(bias.ok());
  EXPECT_EQ(bias.status().message(), "gru options.bias: shape should be [1, 12], got [12].");
}

TEST_F(RecurrentTest, LimitRowsAreTheIdlMembers) {
  std::vector<std::string> names;
  for (const auto& row : FindOp("lstm")->family->limits("lstm")) names.push_back(row.name);
  EXPECT_EQ(names, (std::vector<std::string>{"input", "weight", "recurrentWeight", "bias", "recurrentBias",
                                             "peepholeWeight", "initialHiddenState", "initialCellState", "output0",
                                             "output1", "output2"}));
}

}  // namespace
}  // namespace webnn::graph
