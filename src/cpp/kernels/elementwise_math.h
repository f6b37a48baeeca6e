// The one implementation of every elementwise operation's math, for one element. Scalar kernels,
// the compiler's generic (any data type) loops, constant folding (which runs those loops) and the
// kernel tests' references all call these; SIMD kernels approximate them within the WPT tolerances.
//
// Floating point: computed in double and rounded once by the caller (float32 and float16 results are
// then within 1 rounding of the exact value, which is what WPT's float64 reference expects).
// Integers: C++ semantics on the storage type; overflow wraps (computed unsigned), division by zero
// gives 0 and INT_MIN / -1 gives INT_MIN: nothing traps.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace webnn::kernels {

enum class UnaryOp : uint8_t {
#define WEBNN_UNARY_OP(op, name) op,
#include "kernels/unary_ops.def"
#undef WEBNN_UNARY_OP
};
constexpr size_t kUnaryOpCount = 0
#define WEBNN_UNARY_OP(op, name) +1
#include "kernels/unary_ops.def"
#undef WEBNN_UNARY_OP
    ;

enum class BinaryOp : uint8_t {
#define WEBNN_BINARY_OP(op, name, kind) op,
#include "kernels/binary_ops.def"
#undef WEBNN_BINARY_OP
};
enum class BinaryKind : uint8_t { kArithmetic, kPredicate };
constexpr BinaryKind KindOf(BinaryOp op) {
  switch (op) {
#define WEBNN_BINARY_OP(op, name, kind) \
  case BinaryOp::op: return BinaryKind::kind;
#include "kernels/binary_ops.def"
#undef WEBNN_BINARY_OP
  }
  return BinaryKind::kArithmetic;
}
constexpr bool IsArithmetic(BinaryOp op) { return KindOf(op) == BinaryKind::kArithmetic; }

// Operation parameters at full precision: clamp bounds (exact for integers up to 2^53), and alpha /
// beta of elu, leakyRelu, hardSigmoid and linear.
struct UnaryMathParams {
  double min = -INFINITY, max = INFINITY;
  double alpha = 0.0, beta = 0.0;
};

// Predicates (logicalNot, isNaN, isInfinite) return 1 or 0 in C.
template <typename C>
inline C UnaryMath(UnaryOp op, C x, const UnaryMathParams& p) {
  if constexpr (std::is_floating_point_v<C>) {
    const double v = x;
    switch (op) {
      case UnaryOp::kIdentity: return x;
      case UnaryOp::kRelu: return v < 0 ? C{0} : x;  // NaN and -0 pass through
      case UnaryOp::kClamp: return std::isnan(v) ? x : static_cast<C>(std::min(std::max(v, p.min), p.max));
      case UnaryOp::kSigmoid: return static_cast<C>(1.0 / (1.0 + std::exp(-v)));
      case UnaryOp::kTanh: return static_cast<C>(std::tanh(v));
      case UnaryOp::kErf: return static_cast<C>(std::erf(v));
      // x * Phi(x) through erfc keeps precision for negative x; at -inf the limit is -0, not NaN.
      case UnaryOp::kGelu: return v == -INFINITY ? C{-0.0} : static_cast<C>(0.5 * v * std::erfc(-v * 0.70710678118654752440));
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
      case UnaryOp::kSign: return v > 0 ? C{1} : v < 0 ? C{-1} : x;  // keeps ±0 and NaN
      case UnaryOp::kRoundEven: return static_cast<C>(std::nearbyint(v));
      case UnaryOp::kElu: return v > 0 ? x : static_cast<C>(p.alpha * std::expm1(v));
      case UnaryOp::kLeakyRelu: return v >= 0 ? x : static_cast<C>(p.alpha * v);
      case UnaryOp::kHardSigmoid:
        return std::isnan(v) ? x : static_cast<C>(std::fmax(0.0, std::fmin(1.0, p.alpha * v + p.beta)));
      case UnaryOp::kHardSwish: return std::isnan(v) ? x : static_cast<C>(v * std::fmax(0.0, std::fmin(6.0, v + 3.0)) / 6.0);
      case UnaryOp::kSoftplus:
        return std::isnan(v) ? x : static_cast<C>(std::log1p(std::exp(-std::fabs(v))) + std::fmax(v, 0.0));
      case UnaryOp::kSoftsign:
        return std::isinf(v) ? C(v > 0 ? 1 : -1) : static_cast<C>(v / (1.0 + std::fabs(v)));
      case UnaryOp::kLinear: return static_cast<C>(p.alpha * v + p.beta);
      case UnaryOp::kLogicalNot: return C(v == 0);
      case UnaryOp::kIsNaN: return C(std::isnan(v));
      case UnaryOp::kIsInfinite: return C(std::isinf(v));
      // As mul(x, sigmoid(x)) computes it: -inf gives -inf * 0 = NaN there too.
      case UnaryOp::kSwish: return static_cast<C>(v * (1.0 / (1.0 + std::exp(-v))));
    }
    return x;
  } else {
    constexpr bool kSigned = std::is_signed_v<C>;
    const bool negative = kSigned && x < 0;
    switch (op) {
      case UnaryOp::kRelu: return negative ? C{0} : x;
      case UnaryOp::kClamp: {
        // Bounds are doubles; compare in long double to keep 64-bit values exact near the edges.
        long double v = static_cast<long double>(x);
        if (v < static_cast<long double>(p.min)) return static_cast<C>(static_cast<long double>(p.min));
        if (v > static_cast<long double>(p.max)) return static_cast<C>(static_cast<long double>(p.max));
        return x;
      }
      case UnaryOp::kAbs: return negative ? static_cast<C>(0 - x) : x;
      case UnaryOp::kNeg: return static_cast<C>(0 - x);
      case UnaryOp::kSign: return negative ? static_cast<C>(-1) : C(x != 0);
      case UnaryOp::kLogicalNot: return C(x == 0);
      case UnaryOp::kIsNaN:
      case UnaryOp::kIsInfinite: return C{0};
      case UnaryOp::kLinear: return static_cast<C>(p.alpha * static_cast<double>(x) + p.beta);
      default: return x;  // validation admits no other op on integers
    }
  }
}

// Arithmetic binary operations. C is double for floating-point types (the caller rounds once), else
// the integer storage type.
template <typename C>
inline C BinaryArith(BinaryOp op, C a, C b) {
  if constexpr (std::is_floating_point_v<C>) {
    switch (op) {
      case BinaryOp::kAdd: return a + b;
      case BinaryOp::kSub: return a - b;
      case BinaryOp::kMul: return a * b;
      case BinaryOp::kDiv: return a / b;
      // f32x4.max/min semantics: NaN if either is NaN; max(-0, +0) = +0, min(-0, +0) = -0.
      case BinaryOp::kMax:
        if (std::isnan(a) || std::isnan(b)) return a + b;
        if (a == b) return std::signbit(a) ? b : a;
        return a > b ? a : b;
      case BinaryOp::kMin:
        if (std::isnan(a) || std::isnan(b)) return a + b;
        if (a == b) return std::signbit(a) ? a : b;
        return a < b ? a : b;
      case BinaryOp::kPow: return static_cast<C>(std::pow(static_cast<double>(a), static_cast<double>(b)));
      default: return C{0};
    }
  } else {
    // Unsigned and at least int wide: uint16*uint16 promoted to int could overflow (undefined).
    using U = std::common_type_t<std::make_unsigned_t<C>, unsigned>;
    switch (op) {
      case BinaryOp::kAdd: return static_cast<C>(static_cast<U>(a) + static_cast<U>(b));
      case BinaryOp::kSub: return static_cast<C>(static_cast<U>(a) - static_cast<U>(b));
      case BinaryOp::kMul: return static_cast<C>(static_cast<U>(a) * static_cast<U>(b));
      case BinaryOp::kDiv:
        if (b == 0) return C{0};
        if constexpr (std::is_signed_v<C>) {
          if (a == std::numeric_limits<C>::min() && b == C(-1)) return a;
        }
        return static_cast<C>(a / b);
      case BinaryOp::kMax: return a < b ? b : a;
      case BinaryOp::kMin: return b < a ? b : a;
      case BinaryOp::kPow: {
        if constexpr (std::is_signed_v<C>) {
          if (b < 0) return a == 1 ? C{1} : a == C(-1) ? ((b & 1) ? C(-1) : C{1}) : C{0};
        }
        U result = 1, base = static_cast<U>(static_cast<std::make_unsigned_t<C>>(a));
        for (std::make_unsigned_t<C> e = static_cast<std::make_unsigned_t<C>>(b); e != 0; e >>= 1) {
          if (e & 1) result = static_cast<std::make_unsigned_t<C>>(result * base);
          base = static_cast<std::make_unsigned_t<C>>(base * base);
        }
        return static_cast<C>(result);
      }
      default: return C{0};
    }
  }
}

// Comparison and logical binary operations: 1 or 0.
template <typename C>
inline uint8_t BinaryPredicate(BinaryOp op, C a, C b) {
  switch (op) {
    case BinaryOp::kEqual: return a == b;
    case BinaryOp::kNotEqual: return a != b;
    case BinaryOp::kGreater: return a > b;
    case BinaryOp::kGreaterOrEqual: return a >= b;
    case BinaryOp::kLesser: return a < b;
    case BinaryOp::kLesserOrEqual: return a <= b;
    case BinaryOp::kLogicalAnd: return (a != 0) && (b != 0);
    case BinaryOp::kLogicalOr: return (a != 0) || (b != 0);
    case BinaryOp::kLogicalXor: return (a != 0) != (b != 0);
    default: return 0;
  }
}

}  // namespace webnn::kernels
