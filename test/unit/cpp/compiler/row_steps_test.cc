// Two row-wise steps against naive references (compiler/lower/data_movement.cc, compiler/lower/elementwise.cc):
//   - pad: rows along its innermost padded axis, the unpadded axes after it a block; every mode, pads on one or
//     several axes (the outer ones too), element sizes 1, 2, 4 and 8, a fill value whose bytes differ;
//   - a float32 binary op whose one operand is a single row repeated over the other's rows (tiled per task):
//     both operand orders of non-commutative ops, row counts that do not fill the tile, a fused clamp.
// Each on one thread and, in the threaded build, on a pool of two.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "compiler/compiler.h"
#include "runtime/thread_pool.h"

namespace webnn::compiler {
namespace {

std::vector<std::unique_ptr<runtime::ThreadPool>> Pools() {
  std::vector<std::unique_ptr<runtime::ThreadPool>> pools;
  pools.push_back(nullptr);
#if WEBNN_THREADS
  pools.push_back(std::make_unique<runtime::ThreadPool>(2));
#endif
  return pools;
}

uint64_t Count(const Shape& s) {
  uint64_t n = 1;
  for (uint32_t d : s) n *= d;
  return n;
}

// The source index of output index `i` along an axis of `size`, -1 for the constant (the spec's pad modes).
int64_t SourceIndex(PadMode mode, int64_t i, int64_t size) {
  if (i >= 0 && i < size) return i;
  if (mode == PadMode::kConstant) return -1;
  if (mode == PadMode::kEdge) return i < 0 ? 0 : size - 1;
  return i < 0 ? -i : 2 * (size - 1) - i;
}

// Pads `x` (elements of `es` bytes) element by element.
std::vector<uint8_t> ReferencePad(const std::vector<uint8_t>& x, const Shape& in, const PadParams& p, size_t es,
                                  const std::vector<uint8_t>& fill) {
  Shape out(in.size());
  for (size_t d = 0; d < in.size(); ++d) out[d] = in[d] + p.begin[d] + p.end[d];
  std::vector<uint8_t> y(Count(out) * es);
  std::vector<uint32_t> idx(out.size(), 0);
  for (uint64_t i = 0; i < Count(out); ++i) {
    int64_t src = 0;
    for (size_t d = 0; d < out.size() && src >= 0; ++d) {
      const int64_t s = SourceIndex(p.mode, static_cast<int64_t>(idx[d]) - p.begin[d], in[d]);
      src = s < 0 ? -1 : src * in[d] + s;
    }
    std::memcpy(&y[i * es], src < 0 ? fill.data() : &x[src * es], es);
    for (size_t d = out.size(); d-- > 0;) {
      if (++idx[d] < out[d]) break;
      idx[d] = 0;
    }
  }
  return y;
}

struct PadCase {
  Shape in;
  std::vector<uint32_t> begin, end;
};

TEST(PadStep, MatchesElementwiseReference) {
  const std::vector<PadCase> cases = {
      {{1, 9, 7, 24}, {0, 0, 0, 0}, {0, 0, 0, 24}},    // channels (NHWC): pixel rows
      {{1, 9, 7, 5}, {0, 1, 2, 0}, {0, 2, 1, 0}},      // H and W: image rows, a block of 5
      {{2, 3, 4, 5}, {1, 0, 2, 1}, {0, 2, 0, 3}},      // every axis but one
      {{3, 4, 5}, {2, 0, 0}, {1, 0, 0}},               // the outermost axis only: one block per row
      {{130, 70}, {0, 3}, {0, 2}},                     // many rows (split across the pool)
      {{6, 5}, {0, 0}, {0, 0}},                        // nothing padded
  };
  const std::vector<std::pair<DataType, size_t>> types = {
      {DataType::kUint8, 1}, {DataType::kFloat16, 2}, {DataType::kFloat32, 4}, {DataType::kInt64, 8}};
  for (auto& pool : Pools()) {
    for (const PadCase& c : cases) {
      for (PadMode mode : {PadMode::kConstant, PadMode::kEdge, PadMode::kReflection}) {
        bool reflectable = true;  // reflection needs pads below the axis' size
        for (size_t d = 0; d < c.in.size(); ++d) reflectable &= c.begin[d] < c.in[d] && c.end[d] < c.in[d];
        if (mode == PadMode::kReflection && !reflectable) continue;
        for (auto [type, es] : types) {
          for (double value : {0.0, 3.0}) {  // 3.0's bytes differ in every type but uint8
            PadParams p;
            p.begin = c.begin;
            p.end = c.end;
            p.mode = mode;
            p.value = value;
            Shape out(c.in.size());
            for (size_t d = 0; d < c.in.size(); ++d) out[d] = c.in[d] + c.begin[d] + c.end[d];
            Subgraph g;
            ValueId x = g.AddInput("x", type, c.in);
            ValueId y = g.AddValue(type, out);
            g.AddNode(p, {x}, {y}, "pad");
            g.AddOutput("y", y);
            auto plan = Compile(g);
            ASSERT_TRUE(plan.ok());
            std::vector<uint8_t> xs(Count(c.in) * es);
            for (size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<uint8_t>(i * 37 + 11);
            if (type == DataType::kFloat16) {  // finite halves: the fill is compared bytewise, so is all of it
              for (size_t i = 1; i < xs.size(); i += 2) xs[i] &= 0x3F;
            }
            std::vector<uint8_t> fill(es);
            const float f = static_cast<float>(value);
            const uint16_t h = value == 0 ? 0 : 0x4200;  // 3.0 in float16
            const int64_t l = static_cast<int64_t>(value);
            const uint8_t u = static_cast<uint8_t>(value);
            std::memcpy(fill.data(), es == 1 ? static_cast<const void*>(&u) : es == 2 ? static_cast<const void*>(&h)
                                     : es == 4 ? static_cast<const void*>(&f) : static_cast<const void*>(&l), es);
            std::vector<uint8_t> got(Count(out) * es);
            void* inputs[] = {xs.data()};
            void* outputs[] = {got.data()};
            (*plan)->Run(inputs, outputs, pool.get());
            EXPECT_EQ(got, ReferencePad(xs, c.in, p, es, fill))
                << "mode " << static_cast<int>(mode) << " bytes " << es << " value " << value << " rank " << c.in.size()
                << " threads " << (pool ? 2 : 1);
          }
        }
      }
    }
  }
}

TEST(RepeatedRowBinary, MatchesElementwiseReferenceInBothOrders) {
  // [rows, inner] against [inner] (and [1, inner], as a squeeze-excite scale's shape), both orders.
  const std::vector<std::pair<uint32_t, uint32_t>> shapes = {{4096, 16}, {37, 24}, {3, 500}, {2, 1}, {1000, 7}};
  for (auto& pool : Pools()) {
    for (auto [rows, inner] : shapes) {
      for (BinaryOp op : {BinaryOp::kSub, BinaryOp::kDiv, BinaryOp::kMul, BinaryOp::kMax}) {
        for (bool row_first : {false, true}) {
          for (bool clamped : {false, true}) {
            BinaryParams p{op, {}};
            if (clamped) p.clamp = MinMax{-0.5f, 2.0f};
            Subgraph g;
            ValueId full = g.AddInput("full", DataType::kFloat32, {1, rows, inner});
            ValueId row = g.AddInput("row", DataType::kFloat32, {1, 1, inner});
            ValueId y = g.AddValue(DataType::kFloat32, {1, rows, inner});
            g.AddNode(p, row_first ? std::vector<ValueId>{row, full} : std::vector<ValueId>{full, row}, {y}, "op");
            g.AddOutput("y", y);
            auto plan = Compile(g);
            ASSERT_TRUE(plan.ok());
            std::vector<float> xs(static_cast<size_t>(rows) * inner), rs(inner), got(xs.size());
            for (size_t i = 0; i < xs.size(); ++i) xs[i] = std::sin(static_cast<float>(i)) * 3.0f;
            for (size_t i = 0; i < rs.size(); ++i) rs[i] = 0.25f + static_cast<float>(i % 5);
            void* inputs[] = {xs.data(), rs.data()};
            void* outputs[] = {got.data()};
            (*plan)->Run(inputs, outputs, pool.get());
            for (size_t i = 0; i < xs.size(); ++i) {
              const float a = row_first ? rs[i % inner] : xs[i], b = row_first ? xs[i] : rs[i % inner];
              float want = op == BinaryOp::kSub ? a - b : op == BinaryOp::kDiv ? a / b : op == BinaryOp::kMul ? a * b
                                                                                        : std::max(a, b);
              if (clamped) want = std::min(std::max(want, -0.5f), 2.0f);
              ASSERT_EQ(got[i], want) << "rows " << rows << " inner " << inner << " op " << static_cast<int>(op)
                                      << " row first " << row_first << " element " << i;
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace webnn::compiler
