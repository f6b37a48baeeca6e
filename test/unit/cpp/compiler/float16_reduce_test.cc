// float16 reductions over consecutive axes run the float32 kernels on widened blocks
// (compiler/lower/reduce_norm.cc): each result must be the double result rounded once to float16, as the
// generic walk gives it. Rows (reduced axes innermost, longer than one block) and columns (an inner axis
// left), every sum-based op, reduceMax and reduceMin, with NaN, -0 and +0 in their rows.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "base/float16.h"
#include "compiler/compiler.h"

namespace webnn::compiler {
namespace {

std::vector<uint16_t> Halves(size_t n, uint32_t seed) {
  std::vector<uint16_t> h(n);
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    h[i] = Float32ToFloat16(static_cast<float>(seed >> 8) / 16777216.0f * 8.0f - 4.0f);
  }
  return h;
}

// Reduces x of shape {outer, reduced, inner} over axis 1 (or axes {1} of {outer, reduced} when inner is 1).
std::vector<uint16_t> Reduce(ReduceOp op, const std::vector<uint16_t>& x, uint32_t outer, uint32_t reduced, uint32_t inner) {
  Subgraph g;
  const Shape in_shape = inner == 1 ? Shape{outer, reduced} : Shape{outer, reduced, inner};
  const Shape out_shape = inner == 1 ? Shape{outer, 1} : Shape{outer, 1, inner};  // the reduced dim kept as 1
  ValueId v = g.AddInput("x", DataType::kFloat16, in_shape);
  ValueId y = g.AddValue(DataType::kFloat16, out_shape);
  ReduceParams params;
  params.op = op;
  params.axes = {1};
  g.AddNode(params, {v}, {y}, "reduce");
  g.AddOutput("y", y);
  auto plan = Compile(g);
  EXPECT_TRUE(plan.ok());
  std::vector<uint16_t> out(static_cast<size_t>(outer) * inner);
  void* inputs[] = {const_cast<uint16_t*>(x.data())};
  void* outputs[] = {out.data()};
  (*plan)->Run(inputs, outputs, nullptr);
  return out;
}

double Reference(ReduceOp op, const std::vector<uint16_t>& x, uint32_t o, uint32_t reduced, uint32_t inner, uint32_t c) {
  double sum = 0, max = -INFINITY, min = INFINITY;
  bool nan = false;
  for (uint32_t r = 0; r < reduced; ++r) {
    const double v = Float16ToFloat32(x[(static_cast<size_t>(o) * reduced + r) * inner + c]);
    nan |= std::isnan(v);
    max = v > max || (v == 0 && max == 0 && !std::signbit(v)) ? v : max;
    min = v < min || (v == 0 && min == 0 && std::signbit(v)) ? v : min;
    sum += op == ReduceOp::kL1 ? std::fabs(v) : op == ReduceOp::kL2 || op == ReduceOp::kSumSquare ? v * v : v;
  }
  switch (op) {
    case ReduceOp::kMax: return nan ? NAN : max;
    case ReduceOp::kMin: return nan ? NAN : min;
    case ReduceOp::kMean: return sum / reduced;
    case ReduceOp::kL2: return std::sqrt(sum);
    case ReduceOp::kLogSum: return std::log(sum);
    default: return sum;
  }
}

void Check(ReduceOp op, const std::vector<uint16_t>& x, uint32_t outer, uint32_t reduced, uint32_t inner) {
  const std::vector<uint16_t> out = Reduce(op, x, outer, reduced, inner);
  for (uint32_t o = 0; o < outer; ++o) {
    for (uint32_t c = 0; c < inner; ++c) {
      const uint16_t want = Half::FromDouble(Reference(op, x, o, reduced, inner, c)).bits;
      const uint16_t got = out[o * inner + c];
      const bool want_nan = (want & 0x7FFF) > 0x7C00, got_nan = (got & 0x7FFF) > 0x7C00;
      ASSERT_TRUE(want_nan || got_nan ? want_nan == got_nan : want == got)
          << "op " << static_cast<int>(op) << " outer " << o << " column " << c << " got 0x" << std::hex << got
          << " want 0x" << want;
    }
  }
}

TEST(Float16Reduce, RowsAndColumnsAreTheDoubleResultRoundedOnce) {
  for (ReduceOp op : {ReduceOp::kSum, ReduceOp::kMean, ReduceOp::kL1, ReduceOp::kL2, ReduceOp::kSumSquare,
                      ReduceOp::kLogSum, ReduceOp::kMax, ReduceOp::kMin}) {
    Check(op, Halves(5 * 2500, 7), 5, 2500, 1);  // rows of more than one block (1024)
    Check(op, Halves(3 * 37, 8), 3, 37, 1);      // rows shorter than a vector's worth of blocks
    if (op != ReduceOp::kMax && op != ReduceOp::kMin) {
      Check(op, Halves(2 * 300 * 64, 9), 2, 300, 64);  // columns: blocks of 16 rows of 64
      Check(op, Halves(2 * 5 * 3000, 10), 2, 5, 3000);  // columns wider than a block: a row at a time
    }
  }
}

TEST(Float16Reduce, MaxOverRowsKeepsNaNAndPrefersPositiveZero) {
  std::vector<uint16_t> x(3 * 2100, Float32ToFloat16(-1.0f));
  x[1500] = 0x7E00;            // row 0: a NaN in the second block
  x[2100 + 100] = 0x8000;      // row 1: -0 in the first block, +0 in the third
  x[2100 + 2050] = 0x0000;
  x[4200 + 2099] = Float32ToFloat16(3.5f);  // row 2: its max as the very last element
  const std::vector<uint16_t> out = Reduce(ReduceOp::kMax, x, 3, 2100, 1);
  EXPECT_GT(out[0] & 0x7FFF, 0x7C00);
  EXPECT_EQ(out[1], 0x0000);
  EXPECT_EQ(out[2], Float32ToFloat16(3.5f));
}

TEST(Float16Reduce, MinOverRowsKeepsNaNAndPrefersNegativeZero) {
  std::vector<uint16_t> x(3 * 2100, Float32ToFloat16(1.0f));
  x[1500] = 0x7E00;            // row 0: a NaN in the second block
  x[2100 + 100] = 0x0000;      // row 1: +0 in the first block, -0 in the third
  x[2100 + 2050] = 0x8000;
  x[4200 + 2099] = Float32ToFloat16(-3.5f);  // row 2: its min as the very last element
  const std::vector<uint16_t> out = Reduce(ReduceOp::kMin, x, 3, 2100, 1);
  EXPECT_GT(out[0] & 0x7FFF, 0x7C00);
  EXPECT_EQ(out[1], 0x8000);
  EXPECT_EQ(out[2], Float32ToFloat16(-3.5f));
}

}  // namespace
}  // namespace webnn::compiler
