// Along-one-axis operations that are not plain reductions: argMin/argMax and cumulativeSum. The input
// is viewed as [outer, axis, inner]; every data type through the shared element math.
#include <type_traits>

#include "compiler/lower/element_types.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/elementwise_math.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

template <typename T, typename Index>
StepPtr MakeArgMinMax(const LowerArgs& a, const ArgMinMaxParams& p) {
  const Shape& s = a.input(0).shape;
  uint64_t outer = Product(s, 0, p.axis), n = s[p.axis], inner = Product(s, p.axis + 1, s.size());
  bool max = p.max;
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep(max ? "argMax" : "argMin", [=](const ExecContext& ctx) {
    const T* x = ctx.As<T>(rx);
    Index* y = ctx.As<Index>(ry);
    ParallelRows(ctx.pool, outer, n * inner, [&](uint64_t begin, uint64_t end) {
      for (uint64_t o = begin; o < end; ++o) {
        for (uint64_t i = 0; i < inner; ++i) {
          const T* row = x + o * n * inner + i;
          auto best = Load(row[0]);
          uint64_t at = 0;
          for (uint64_t k = 1; k < n; ++k) {
            auto v = Load(row[k * inner]);
            // The first extreme wins ties; NaN never wins (comparisons with it are false).
            if (max ? v > best : v < best) best = v, at = k;
          }
          y[o * inner + i] = static_cast<Index>(at);
        }
      }
    });
  });
}

template <typename T>
StepPtr MakeCumulativeSum(const LowerArgs& a, const CumulativeSumParams& p) {
  const Shape& s = a.input(0).shape;
  uint64_t outer = Product(s, 0, p.axis), n = s[p.axis], inner = Product(s, p.axis + 1, s.size());
  bool exclusive = p.exclusive, reversed = p.reversed;
  TensorRef rx = a.in[0], ry = a.out[0];
  // Floating point sums run in double and round once per output; integers wrap.
  using Acc = std::conditional_t<std::is_floating_point_v<ComputeType<T>>, double, T>;
  return MakeStep("cumulativeSum", [=](const ExecContext& ctx) {
    const T* x = ctx.As<T>(rx);
    T* y = ctx.As<T>(ry);
    ParallelRows(ctx.pool, outer, n * inner, [&](uint64_t begin, uint64_t end) {
      for (uint64_t o = begin; o < end; ++o) {
        for (uint64_t i = 0; i < inner; ++i) {
          Acc sum{0};
          for (uint64_t step = 0; step < n; ++step) {
            uint64_t k = reversed ? n - 1 - step : step;
            uint64_t at = (o * n + k) * inner + i;
            Acc v = static_cast<Acc>(Load(x[at]));
            if (!exclusive) sum = kernels::BinaryArith<Acc>(kernels::BinaryOp::kAdd, sum, v);
            y[at] = Store<T>(sum);
            if (exclusive) sum = kernels::BinaryArith<Acc>(kernels::BinaryOp::kAdd, sum, v);
          }
        }
      }
    });
  });
}

}  // namespace

Expected<StepPtr> LowerArgMinMax(const LowerArgs& a) {
  const auto& p = std::get<ArgMinMaxParams>(a.node.params);
  bool wide = a.output(0).type == DataType::kInt64;
  return VisitType(a.input(0).type, [&](auto t) -> StepPtr {
    using T = decltype(t);
    return wide ? MakeArgMinMax<T, int64_t>(a, p) : MakeArgMinMax<T, int32_t>(a, p);
  });
}

Expected<StepPtr> LowerCumulativeSum(const LowerArgs& a) {
  const auto& p = std::get<CumulativeSumParams>(a.node.params);
  return VisitType(a.input(0).type, [&](auto t) -> StepPtr { return MakeCumulativeSum<decltype(t)>(a, p); });
}

}  // namespace webnn::compiler
