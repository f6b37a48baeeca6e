// Elementwise families: binary (with broadcasting), unary, cast, where, expand. Generic templated loops
// serve every data type; float32 contiguous runs go to the SIMD microkernels.
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "compiler/lower/broadcast.h"
#include "compiler/lower/element_types.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/vbinary.h"
#include "kernels/vunary.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// ---- binary ----

template <typename T>
inline auto Arith(BinaryOp op, T a, T b) {
  using C = ComputeType<T>;
  C x = Load(a), y = Load(b);
  if constexpr (std::is_floating_point_v<C>) {
    switch (op) {
      case BinaryOp::kAdd: return x + y;
      case BinaryOp::kSub: return x - y;
      case BinaryOp::kMul: return x * y;
      case BinaryOp::kDiv: return x / y;
      case BinaryOp::kMax: return std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y);
      case BinaryOp::kMin: return std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y);
      case BinaryOp::kPow: return static_cast<C>(std::pow(static_cast<double>(x), static_cast<double>(y)));
      default: return C{};
    }
  } else {
    // Integer arithmetic wraps (computed unsigned: signed overflow would be undefined behaviour).
    using U = std::make_unsigned_t<C>;
    switch (op) {
      case BinaryOp::kAdd: return static_cast<C>(static_cast<U>(x) + static_cast<U>(y));
      case BinaryOp::kSub: return static_cast<C>(static_cast<U>(x) - static_cast<U>(y));
      case BinaryOp::kMul: return static_cast<C>(static_cast<U>(x) * static_cast<U>(y));
      case BinaryOp::kDiv:
        // Division by zero has no integer result; 0 keeps the module alive (spec leaves it open).
        if (y == 0) return C{0};
        if constexpr (std::is_signed_v<C>) {
          if (x == std::numeric_limits<C>::min() && y == -1) return x;
        }
        return static_cast<C>(x / y);
      case BinaryOp::kMax: return std::max(x, y);
      case BinaryOp::kMin: return std::min(x, y);
      case BinaryOp::kPow: {
        if (y < 0) return static_cast<C>(x == 1 ? 1 : (x == static_cast<C>(-1) ? ((y & 1) ? -1 : 1) : 0));
        U result = 1, base = static_cast<U>(x);
        for (uint64_t e = static_cast<uint64_t>(y); e; e >>= 1) {
          if (e & 1) result *= base;
          base *= base;
        }
        return static_cast<C>(result);
      }
      default: return C{};
    }
  }
}

template <typename T>
inline uint8_t Compare(BinaryOp op, T a, T b) {
  auto x = Load(a), y = Load(b);
  switch (op) {
    case BinaryOp::kEqual: return x == y;
    case BinaryOp::kNotEqual: return x != y;
    case BinaryOp::kGreater: return x > y;
    case BinaryOp::kGreaterOrEqual: return x >= y;
    case BinaryOp::kLesser: return x < y;
    case BinaryOp::kLesserOrEqual: return x <= y;
    case BinaryOp::kLogicalAnd: return (x != 0) && (y != 0);
    case BinaryOp::kLogicalOr: return (x != 0) || (y != 0);
    case BinaryOp::kLogicalXor: return (x != 0) != (y != 0);
    default: return 0;
  }
}

bool IsArithmetic(BinaryOp op) { return op <= BinaryOp::kPow; }

template <typename T>
StepPtr MakeBinary(const LowerArgs& a, const BinaryParams& p) {
  BroadcastLoop loop = MakeBroadcastLoop(a.output(0).shape, {a.input(0).shape, a.input(1).shape});
  TensorRef ra = a.in[0], rb = a.in[1], ry = a.out[0];
  bool f32 = std::is_same_v<T, float> && IsArithmetic(p.op);
  kernels::MinMaxParams clamp{p.clamp.min, p.clamp.max};
  return MakeStep("binary", [=](const ExecContext& ctx) {
    const T* x = ctx.As<T>(ra);
    const T* y = ctx.As<T>(rb);
    uint64_t rows = loop.rows(), inner = loop.inner;
    ParallelRows(ctx.pool, rows, inner, [&](uint64_t begin, uint64_t end) {
      int64_t off[2];
      for (uint64_t r = begin; r < end; ++r) {
        loop.RowOffsets(r, off);
        const T* xa = x + off[0];
        const T* yb = y + off[1];
        int64_t sa = loop.inner_strides[0], sb = loop.inner_strides[1];
        if constexpr (std::is_same_v<T, float>) {
          if (f32) {
            float* out = ctx.As<float>(ry) + r * inner;
            auto kind = sa && sb ? kernels::BroadcastKind::kVV : sa ? kernels::BroadcastKind::kVC
                                  : sb ? kernels::BroadcastKind::kCV : kernels::BroadcastKind::kVC;
            if (!sa && !sb) {  // both scalar along the run: compute once, then splat
              float v = std::min(std::max(static_cast<float>(Arith<float>(p.op, *xa, *yb)), clamp.min), clamp.max);
              for (uint64_t i = 0; i < inner; ++i) out[i] = v;
              continue;
            }
            kernels::GetF32VBinary(static_cast<kernels::BinaryOp>(p.op), kind)(inner, xa, yb, out, &clamp);
            continue;
          }
        }
        if (IsArithmetic(p.op)) {
          T* out = ctx.As<T>(ry) + r * inner;
          for (uint64_t i = 0; i < inner; ++i) out[i] = Store<T>(Arith<T>(p.op, xa[i * sa], yb[i * sb]));
        } else {
          uint8_t* out = ctx.As<uint8_t>(ry) + r * inner;
          for (uint64_t i = 0; i < inner; ++i) out[i] = Compare<T>(p.op, xa[i * sa], yb[i * sb]);
        }
      }
    });
  });
}

// ---- unary ----

template <typename C>
inline C UnaryValue(const UnaryParams& p, C x) {
  if constexpr (std::is_floating_point_v<C>) {
    double v = x;
    switch (p.op) {
      case UnaryOp::kIdentity: return x;
      case UnaryOp::kRelu: return std::isnan(v) ? x : (v > 0 ? x : C{0});
      case UnaryOp::kClamp: return std::isnan(v) ? x : static_cast<C>(std::min(std::max(v, p.min), p.max));
      case UnaryOp::kSigmoid: return static_cast<C>(1.0 / (1.0 + std::exp(-v)));
      case UnaryOp::kTanh: return static_cast<C>(std::tanh(v));
      case UnaryOp::kErf: return static_cast<C>(std::erf(v));
      case UnaryOp::kGelu: return static_cast<C>(0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0))));
      case UnaryOp::kSqrt: return static_cast<C>(std::sqrt(v));
      case UnaryOp::kExp: return static_cast<C>(std::exp(v));
      case UnaryOp::kLog: return static_cast<C>(std::log(v));
      case UnaryOp::kAbs: return static_cast<C>(std::fabs(v));
      case UnaryOp::kNeg: return -x;
      case UnaryOp::kCeil: return static_cast<C>(std::ceil(v));
      case UnaryOp::kFloor: return static_cast<C>(std::floor(v));
      case UnaryOp::kReciprocal: return static_cast<C>(1.0 / v);
      case UnaryOp::kSin: return static_cast<C>(std::sin(v));
      case UnaryOp::kCos: return static_cast<C>(std::cos(v));
      case UnaryOp::kTan: return static_cast<C>(std::tan(v));
      case UnaryOp::kSign: return std::isnan(v) ? x : static_cast<C>(v > 0 ? 1 : v < 0 ? -1 : 0);
      case UnaryOp::kRoundEven: return static_cast<C>(std::nearbyint(v));
      case UnaryOp::kElu: return static_cast<C>(v > 0 ? v : p.alpha * (std::exp(v) - 1.0));
      case UnaryOp::kLeakyRelu: return static_cast<C>(v >= 0 ? v : p.alpha * v);
      case UnaryOp::kHardSigmoid: return static_cast<C>(std::max(0.0, std::min(1.0, p.alpha * v + p.beta)));
      case UnaryOp::kHardSwish: return static_cast<C>(v * std::max(0.0, std::min(6.0, v + 3.0)) / 6.0);
      case UnaryOp::kSoftplus: return static_cast<C>(std::log1p(std::exp(-std::fabs(v))) + std::max(v, 0.0));
      case UnaryOp::kSoftsign: return static_cast<C>(v / (1.0 + std::fabs(v)));
      case UnaryOp::kLinear: return static_cast<C>(p.alpha * v + p.beta);
      case UnaryOp::kLogicalNot: return static_cast<C>(v == 0);
      default: return x;
    }
  } else {
    using S = std::make_signed_t<C>;
    switch (p.op) {
      case UnaryOp::kIdentity: return x;
      case UnaryOp::kRelu: return std::is_signed_v<C> && static_cast<S>(x) < 0 ? C{0} : x;
      case UnaryOp::kClamp: {
        // Bounds are doubles; compare in long double space to keep 64-bit values exact near the edges.
        long double v = static_cast<long double>(x);
        if (v < static_cast<long double>(p.min)) return static_cast<C>(static_cast<long double>(p.min));
        if (v > static_cast<long double>(p.max)) return static_cast<C>(static_cast<long double>(p.max));
        return x;
      }
      case UnaryOp::kAbs: return std::is_signed_v<C> && static_cast<S>(x) < 0 ? static_cast<C>(0 - x) : x;
      case UnaryOp::kNeg: return static_cast<C>(0 - x);
      case UnaryOp::kSign: return std::is_signed_v<C> && static_cast<S>(x) < 0 ? static_cast<C>(-1) : C(x != 0);
      case UnaryOp::kLogicalNot: return C(x == 0);
      case UnaryOp::kLinear:
        return static_cast<C>(static_cast<double>(p.alpha) * static_cast<double>(x) + p.beta);
      default: return x;
    }
  }
}

kernels::UnaryOp ToKernelUnary(UnaryOp op, bool* ok) {
  *ok = true;
  switch (op) {
    case UnaryOp::kRelu: return kernels::UnaryOp::kRelu;
    case UnaryOp::kClamp: return kernels::UnaryOp::kClamp;
    case UnaryOp::kSigmoid: return kernels::UnaryOp::kSigmoid;
    case UnaryOp::kTanh: return kernels::UnaryOp::kTanh;
    case UnaryOp::kErf: return kernels::UnaryOp::kErf;
    case UnaryOp::kGelu: return kernels::UnaryOp::kGelu;
    case UnaryOp::kSqrt: return kernels::UnaryOp::kSqrt;
    case UnaryOp::kExp: return kernels::UnaryOp::kExp;
    case UnaryOp::kAbs: return kernels::UnaryOp::kAbs;
    case UnaryOp::kNeg: return kernels::UnaryOp::kNeg;
    default: *ok = false; return kernels::UnaryOp::kRelu;
  }
}

template <typename T>
StepPtr MakeUnary(const LowerArgs& a, const UnaryParams& p) {
  uint64_t n = *NumElements(a.output(0).shape);
  TensorRef rx = a.in[0], ry = a.out[0];
  bool out_u8 = p.op == UnaryOp::kIsNaN || p.op == UnaryOp::kIsInfinite;
  bool simd = false;
  kernels::UnaryOp kop{};
  if constexpr (std::is_same_v<T, float>) kop = ToKernelUnary(p.op, &simd);
  kernels::UnaryParams kp{};
  kp.min = static_cast<float>(p.min);
  kp.max = static_cast<float>(p.max);
  kp.alpha = p.alpha;
  kp.beta = p.beta;
  return MakeStep("unary", [=](const ExecContext& ctx) {
    const T* x = ctx.As<T>(rx);
    ParallelRows(ctx.pool, n, 1, [&](uint64_t begin, uint64_t end) {
      if (out_u8) {
        uint8_t* y = ctx.As<uint8_t>(ry);
        for (uint64_t i = begin; i < end; ++i) {
          auto v = Load(x[i]);
          if constexpr (std::is_floating_point_v<decltype(v)>) {
            y[i] = p.op == UnaryOp::kIsNaN ? std::isnan(v) : std::isinf(v);
          } else {
            y[i] = 0;
          }
        }
        return;
      }
      T* y = ctx.As<T>(ry);
      if constexpr (std::is_same_v<T, float>) {
        if (simd) {
          kernels::GetF32VUnary(kop)(end - begin, x + begin, y + begin, &kp);
          return;
        }
      }
      for (uint64_t i = begin; i < end; ++i) {
        if constexpr (std::is_same_v<ComputeType<T>, float>) {
          y[i] = Store<T>(UnaryValue<double>(p, static_cast<double>(Load(x[i]))));
        } else {
          y[i] = UnaryValue<T>(p, x[i]);
        }
      }
    });
  });
}

// ---- cast ----

template <typename From, typename To>
inline To CastValue(From v) {
  auto c = Load(v);
  using C = decltype(c);
  if constexpr (std::is_floating_point_v<C> && !std::is_floating_point_v<ComputeType<To>>) {
    // Float -> integer: truncate toward zero, saturate at the type's range, NaN -> 0.
    double d = static_cast<double>(c);
    if (std::isnan(d)) return To{0};
    using L = std::numeric_limits<To>;
    if (d <= static_cast<double>(L::min())) return L::min();
    if (d >= static_cast<double>(L::max())) return L::max();
    return static_cast<To>(d);
  } else if constexpr (!std::is_floating_point_v<C> && !std::is_floating_point_v<ComputeType<To>>) {
    return static_cast<To>(c);  // integer -> integer: two's complement wrap
  } else {
    return Store<To>(static_cast<ComputeType<To>>(c));
  }
}

}  // namespace

Expected<StepPtr> LowerBinary(const LowerArgs& a) {
  const auto& p = std::get<BinaryParams>(a.node.params);
  return VisitType(a.input(0).type, [&](auto t) -> StepPtr { return MakeBinary<decltype(t)>(a, p); });
}

Expected<StepPtr> LowerUnary(const LowerArgs& a) {
  const auto& p = std::get<UnaryParams>(a.node.params);
  return VisitType(a.input(0).type, [&](auto t) -> StepPtr { return MakeUnary<decltype(t)>(a, p); });
}

Expected<StepPtr> LowerCast(const LowerArgs& a) {
  uint64_t n = *NumElements(a.output(0).shape);
  TensorRef rx = a.in[0], ry = a.out[0];
  return VisitType(a.input(0).type, [&](auto from) -> StepPtr {
    return VisitType(a.output(0).type, [&](auto to) -> StepPtr {
      using F = decltype(from);
      using T = decltype(to);
      return MakeStep("cast", [=](const ExecContext& ctx) {
        const F* x = ctx.As<F>(rx);
        T* y = ctx.As<T>(ry);
        ParallelRows(ctx.pool, n, 1, [&](uint64_t b, uint64_t e) {
          for (uint64_t i = b; i < e; ++i) y[i] = CastValue<F, T>(x[i]);
        });
      });
    });
  });
}

Expected<StepPtr> LowerWhere(const LowerArgs& a) {
  size_t es = ByteSize(a.output(0).type);
  BroadcastLoop loop =
      MakeBroadcastLoop(a.output(0).shape, {a.input(0).shape, a.input(1).shape, a.input(2).shape});
  TensorRef rc = a.in[0], rt = a.in[1], rf = a.in[2], ry = a.out[0];
  return MakeStep("where", [=](const ExecContext& ctx) {
    const uint8_t* c = ctx.Ptr(rc);
    const uint8_t* t = ctx.Ptr(rt);
    const uint8_t* f = ctx.Ptr(rf);
    uint8_t* y = ctx.Ptr(ry);
    ParallelRows(ctx.pool, loop.rows(), loop.inner, [&](uint64_t b, uint64_t e) {
      int64_t off[3];
      for (uint64_t r = b; r < e; ++r) {
        loop.RowOffsets(r, off);
        for (uint64_t i = 0; i < loop.inner; ++i) {
          bool cond = c[off[0] + i * loop.inner_strides[0]] != 0;
          const uint8_t* src = cond ? t + (off[1] + i * loop.inner_strides[1]) * es
                                    : f + (off[2] + i * loop.inner_strides[2]) * es;
          std::memcpy(y + (r * loop.inner + i) * es, src, es);
        }
      }
    });
  });
}

Expected<StepPtr> LowerExpand(const LowerArgs& a) {
  size_t es = ByteSize(a.output(0).type);
  BroadcastLoop loop = MakeBroadcastLoop(a.output(0).shape, {a.input(0).shape});
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("expand", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    uint8_t* y = ctx.Ptr(ry);
    ParallelRows(ctx.pool, loop.rows(), loop.inner, [&](uint64_t b, uint64_t e) {
      int64_t off;
      for (uint64_t r = b; r < e; ++r) {
        loop.RowOffsets(r, &off);
        uint8_t* out = y + r * loop.inner * es;
        if (loop.inner_strides[0]) {
          std::memcpy(out, x + off * es, loop.inner * es);
        } else {
          for (uint64_t i = 0; i < loop.inner; ++i) std::memcpy(out + i * es, x + off * es, es);
        }
      }
    });
  });
}

}  // namespace webnn::compiler
