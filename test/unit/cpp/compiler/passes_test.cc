#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "compiler/passes/passes.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

int CountLive(const Subgraph& g, size_t variant_index) {
  int n = 0;
  for (const Node& node : g.nodes) n += !node.removed && node.params.index() == variant_index;
  return n;
}

// Indices in NodeParams, from the types (nodes.def's order may change).
const size_t kTranspose = NodeParams(TransposeParams{}).index();
const size_t kUnary = NodeParams(UnaryParams{}).index();
const size_t kBinary = NodeParams(BinaryParams{}).index();
const size_t kConv = NodeParams(Conv2dParams{}).index();
const size_t kCopy = NodeParams(CopyParams{}).index();
const size_t kReduce = NodeParams(ReduceParams{}).index();

TEST(OptimizeLayoutTest, CancelsTransposePairsAroundElementwiseChains) {
  // NCHW input -> NHWC -> conv -> NCHW -> relu -> NHWC -> conv -> NCHW output: only the two
  // transposes at the graph's edges remain.
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 3, 8, 8});
  ValueId a = g.AddValue(DataType::kFloat32, {1, 8, 8, 3});
  g.AddNode(TransposeParams{{0, 2, 3, 1}}, {x}, {a}, "t0");
  ValueId b = g.AddValue(DataType::kFloat32, {1, 8, 8, 3});
  g.AddNode(Conv2dParams{}, {a}, {b}, "conv0");
  ValueId c = g.AddValue(DataType::kFloat32, {1, 3, 8, 8});
  g.AddNode(TransposeParams{{0, 3, 1, 2}}, {b}, {c}, "t1");
  ValueId d = g.AddValue(DataType::kFloat32, {1, 3, 8, 8});
  g.AddNode(UnaryParams{UnaryOp::kRelu}, {c}, {d}, "relu");
  ValueId e = g.AddValue(DataType::kFloat32, {1, 8, 8, 3});
  g.AddNode(TransposeParams{{0, 2, 3, 1}}, {d}, {e}, "t2");
  ValueId f = g.AddValue(DataType::kFloat32, {1, 8, 8, 3});
  g.AddNode(Conv2dParams{}, {e}, {f}, "conv1");
  ValueId y = g.AddValue(DataType::kFloat32, {1, 3, 8, 8});
  g.AddNode(TransposeParams{{0, 3, 1, 2}}, {f}, {y}, "t3");
  g.AddOutput("y", y);

  OptimizeLayout(g);
  EXPECT_EQ(CountLive(g, kTranspose), 2);
  EXPECT_EQ(CountLive(g, kConv), 2);
  EXPECT_EQ(CountLive(g, kUnary), 1);
  // The relu now reads conv0's NHWC output directly.
  for (const Node& n : g.nodes) {
    if (!n.removed && n.params.index() == kUnary) EXPECT_EQ(g.values[n.inputs[0]].shape, (Shape{1, 8, 8, 3}));
  }
}

TEST(OptimizeLayoutTest, TurnsSizeOneTransposeIntoCopy) {
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 1, 1, 16});
  ValueId y = g.AddValue(DataType::kFloat32, {1, 16, 1, 1});
  g.AddNode(TransposeParams{{0, 3, 1, 2}}, {x}, {y}, "t");
  g.AddOutput("y", y);
  OptimizeLayout(g);
  EXPECT_EQ(CountLive(g, kTranspose), 0);
  EXPECT_EQ(CountLive(g, kCopy), 1);
}

TEST(OptimizeLayoutTest, SqueezeExciteMulStaysNhwc) {
  // conv (NHWC) -> NCHW activation a [1, 8, 4, 4]; a computed per-channel scale s [1, 8, 1, 1], made NCHW
  // from NHWC [1, 1, 1, 8] (a size-1 transpose, now a copy); mul(a, s) -> NHWC -> conv. The mul runs on
  // the NHWC activation: no transpose of it is left, only the graph's own edges' ones (none here).
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 4, 4, 8});
  ValueId sx = g.AddInput("s", DataType::kFloat32, {1, 1, 1, 8});
  ValueId b = g.AddValue(DataType::kFloat32, {1, 4, 4, 8});
  g.AddNode(Conv2dParams{}, {x}, {b}, "conv0");
  ValueId a = g.AddValue(DataType::kFloat32, {1, 8, 4, 4});
  g.AddNode(TransposeParams{{0, 3, 1, 2}}, {b}, {a}, "t0");
  ValueId sg = g.AddValue(DataType::kFloat32, {1, 1, 1, 8});
  g.AddNode(UnaryParams{UnaryOp::kSigmoid}, {sx}, {sg}, "sigmoid");
  ValueId s = g.AddValue(DataType::kFloat32, {1, 8, 1, 1});
  g.AddNode(TransposeParams{{0, 3, 1, 2}}, {sg}, {s}, "t1");
  ValueId m = g.AddValue(DataType::kFloat32, {1, 8, 4, 4});
  g.AddNode(BinaryParams{BinaryOp::kMul, {}}, {a, s}, {m}, "mul");
  ValueId e = g.AddValue(DataType::kFloat32, {1, 4, 4, 8});
  g.AddNode(TransposeParams{{0, 2, 3, 1}}, {m}, {e}, "t2");
  ValueId y = g.AddValue(DataType::kFloat32, {1, 4, 4, 8});
  g.AddNode(Conv2dParams{}, {e}, {y}, "conv1");
  g.AddOutput("y", y);

  OptimizeLayout(g);
  EXPECT_EQ(CountLive(g, kTranspose), 0);
  for (const Node& n : g.nodes) {
    if (n.removed || n.params.index() != kBinary) continue;
    EXPECT_EQ(g.values[n.inputs[0]].shape, (Shape{1, 4, 4, 8}));
    EXPECT_EQ(g.values[n.outputs[0]].shape, (Shape{1, 4, 4, 8}));
  }
}

TEST(OptimizeLayoutTest, ReductionsReadTheUntransposedActivation) {
  // conv (NHWC) -> NCHW a [1, 8, 4, 4]; reduceMin(a) over all axes, as DynamicQuantizeLinear starts, and
  // reduceMean(a) over H and W (axes 2, 3: 1 and 2 of NHWC); relu(a) -> NHWC -> conv. No transpose of
  // the activation is left: the reductions read conv0's output with their axes moved, and what follows
  // them moves size-1 dims only.
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 4, 4, 8});
  ValueId b = g.AddValue(DataType::kFloat32, {1, 4, 4, 8});
  g.AddNode(Conv2dParams{}, {x}, {b}, "conv0");
  ValueId a = g.AddValue(DataType::kFloat32, {1, 8, 4, 4});
  g.AddNode(TransposeParams{{0, 3, 1, 2}}, {b}, {a}, "t0");
  ValueId mn = g.AddValue(DataType::kFloat32, {1, 1, 1, 1});
  g.AddNode(ReduceParams{ReduceOp::kMin, {0, 1, 2, 3}}, {a}, {mn}, "min");
  ValueId mean = g.AddValue(DataType::kFloat32, {1, 8, 1, 1});
  g.AddNode(ReduceParams{ReduceOp::kMean, {2, 3}}, {a}, {mean}, "mean");
  ValueId r = g.AddValue(DataType::kFloat32, {1, 8, 4, 4});
  g.AddNode(UnaryParams{UnaryOp::kRelu}, {a}, {r}, "relu");
  ValueId e = g.AddValue(DataType::kFloat32, {1, 4, 4, 8});
  g.AddNode(TransposeParams{{0, 2, 3, 1}}, {r}, {e}, "t1");
  ValueId y = g.AddValue(DataType::kFloat32, {1, 4, 4, 8});
  g.AddNode(Conv2dParams{}, {e}, {y}, "conv1");
  g.AddOutput("y", y);
  g.AddOutput("min", mn);
  g.AddOutput("mean", mean);

  OptimizeLayout(g);
  EXPECT_EQ(CountLive(g, kReduce), 2);
  for (const Node& n : g.nodes) {
    if (n.removed) continue;
    if (n.params.index() == kTranspose) EXPECT_FALSE(g.values[n.inputs[0]].shape == (Shape{1, 4, 4, 8})) << n.label;
    if (n.params.index() != kReduce) continue;
    EXPECT_EQ(g.values[n.inputs[0]].shape, (Shape{1, 4, 4, 8})) << n.label;
    const auto& axes = std::get<ReduceParams>(n.params).axes;
    if (n.label == "min") EXPECT_EQ(axes, (std::vector<uint32_t>{0, 3, 1, 2}));
    if (n.label == "mean") EXPECT_EQ(axes, (std::vector<uint32_t>{1, 2}));
  }
}

TEST(FuseActivationsTest, FoldsReluIntoConvButNotWhenObservable) {
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 4, 4, 2});
  ValueId c = g.AddValue(DataType::kFloat32, {1, 4, 4, 2});
  g.AddNode(Conv2dParams{}, {x}, {c}, "conv");
  ValueId r = g.AddValue(DataType::kFloat32, {1, 4, 4, 2});
  g.AddNode(UnaryParams{UnaryOp::kClamp, 0, 0, 0.0, 6.0}, {c}, {r}, "clamp");
  g.AddOutput("r", r);
  FuseActivations(g);
  EXPECT_EQ(CountLive(g, kUnary), 0);
  const auto& p = std::get<Conv2dParams>(g.nodes[0].params);
  EXPECT_EQ(p.clamp.min, 0.0f);
  EXPECT_EQ(p.clamp.max, 6.0f);
  EXPECT_EQ(g.nodes[0].outputs[0], r);

  Subgraph h;
  ValueId hx = h.AddInput("x", DataType::kFloat32, {4});
  ValueId hc = h.AddValue(DataType::kFloat32, {4});
  h.AddNode(BinaryParams{BinaryOp::kAdd, {}}, {hx, hx}, {hc}, "add");
  ValueId hr = h.AddValue(DataType::kFloat32, {4});
  h.AddNode(UnaryParams{UnaryOp::kRelu}, {hc}, {hr}, "relu");
  h.AddOutput("sum", hc);  // the pre-activation value is an output: no fusion
  h.AddOutput("r", hr);
  FuseActivations(h);
  EXPECT_EQ(CountLive(h, kUnary), 1);
}

// Two activations folded one after the other compose: clamp to [-1.6, -0.73], then relu, is 0 everywhere
// ([0, 0]), not the inverted [0, -0.73] that intersecting the ranges gave (fuzz seed 81); clamp to [-1, 3]
// then clamp to [2, 6] is [2, 3].
TEST(FuseActivationsTest, SuccessiveActivationsCompose) {
  struct Case {
    double a1, b1;
    UnaryParams second;
    float lo, hi;
  } cases[] = {{-1.6, -0.73, UnaryParams{UnaryOp::kRelu}, 0.0f, 0.0f},
               {-1.0, 3.0, UnaryParams{UnaryOp::kClamp, 0, 0, 2.0, 6.0}, 2.0f, 3.0f},
               {1.0, 2.0, UnaryParams{UnaryOp::kClamp, 0, 0, -5.0, 5.0}, 1.0f, 2.0f}};
  for (const Case& c : cases) {
    Subgraph g;
    ValueId x = g.AddInput("x", DataType::kFloat32, {4});
    ValueId s = g.AddValue(DataType::kFloat32, {4});
    g.AddNode(BinaryParams{BinaryOp::kAdd, {}}, {x, x}, {s}, "add");
    ValueId c1 = g.AddValue(DataType::kFloat32, {4});
    g.AddNode(UnaryParams{UnaryOp::kClamp, 0, 0, c.a1, c.b1}, {s}, {c1}, "clamp");
    ValueId r = g.AddValue(DataType::kFloat32, {4});
    g.AddNode(c.second, {c1}, {r}, "second");
    g.AddOutput("r", r);
    FuseActivations(g);
    EXPECT_EQ(CountLive(g, kUnary), 0);
    const auto& p = std::get<BinaryParams>(g.nodes[0].params);
    EXPECT_EQ(p.clamp.min, c.lo) << c.a1 << " " << c.b1;
    EXPECT_EQ(p.clamp.max, c.hi) << c.a1 << " " << c.b1;
  }
}

TEST(FuseActivationsTest, FoldsReluIntoConvTranspose) {
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 2, 2, 3});
  ValueId c = g.AddValue(DataType::kFloat32, {1, 4, 4, 5});
  g.AddNode(ConvTranspose2dParams{}, {x}, {c}, "convTranspose");
  ValueId r = g.AddValue(DataType::kFloat32, {1, 4, 4, 5});
  g.AddNode(UnaryParams{UnaryOp::kRelu}, {c}, {r}, "relu");
  g.AddOutput("r", r);
  FuseActivations(g);
  EXPECT_EQ(CountLive(g, kUnary), 0);
  EXPECT_EQ(std::get<ConvTranspose2dParams>(g.nodes[0].params).clamp.min, 0.0f);
  EXPECT_EQ(g.nodes[0].outputs[0], r);
}

// conv2d -> relu -> swish: the relu becomes the conv's clamp, the swish its activation (applied after the clamp);
// a clamp after the activation stays a step (the conv's clamp would run before the activation).
TEST(FuseActivationsTest, FoldsAConvsActivationAfterItsClamp) {
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 4, 4, 3});
  ValueId c = g.AddValue(DataType::kFloat32, {1, 4, 4, 3});
  g.AddNode(Conv2dParams{}, {x}, {c}, "conv");
  ValueId r = g.AddValue(DataType::kFloat32, {1, 4, 4, 3});
  g.AddNode(UnaryParams{UnaryOp::kRelu}, {c}, {r}, "relu");
  ValueId s = g.AddValue(DataType::kFloat32, {1, 4, 4, 3});
  g.AddNode(UnaryParams{UnaryOp::kLeakyRelu, 0.25f}, {r}, {s}, "leakyRelu");
  ValueId k = g.AddValue(DataType::kFloat32, {1, 4, 4, 3});
  UnaryParams clamp{UnaryOp::kClamp};
  clamp.min = -1.0;
  clamp.max = 1.0;
  g.AddNode(clamp, {s}, {k}, "clamp");
  g.AddOutput("k", k);
  FuseActivations(g);
  const auto& p = std::get<Conv2dParams>(g.nodes[0].params);
  EXPECT_EQ(p.clamp.min, 0.0f);
  EXPECT_EQ(p.activation, UnaryOp::kLeakyRelu);
  EXPECT_EQ(p.activation_alpha, 0.25f);
  EXPECT_EQ(g.nodes[0].outputs[0], s);
  EXPECT_EQ(CountLive(g, kUnary), 1);  // the clamp
  EXPECT_FALSE(g.nodes[3].removed);
}

// The conv's output seen elsewhere (a graph output, a second reader), or an activation with no fused form: no
// fusion.
TEST(FuseActivationsTest, LeavesAConvsActivationWhoseInputIsSeen) {
  for (int c = 0; c < 3; ++c) {
    Subgraph g;
    ValueId x = g.AddInput("x", DataType::kFloat32, {1, 4, 4, 3});
    ValueId v = g.AddValue(DataType::kFloat32, {1, 4, 4, 3});
    g.AddNode(Conv2dParams{}, {x}, {v}, "conv");
    ValueId y = g.AddValue(DataType::kFloat32, {1, 4, 4, 3});
    g.AddNode(UnaryParams{c == 2 ? UnaryOp::kExp : UnaryOp::kSwish}, {v}, {y}, "act");
    g.AddOutput("y", y);
    if (c == 0) g.AddOutput("v", v);
    if (c == 1) {
      ValueId z = g.AddValue(DataType::kFloat32, {1, 4, 4, 3});
      g.AddNode(UnaryParams{UnaryOp::kNeg}, {v}, {z}, "neg");
      g.AddOutput("z", z);
    }
    FuseActivations(g);
    EXPECT_EQ(std::get<Conv2dParams>(g.nodes[0].params).activation, UnaryOp::kIdentity) << c;
    EXPECT_FALSE(g.nodes[1].removed) << c;
  }
}

TEST(FuseActivationsTest, FusesMulOfSigmoidIntoSwishUnlessTheSigmoidIsSeen) {
  for (int side = 0; side < 2; ++side) {
    Subgraph g;
    ValueId x = g.AddInput("x", DataType::kFloat32, {2, 3});
    ValueId s = g.AddValue(DataType::kFloat32, {2, 3});
    g.AddNode(UnaryParams{UnaryOp::kSigmoid}, {x}, {s}, "sigmoid");
    ValueId y = g.AddValue(DataType::kFloat32, {2, 3});
    g.AddNode(BinaryParams{BinaryOp::kMul, {}}, side ? std::vector<ValueId>{s, x} : std::vector<ValueId>{x, s}, {y}, "mul");
    g.AddOutput("y", y);
    FuseActivations(g);
    EXPECT_EQ(CountLive(g, kBinary), 0) << side;
    ASSERT_EQ(CountLive(g, kUnary), 1) << side;
    EXPECT_TRUE(g.nodes[0].removed);
    EXPECT_EQ(std::get<UnaryParams>(g.nodes[1].params).op, UnaryOp::kSwish);
    EXPECT_EQ(g.nodes[1].inputs, std::vector<ValueId>{x});
    EXPECT_EQ(g.nodes[1].outputs[0], y);
  }
  // The sigmoid's value is also a graph output, or the mul's other operand is not its input: no fusion.
  Subgraph h;
  ValueId x = h.AddInput("x", DataType::kFloat32, {4});
  ValueId z = h.AddInput("z", DataType::kFloat32, {4});
  ValueId s = h.AddValue(DataType::kFloat32, {4});
  h.AddNode(UnaryParams{UnaryOp::kSigmoid}, {x}, {s}, "sigmoid");
  ValueId y1 = h.AddValue(DataType::kFloat32, {4}), y2 = h.AddValue(DataType::kFloat32, {4});
  h.AddNode(BinaryParams{BinaryOp::kMul, {}}, {x, s}, {y1}, "mul");
  h.AddNode(BinaryParams{BinaryOp::kMul, {}}, {z, s}, {y2}, "mul2");
  h.AddOutput("s", s);
  h.AddOutput("y1", y1);
  h.AddOutput("y2", y2);
  FuseActivations(h);
  EXPECT_EQ(CountLive(h, kBinary), 2);
}

// A float32 constant of `values` and `shape`.
ValueId Floats(Subgraph& g, Shape shape, std::vector<float> values) {
  auto buffer = runtime::Buffer::Allocate(values.size() * sizeof(float));
  EXPECT_TRUE(buffer.ok());
  std::memcpy((*buffer)->data(), values.data(), values.size() * sizeof(float));
  return g.AddConstant(DataType::kFloat32, std::move(shape), *buffer);
}

// quantizeLinear of a convInteger's float output folds into it when nothing else sees that output and the scale
// and zero point are one-element constants; not when the float output is a graph output, not when the scale is a
// run-time value, not into a convInteger without its float epilogue.
TEST(FuseOutputQuantizationTest, FoldsARequantizationIntoTheIntegerConv) {
  const size_t kQuantize = NodeParams(QuantizeParams{}).index();
  const auto zeros = [](size_t bytes) {
    auto buffer = runtime::Buffer::Allocate(bytes);
    EXPECT_TRUE(buffer.ok());
    std::memset((*buffer)->data(), 0, bytes);
    return *buffer;
  };
  for (int c = 0; c < 4; ++c) {
    Subgraph g;
    ValueId x = g.AddInput("x", DataType::kUint8, {1, 4, 4, 8});
    ValueId zx = g.AddConstant(DataType::kUint8, {1}, zeros(1));
    ValueId w = g.AddConstant(DataType::kFloat32, {4, 1, 1, 8}, zeros(4 * 8 * sizeof(float)));
    ValueId y = g.AddValue(c == 3 ? DataType::kInt32 : DataType::kFloat32, {1, 4, 4, 4});
    ConvIntegerParams conv;
    conv.float_output = c != 3;
    g.AddNode(conv, {x, zx, w, kNoValue, kNoValue}, {y}, "conv");
    ValueId s = c == 2 ? g.AddInput("s", DataType::kFloat32, {1}) : g.AddConstant(DataType::kFloat32, {1}, zeros(4));
    ValueId z = g.AddConstant(DataType::kUint8, {1}, zeros(1));
    ValueId q = g.AddValue(DataType::kUint8, {1, 4, 4, 4});
    g.AddNode(QuantizeParams{}, {y, s, z}, {q}, "q");
    g.AddOutput("q", q);
    if (c == 1) g.AddOutput("y", y);
    FuseOutputQuantization(g);
    const auto& p = std::get<ConvIntegerParams>(g.nodes[0].params);
    EXPECT_EQ(p.quantized_output, c == 0) << c;
    EXPECT_EQ(CountLive(g, kQuantize), c == 0 ? 0 : 1) << c;
    if (c == 0) {
      EXPECT_EQ(g.nodes[0].outputs[0], q);
      EXPECT_EQ(g.nodes[0].inputs.size(), ConvIntegerParams::kQuantizationInput + 2);
      EXPECT_EQ(g.nodes[0].inputs[ConvIntegerParams::kQuantizationInput], s);
    }
  }
}

// quantizeLinear(concat(dequantizeLinear(a), x)) -> concat(a, quantizeLinear(x)) when the dequantization has the
// same scale and zero point (equal values in other constants); a dequantization with another scale is quantized
// like any input; nothing moves when the concat's float output is seen by anything else.
TEST(QuantizeConcatInputsTest, QuantizesTheInputsAndTakesBytesQuantizedTheSameWay) {
  const size_t kQuantize = NodeParams(QuantizeParams{}).index();
  const auto bytes = [](Subgraph& g, DataType type, uint8_t v) {
    auto buffer = runtime::Buffer::Allocate(1);
    EXPECT_TRUE(buffer.ok());
    (*buffer)->data()[0] = v;
    return g.AddConstant(type, {1}, *buffer);
  };
  for (int c = 0; c < 2; ++c) {
    Subgraph g;
    ValueId a = g.AddInput("a", DataType::kUint8, {1, 4, 4, 3});
    ValueId b = g.AddInput("b", DataType::kUint8, {1, 4, 4, 2});
    ValueId x = g.AddInput("x", DataType::kFloat32, {1, 4, 4, 5});
    const auto dequantized = [&](ValueId v, float scale, uint8_t zero_point) {
      ValueId y = g.AddValue(DataType::kFloat32, g.values[v].shape);
      g.AddNode(QuantizeParams{true}, {v, Floats(g, {1}, {scale}), bytes(g, DataType::kUint8, zero_point)}, {y}, "dq");
      return y;
    };
    ValueId da = dequantized(a, 0.5f, 3), db = dequantized(b, 0.25f, 3);
    ValueId cat = g.AddValue(DataType::kFloat32, {1, 4, 4, 10});
    g.AddNode(ConcatParams{3}, {da, x, db}, {cat}, "concat");
    ValueId q = g.AddValue(DataType::kUint8, {1, 4, 4, 10});
    ValueId s = Floats(g, {1}, {0.5f}), z = bytes(g, DataType::kUint8, 3);
    g.AddNode(QuantizeParams{}, {cat, s, z}, {q}, "q");
    g.AddOutput("q", q);
    if (c == 1) g.AddOutput("cat", cat);
    QuantizeConcatInputs(g);
    RemoveDeadNodes(g);
    if (c == 1) {
      EXPECT_EQ(CountLive(g, kQuantize), 3);  // unchanged
      continue;
    }
    // dq(a) kept out (a is taken as it is); x and dq(b) quantized before the concat, which writes q.
    ASSERT_EQ(CountLive(g, kQuantize), 3);
    const Node* concat = nullptr;
    for (const Node& n : g.nodes) {
      if (!n.removed && std::holds_alternative<ConcatParams>(n.params)) concat = &n;
    }
    ASSERT_NE(concat, nullptr);
    EXPECT_EQ(concat->outputs[0], q);
    ASSERT_EQ(concat->inputs.size(), 3u);
    EXPECT_EQ(concat->inputs[0], a);
    for (size_t k : {1, 2}) {
      const int p = ProducerOf(g, concat->inputs[k]);
      ASSERT_GE(p, 0);
      EXPECT_FALSE(std::get<QuantizeParams>(g.nodes[p].params).dequantize);
      EXPECT_EQ(g.nodes[p].inputs[1], s);
      EXPECT_LT(static_cast<size_t>(p), static_cast<size_t>(concat - g.nodes.data()));  // still in topological order
    }
  }
}

// reduceMin and reduceMax of all of one float32 tensor become one kMinMax node (at the first's place, outputs min
// then max); not over some axes only, not of two tensors.
TEST(PairMinMaxReductionsTest, PairsWholeTensorMinAndMaxOfOneInput) {
  const size_t kReduce = NodeParams(ReduceParams{}).index();
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {2, 3});
  ValueId other = g.AddInput("other", DataType::kFloat32, {2, 3});
  const auto reduce = [&](ReduceOp op, ValueId in, std::vector<uint32_t> axes) {
    ValueId y = g.AddValue(DataType::kFloat32, {1, 1});
    g.AddNode(ReduceParams{op, axes}, {in}, {y}, "r");
    g.AddOutput("y" + std::to_string(g.nodes.size()), y);
    return y;
  };
  ValueId mx = reduce(ReduceOp::kMax, x, {1, 0}), partial = reduce(ReduceOp::kMin, x, {1});
  ValueId mn = reduce(ReduceOp::kMin, x, {0, 1}), elsewhere = reduce(ReduceOp::kMin, other, {0, 1});
  PairMinMaxReductions(g);
  RemoveDeadNodes(g);
  EXPECT_EQ(CountLive(g, kReduce), 3);
  const auto& pair = std::get<ReduceParams>(g.nodes[0].params);
  EXPECT_EQ(pair.op, ReduceOp::kMinMax);
  EXPECT_EQ(g.nodes[0].outputs, (std::vector<ValueId>{mn, mx}));
  EXPECT_EQ(std::get<ReduceParams>(g.nodes[1].params).op, ReduceOp::kMin);  // over axis 1 only
  EXPECT_EQ(g.nodes[1].outputs[0], partial);
  EXPECT_TRUE(g.nodes[2].removed);
  EXPECT_EQ(std::get<ReduceParams>(g.nodes[3].params).op, ReduceOp::kMin);  // another tensor's
  EXPECT_EQ(g.nodes[3].outputs[0], elsewhere);
}

TEST(ReduceStrengthTest, PowOfTwoBecomesMulOnlyWhenEveryExponentIsTwoAndNothingBroadcasts) {
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {2, 3});
  const auto pow = [&](ValueId e, Shape out_shape) {
    ValueId y = g.AddValue(DataType::kFloat32, out_shape);
    g.AddNode(BinaryParams{BinaryOp::kPow, {}}, {x, e}, {y}, "pow");
    g.AddOutput("y" + std::to_string(g.nodes.size()), y);
    return g.nodes.size() - 1;
  };
  const size_t squared = pow(Floats(g, {}, {2.0f}), {2, 3});
  const size_t per_column = pow(Floats(g, {3}, {2.0f, 2.0f, 2.0f}), {2, 3});
  const size_t mixed = pow(Floats(g, {3}, {2.0f, 3.0f, 2.0f}), {2, 3});
  const size_t broadcasting = pow(Floats(g, {4, 2, 3}, std::vector<float>(24, 2.0f)), {4, 2, 3});
  ValueId variable = g.AddInput("e", DataType::kFloat32, {});
  const size_t not_constant = pow(variable, {2, 3});
  ReduceStrength(g);
  const auto op = [&](size_t node) { return std::get<BinaryParams>(g.nodes[node].params).op; };
  EXPECT_EQ(op(squared), BinaryOp::kMul);
  EXPECT_EQ(g.nodes[squared].inputs, (std::vector<ValueId>{x, x}));
  EXPECT_EQ(op(per_column), BinaryOp::kMul);
  EXPECT_EQ(op(mixed), BinaryOp::kPow);
  EXPECT_EQ(op(broadcasting), BinaryOp::kPow);
  EXPECT_EQ(op(not_constant), BinaryOp::kPow);
}

TEST(ReduceStrengthTest, ATransposeThatOnlyMovesUnitAxesBecomesACopy) {
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 1, 14, 64});
  const auto transpose = [&](std::vector<uint32_t> perm) {
    const Shape& in = g.values[x].shape;
    Shape out;
    for (uint32_t a : perm) out.push_back(in[a]);
    ValueId y = g.AddValue(DataType::kFloat32, out);
    g.AddNode(TransposeParams{perm}, {x}, {y}, "transpose");
    g.AddOutput("y" + std::to_string(g.nodes.size()), y);
    return g.nodes.size() - 1;
  };
  const size_t heads_first = transpose({0, 2, 1, 3});  // [1, 14, 1, 64]: the same bytes
  const size_t unit_last = transpose({2, 3, 1, 0});    // [14, 64, 1, 1]: the same bytes
  const size_t swapped = transpose({0, 1, 3, 2});      // [1, 1, 64, 14]: moves elements
  ReduceStrength(g);
  EXPECT_TRUE(std::holds_alternative<CopyParams>(g.nodes[heads_first].params));
  EXPECT_TRUE(std::holds_alternative<CopyParams>(g.nodes[unit_last].params));
  EXPECT_TRUE(std::holds_alternative<TransposeParams>(g.nodes[swapped].params));
}

TEST(FusePadIntoConvTest, ZerosAroundHeightAndWidthBecomeTheConvsPadding) {
  const size_t kPad = NodeParams(PadParams{}).index();
  // pad(x) -> conv (fused); pad with a non-zero value -> conv, and pad of the channels -> conv (both kept).
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 8, 8, 4});
  ValueId w = g.AddConstant(DataType::kFloat32, {4, 3, 3, 4}, nullptr);
  const auto padded = [&](std::vector<uint32_t> begin, std::vector<uint32_t> end, double value, Shape shape) {
    ValueId p = g.AddValue(DataType::kFloat32, shape);
    g.AddNode(PadParams{begin, end, PadMode::kConstant, value}, {x}, {p}, "pad");
    ValueId y = g.AddValue(DataType::kFloat32, {1, shape[1] - 2, shape[2] - 2, 4});
    Conv2dParams conv;
    conv.pad_left = 1;
    g.AddNode(conv, {p, w}, {y}, "conv");
    g.AddOutput("y" + std::to_string(g.outputs.size()), y);
  };
  padded({0, 1, 2, 0}, {0, 2, 1, 0}, 0.0, {1, 11, 11, 4});
  padded({0, 1, 1, 0}, {0, 1, 1, 0}, 1.0, {1, 10, 10, 4});
  padded({0, 1, 1, 1}, {0, 1, 1, 0}, 0.0, {1, 10, 10, 5});
  FusePadIntoConv(g);
  EXPECT_EQ(CountLive(g, kPad), 2);
  const Node* fused = nullptr;
  for (const Node& n : g.nodes) {
    if (!n.removed && n.params.index() == kConv && n.inputs[0] == x) fused = &n;
  }
  ASSERT_NE(fused, nullptr);
  const auto& p = std::get<Conv2dParams>(fused->params);
  EXPECT_EQ(p.pad_top, 1u);
  EXPECT_EQ(p.pad_bottom, 2u);
  EXPECT_EQ(p.pad_left, 3u);  // its own 1 and the pad's 2
  EXPECT_EQ(p.pad_right, 1u);
}

TEST(FusePadIntoAddTest, ZerosAtTheEndOfTheLastAxisAreReadInPlace) {
  const size_t kPad = NodeParams(PadParams{}).index();
  // add(a, pad(x)) and add(pad(x), a) fuse, the narrow operand second; a pad of +1 or -0, one at the start, one
  // read twice, or beside a broadcast operand stays.
  Subgraph g;
  ValueId a = g.AddInput("a", DataType::kFloat32, {1, 4, 4, 12});
  ValueId x = g.AddInput("x", DataType::kFloat32, {1, 4, 4, 9});
  ValueId row = g.AddInput("row", DataType::kFloat32, {1, 1, 1, 12});
  const auto pad = [&](std::vector<uint32_t> begin, std::vector<uint32_t> end, double value) {
    ValueId p = g.AddValue(DataType::kFloat32, {1, 4, 4, 12});
    g.AddNode(PadParams{begin, end, PadMode::kConstant, value}, {x}, {p}, "pad");
    return p;
  };
  const auto add = [&](ValueId l, ValueId r) {
    ValueId y = g.AddValue(DataType::kFloat32, {1, 4, 4, 12});
    g.AddNode(BinaryParams{BinaryOp::kAdd}, {l, r}, {y}, "add");
    g.AddOutput("y" + std::to_string(g.outputs.size()), y);
    return y;
  };
  add(a, pad({0, 0, 0, 0}, {0, 0, 0, 3}, 0.0));
  add(pad({0, 0, 0, 0}, {0, 0, 0, 3}, 0.0), a);
  add(a, pad({0, 0, 0, 0}, {0, 0, 0, 3}, 1.0));
  add(a, pad({0, 0, 0, 0}, {0, 0, 0, 3}, -0.0));
  add(a, pad({0, 0, 0, 3}, {0, 0, 0, 0}, 0.0));
  const ValueId twice = pad({0, 0, 0, 0}, {0, 0, 0, 3}, 0.0);
  add(a, twice);
  add(twice, a);
  add(row, pad({0, 0, 0, 0}, {0, 0, 0, 3}, 0.0));
  FusePadIntoAdd(g);
  EXPECT_EQ(CountLive(g, kPad), 5);
  int fused = 0;
  for (const Node& n : g.nodes) {
    const auto* p = std::get_if<BinaryParams>(&n.params);
    if (n.removed || !p || !p->padded_b_width) continue;
    EXPECT_EQ(p->padded_b_width, 9);
    EXPECT_EQ(n.inputs[0], a);
    EXPECT_EQ(n.inputs[1], x);
    ++fused;
  }
  EXPECT_EQ(fused, 2);
}

TEST(RemoveDeadNodesTest, DropsNodesThatReachNoOutput) {
  Subgraph g;
  ValueId x = g.AddInput("x", DataType::kFloat32, {4});
  ValueId a = g.AddValue(DataType::kFloat32, {4});
  g.AddNode(UnaryParams{UnaryOp::kExp}, {x}, {a}, "dead");
  ValueId b = g.AddValue(DataType::kFloat32, {4});
  g.AddNode(UnaryParams{UnaryOp::kRelu}, {x}, {b}, "live");
  g.AddOutput("b", b);
  RemoveDeadNodes(g);
  EXPECT_TRUE(g.nodes[0].removed);
  EXPECT_FALSE(g.nodes[1].removed);
}

}  // namespace
}  // namespace webnn::compiler
