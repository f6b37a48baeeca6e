// Elementwise families: binary (with broadcasting), unary, cast, where, expand. Generic templated loops
// serve every data type; float32 contiguous runs go to the SIMD microkernels.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <type_traits>
#include <vector>

#include "compiler/lower/broadcast.h"
#include "compiler/lower/element_types.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/select.h"
#include "kernels/vbinary.h"
#include "kernels/vunary.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// ---- binary ----

// The element math (kernels/elementwise_math.h) on storage type T: floating point in double, rounded
// once on store.
template <typename T>
using MathType = std::conditional_t<std::is_floating_point_v<ComputeType<T>>, double, T>;

template <typename T>
inline T Arith(BinaryOp op, T a, T b) {
  using M = MathType<T>;
  return Store<T>(kernels::BinaryArith<M>(op, static_cast<M>(Load(a)), static_cast<M>(Load(b))));
}

template <typename T>
inline uint8_t Compare(BinaryOp op, T a, T b) {
  return kernels::BinaryPredicate(op, Load(a), Load(b));
}

// A run of predicate results with the operator chosen once, outside the loop (the switch per element
// kept the loop scalar: 1.4 ns per float compared), so a contiguous run vectorizes.
template <typename T, BinaryOp kOp>
void CompareRun(uint64_t count, const T* a, int64_t sa, const T* b, int64_t sb, uint8_t* out) {
  if (sa == 1 && sb == 1) {
    for (uint64_t i = 0; i < count; ++i) out[i] = kernels::BinaryPredicate(kOp, Load(a[i]), Load(b[i]));
  } else if (sa == 1 && sb == 0) {
    const auto vb = Load(*b);
    for (uint64_t i = 0; i < count; ++i) out[i] = kernels::BinaryPredicate(kOp, Load(a[i]), vb);
  } else {
    for (uint64_t i = 0; i < count; ++i) out[i] = kernels::BinaryPredicate(kOp, Load(a[i * sa]), Load(b[i * sb]));
  }
}

template <typename T>
void CompareRun(BinaryOp op, uint64_t count, const T* a, int64_t sa, const T* b, int64_t sb, uint8_t* out) {
  switch (op) {
    case BinaryOp::kEqual: return CompareRun<T, BinaryOp::kEqual>(count, a, sa, b, sb, out);
    case BinaryOp::kNotEqual: return CompareRun<T, BinaryOp::kNotEqual>(count, a, sa, b, sb, out);
    case BinaryOp::kGreater: return CompareRun<T, BinaryOp::kGreater>(count, a, sa, b, sb, out);
    case BinaryOp::kGreaterOrEqual: return CompareRun<T, BinaryOp::kGreaterOrEqual>(count, a, sa, b, sb, out);
    case BinaryOp::kLesser: return CompareRun<T, BinaryOp::kLesser>(count, a, sa, b, sb, out);
    case BinaryOp::kLesserOrEqual: return CompareRun<T, BinaryOp::kLesserOrEqual>(count, a, sa, b, sb, out);
    default:
      for (uint64_t i = 0; i < count; ++i) out[i] = Compare<T>(op, a[i * sa], b[i * sb]);
  }
}

// y = a OP b for float16 runs (each operand contiguous or one value) through float32 blocks on the stack:
// both converted, the float32 kernel, converted back. For add, sub, mul, div, max and min of two halves the
// float32 result rounded to float16 is the exact result rounded once (float32's 24 bits are enough for
// that), so this is the double path's result (add 7.7 -> ~1.5 ns per element).
inline void F16BinaryThrough32(uint64_t count, const Half* a, int64_t sa, const Half* b, int64_t sb, Half* y,
                               kernels::F32VBinaryFn f32, const kernels::MinMaxParams* clamp) {
  constexpr uint64_t kBlock = 256;
  float va[kBlock], vb[kBlock];
  if (!sa) va[0] = static_cast<float>(*a);
  if (!sb) vb[0] = static_cast<float>(*b);
  for (uint64_t i = 0; i < count; i += kBlock) {
    const uint64_t n = std::min(kBlock, count - i);
    if (sa) Widen(n, a + i, va);
    if (sb) Widen(n, b + i, vb);
    float* out = sa ? va : vb;  // in place over a vector operand (the kernels allow it)
    f32(n, va, vb, out, clamp);
    Narrow(n, out, y + i);
  }
}

// A float32 operand of one short row repeated over every row of the other (a squeeze-excite scale
// [1, 1, 1, C] over [1, H, W, C], a bias over a matmul's rows): the row is tiled into a stack buffer of
// kRepeatTile floats once per task, so the vector kernel takes many rows a call instead of one (a 16-channel
// excite mul over 64x64 pixels was 4,096 calls of 16 elements, 1.56 ns per element; a relu 0.11). Null
// when the operands are not of that form.
StepPtr MakeRepeatedRowBinary(const LowerArgs& a, const BroadcastLoop& loop, BinaryOp op, kernels::MinMaxParams clamp) {
  constexpr uint64_t kRepeatTile = 1024;
  const uint64_t inner = loop.inner, rows = loop.rows();
  if (rows < 2 || inner * 2 > kRepeatTile || loop.inner_strides[0] != 1 || loop.inner_strides[1] != 1) return nullptr;
  const uint64_t total = *NumElements(a.output(0).shape);
  int full = -1;  // the operand with every element; the other is one row
  for (int i = 0; i < 2; ++i) {
    if (*NumElements(a.input(i).shape) == total && *NumElements(a.input(1 - i).shape) == inner) full = i;
  }
  if (full < 0) return nullptr;
  const kernels::F32VBinaryFn kernel = kernels::GetF32VBinary(op, kernels::BroadcastKind::kVV);
  const uint64_t rows_per_call = kRepeatTile / inner;
  TensorRef rfull = a.in[full], rrow = a.in[1 - full], ry = a.out[0];
  return MakeStep("binary", [=](const ExecContext& ctx) {
    const float* x = ctx.As<float>(rfull);
    const float* row = ctx.As<float>(rrow);
    float* y = ctx.As<float>(ry);
    ParallelRows(ctx.pool, rows, inner, [&](uint64_t begin, uint64_t end) {
      alignas(16) float tiled[kRepeatTile];
      for (uint64_t k = 0; k < rows_per_call; ++k) std::memcpy(tiled + k * inner, row, inner * sizeof(float));
      for (uint64_t r = begin; r < end; r += rows_per_call) {
        const uint64_t n = std::min(rows_per_call, end - r) * inner;
        // The operands keep their order: sub and div are not symmetric.
        if (full == 0) {
          kernel(n, x + r * inner, tiled, y + r * inner, &clamp);
        } else {
          kernel(n, tiled, x + r * inner, y + r * inner, &clamp);
        }
      }
    });
  });
}

template <typename T>
StepPtr MakeBinary(const LowerArgs& a, const BinaryParams& p) {
  BroadcastLoop loop = MakeBroadcastLoop(a.output(0).shape, {a.input(0).shape, a.input(1).shape});
  TensorRef ra = a.in[0], rb = a.in[1], ry = a.out[0];
  bool f32 = std::is_same_v<T, float> && kernels::IsArithmetic(p.op);
  kernels::MinMaxParams clamp{p.clamp.min, p.clamp.max};
  const int64_t sa = loop.inner_strides[0], sb = loop.inner_strides[1];
  const auto kind = sa && sb ? kernels::BroadcastKind::kVV : sa ? kernels::BroadcastKind::kVC
                    : sb ? kernels::BroadcastKind::kCV : kernels::BroadcastKind::kVC;
  const kernels::F32VBinaryFn f32_kernel = f32 ? kernels::GetF32VBinary(p.op, kind) : nullptr;
  const bool f16_via_f32 = std::is_same_v<T, Half> && kernels::IsArithmetic(p.op) && p.op != BinaryOp::kPow &&
                           (sa == 0 || sa == 1) && (sb == 0 || sb == 1) && (sa || sb);
  const kernels::F32VBinaryFn f16_kernel = f16_via_f32 ? kernels::GetF32VBinary(p.op, kind) : nullptr;
  // One row of `count` elements from element `from` on: the f32 kernels on contiguous runs, else the
  // generic loop.
  const uint64_t inner = loop.inner;
  const auto run = [=](const ExecContext& ctx, uint64_t r, const int64_t* offsets, uint64_t from, uint64_t count) {
    const T* xa = ctx.As<T>(ra) + offsets[0] + from * sa;
    const T* yb = ctx.As<T>(rb) + offsets[1] + from * sb;
    const uint64_t at = r * inner + from;
    if constexpr (std::is_same_v<T, float>) {
      if (f32) {
        float* out = ctx.As<float>(ry) + at;
        if (!sa && !sb) {  // both scalar along the run: compute once, then splat
          float v = std::min(std::max(Arith<float>(p.op, *xa, *yb), clamp.min), clamp.max);
          for (uint64_t i = 0; i < count; ++i) out[i] = v;
          return;
        }
        f32_kernel(count, xa, yb, out, &clamp);
        return;
      }
    }
    if constexpr (std::is_same_v<T, Half>) {
      if (f16_kernel) return F16BinaryThrough32(count, xa, sa, yb, sb, ctx.As<Half>(ry) + at, f16_kernel, &clamp);
    }
    if (kernels::IsArithmetic(p.op)) {
      T* out = ctx.As<T>(ry) + at;
      for (uint64_t i = 0; i < count; ++i) out[i] = Arith<T>(p.op, xa[i * sa], yb[i * sb]);
    } else {
      CompareRun<T>(p.op, count, xa, sa, yb, sb, ctx.As<uint8_t>(ry) + at);
    }
  };
  if constexpr (std::is_same_v<T, float>) {
    if (f32) {
      if (auto step = MakeRepeatedRowBinary(a, loop, p.op, clamp)) return step;
    }
  }
  return MakeStep("binary", [=](const ExecContext& ctx) {
    ParallelBroadcastRows(ctx.pool, loop, [&](uint64_t r, const int64_t* offsets, uint64_t from, uint64_t count) {
      run(ctx, r, offsets, from, count);
    });
  });
}

// ---- unary ----

// Unary ops whose result depends on per-node parameters (bounds, alpha, beta) besides the input. In
// float16 they run as float32 kernels between two conversions (F16Through32): their float32 result rounded
// to float16 is the double result rounded once (clamp), or within WPT's float16 tolerance of it (elu, and
// the affine leakyRelu, linear and hardSigmoid: 2 ULP and more). Every other float16 unary op reads a
// table (F16ResultTable).
bool HasParameters(UnaryOp op) {
  switch (op) {
    case UnaryOp::kClamp: case UnaryOp::kElu: case UnaryOp::kLeakyRelu: case UnaryOp::kLinear:
    case UnaryOp::kHardSigmoid:
      return true;
    default:
      return false;
  }
}

// y = f(x) for float16 x and y through float32 blocks on the stack: convert, the float32 kernel, convert
// back (elu 12 -> ~2 ns per element).
inline void F16Through32(size_t n, const Half* x, Half* y, kernels::F32VUnaryFn f32, const kernels::UnaryParams* kp) {
  constexpr size_t kBlock = 256;
  float buffer[kBlock];
  for (size_t i = 0; i < n; i += kBlock) {
    const size_t count = std::min(kBlock, n - i);
    Widen(count, x + i, buffer);
    f32(count, buffer, buffer, kp);
    Narrow(count, buffer, y + i);
  }
}

// float16 unary ops whose result depends on the input alone (not HasParameters; not the predicates, whose
// results are uint8): their inputs are only 65536, so each result is read from a table of all of them, made
// once per process by the double path (so the same bits: the double result rounded once), at the first
// build() that needs it (~1-3 ms; 128 KB per op). A lookup per element, where the double path took 8-30 ns
// (exp and log 27) and the float32 kernels between two conversions 1.1-3.6.
const uint16_t* F16ResultTable(UnaryOp op) {
  static std::once_flag once[kernels::kUnaryOpCount];
  static std::vector<uint16_t> tables[kernels::kUnaryOpCount];
  const size_t k = static_cast<size_t>(op);
  std::call_once(once[k], [&] {
    std::vector<uint16_t>& table = tables[k];
    table.resize(65536);
    for (uint32_t b = 0; b < table.size(); ++b) {
      Half h;
      h.bits = static_cast<uint16_t>(b);
      table[b] = Store<Half>(kernels::UnaryMath<MathType<Half>>(op, static_cast<MathType<Half>>(Load(h)), {})).bits;
    }
  });
  return tables[k].data();
}

template <typename T>
StepPtr MakeUnary(const LowerArgs& a, const UnaryParams& p) {
  uint64_t n = *NumElements(a.output(0).shape);
  TensorRef rx = a.in[0], ry = a.out[0];
  const bool predicate = a.output(0).type == DataType::kUint8 && a.input(0).type != DataType::kUint8;
  kernels::UnaryMathParams mp{p.min, p.max, p.alpha, p.beta};
  kernels::UnaryParams kp{static_cast<float>(p.min), static_cast<float>(p.max), p.alpha, p.beta};
  kernels::F32VUnaryFn f32 = kernels::GetF32VUnary(p.op);
  const bool via_f32 = HasParameters(p.op);
  const uint16_t* f16_table = std::is_same_v<T, Half> && !predicate && !via_f32 ? F16ResultTable(p.op) : nullptr;
  return MakeStep("unary", [=](const ExecContext& ctx) {
    const T* x = ctx.As<T>(rx);
    ParallelRows(ctx.pool, n, 1, [&](uint64_t begin, uint64_t end) {
      using M = MathType<T>;
      if (predicate) {  // isNaN, isInfinite: uint8 out
        uint8_t* y = ctx.As<uint8_t>(ry);
        for (uint64_t i = begin; i < end; ++i) y[i] = kernels::UnaryMath<M>(p.op, static_cast<M>(Load(x[i])), mp) != 0;
        return;
      }
      T* y = ctx.As<T>(ry);
      if constexpr (std::is_same_v<T, float>) {
        f32(end - begin, x + begin, y + begin, &kp);
        return;
      } else if constexpr (std::is_same_v<T, Half>) {
        if (f16_table) {
          for (uint64_t i = begin; i < end; ++i) y[i].bits = f16_table[x[i].bits];
          return;
        }
        if (via_f32) return F16Through32(end - begin, x + begin, y + begin, f32, &kp);
      }
      for (uint64_t i = begin; i < end; ++i) y[i] = Store<T>(kernels::UnaryMath<M>(p.op, static_cast<M>(Load(x[i])), mp));
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

// Into int4 or uint4, held in int8 / uint8 (base/data_type.h): the 8-bit results of CastValue narrowed by the
// same rule, saturating from a float (clamp to [-8, 7] or [0, 15]: clamping the 8-bit saturation again gives
// the 4-bit one) and wrapping from an integer (the low four bits, sign-extended for int4).
template <bool kFromFloat, typename T>
void FitFourBit(uint64_t n, T* y) {
  for (uint64_t i = 0; i < n; ++i) {
    if constexpr (kFromFloat) {
      y[i] = SaturateFourBit(y[i]);
    } else if constexpr (std::is_signed_v<T>) {
      y[i] = static_cast<T>(static_cast<int8_t>(y[i] << 4) >> 4);
    } else {
      y[i] = static_cast<T>(y[i] & 0xF);
    }
  }
}

}  // namespace

// add(a, pad(x) with zeros at the end of the last axis), the pad fused (passes/fuse_pad.cc): x's rows read where
// they lie, no padded copy made.
StepPtr MakePaddedAdd(const LowerArgs& a, const BinaryParams& p) {
  const int64_t ca = a.output(0).shape.back(), cb = p.padded_b_width;
  const uint64_t rows = *NumElements(a.output(0).shape) / static_cast<uint64_t>(ca);
  const kernels::F32VAddPaddedFn kernel = kernels::GetF32VAddPadded();
  const kernels::MinMaxParams clamp{p.clamp.min, p.clamp.max};
  TensorRef ra = a.in[0], rb = a.in[1], ry = a.out[0];
  return MakeStep("binary", [=](const ExecContext& ctx) {
    const float* xa = ctx.As<float>(ra);
    const float* xb = ctx.As<float>(rb);
    float* y = ctx.As<float>(ry);
    ParallelRows(ctx.pool, rows, static_cast<uint64_t>(ca), [&](uint64_t begin, uint64_t end) {
      kernel(end - begin, ca, cb, xa + begin * ca, xb + begin * cb, y + begin * ca, &clamp);
    });
  });
}

Expected<StepPtr> LowerBinary(const LowerArgs& a) {
  const auto& p = std::get<BinaryParams>(a.node.params);
  if (p.padded_b_width) return MakePaddedAdd(a, p);
  return VisitType(a.input(0).type, [&](auto t) -> StepPtr { return MakeBinary<decltype(t)>(a, p); });
}

Expected<StepPtr> LowerUnary(const LowerArgs& a) {
  const auto& p = std::get<UnaryParams>(a.node.params);
  return VisitType(a.input(0).type, [&](auto t) -> StepPtr { return MakeUnary<decltype(t)>(a, p); });
}

Expected<StepPtr> LowerCast(const LowerArgs& a) {
  uint64_t n = *NumElements(a.output(0).shape);
  TensorRef rx = a.in[0], ry = a.out[0];
  const bool to_four_bit = IsFourBit(a.output(0).type);
  return VisitType(a.input(0).type, [&](auto from) -> StepPtr {
    return VisitType(a.output(0).type, [&](auto to) -> StepPtr {
      using F = decltype(from);
      using T = decltype(to);
      return MakeStep("cast", [=](const ExecContext& ctx) {
        const F* x = ctx.As<F>(rx);
        T* y = ctx.As<T>(ry);
        ParallelRows(ctx.pool, n, 1, [&](uint64_t b, uint64_t e) {
          // float16 <-> float32: the conversion kernels, bit-exact with the per-element casts (which took
          // 1.4 and 5.8 ns per element; softmax and layerNormalization in float16 cast around float32).
          if constexpr (std::is_same_v<F, Half> && std::is_same_v<T, float>) {
            Widen(e - b, x + b, y + b);
          } else if constexpr (std::is_same_v<F, float> && std::is_same_v<T, Half>) {
            Narrow(e - b, x + b, y + b);
          } else {
            for (uint64_t i = b; i < e; ++i) y[i] = CastValue<F, T>(x[i]);
            if constexpr (sizeof(T) == 1) {
              if (to_four_bit) FitFourBit<std::is_floating_point_v<ComputeType<F>>>(e - b, y + b);
            }
          }
        });
      });
    });
  });
}

// One row of where(): element types by size (the bytes move unchanged), so the copy is a typed load and
// store, not a memcpy call per element (1x64x56x56: 8 ns per element); contiguous rows in their own loop.
template <typename E>
void WhereRow(uint64_t n, const uint8_t* c, int64_t sc, const E* t, int64_t st, const E* f, int64_t sf, E* y) {
  if (sc == 1 && st == 1 && sf == 1) {
    if constexpr (sizeof(E) == 4) {
      kernels::x32_select_ukernel__wasmsimd_u16(n, c, t, f, y);
    } else {
      for (uint64_t i = 0; i < n; ++i) y[i] = c[i] != 0 ? t[i] : f[i];
    }
    return;
  }
  for (uint64_t i = 0; i < n; ++i) y[i] = c[i * sc] != 0 ? t[i * st] : f[i * sf];
}

template <typename E>
StepPtr MakeWhere(const LowerArgs& a) {
  BroadcastLoop loop =
      MakeBroadcastLoop(a.output(0).shape, {a.input(0).shape, a.input(1).shape, a.input(2).shape});
  TensorRef rc = a.in[0], rt = a.in[1], rf = a.in[2], ry = a.out[0];
  return MakeStep("where", [=](const ExecContext& ctx) {
    const uint8_t* c = ctx.Ptr(rc);
    const E* t = ctx.As<E>(rt);
    const E* f = ctx.As<E>(rf);
    E* y = ctx.As<E>(ry);
    ParallelRows(ctx.pool, loop.rows(), loop.inner, [&](uint64_t b, uint64_t e) {
      BroadcastRowCursor cursor(loop, b);
      for (uint64_t r = b; r < e; ++r, cursor.Next()) {
        const int64_t* off = cursor.offsets();
        WhereRow<E>(loop.inner, c + off[0], loop.inner_strides[0], t + off[1], loop.inner_strides[1], f + off[2],
                    loop.inner_strides[2], y + r * loop.inner);
      }
    });
  });
}

Expected<StepPtr> LowerWhere(const LowerArgs& a) {
  switch (ByteSize(a.output(0).type)) {
    case 1: return MakeWhere<uint8_t>(a);
    case 2: return MakeWhere<uint16_t>(a);
    case 4: return MakeWhere<uint32_t>(a);
    case 8: return MakeWhere<uint64_t>(a);
    default: return NotSupported("where: an element size of " + std::to_string(ByteSize(a.output(0).type)) + " bytes.");
  }
}

Expected<StepPtr> LowerExpand(const LowerArgs& a) {
  size_t es = ByteSize(a.output(0).type);
  BroadcastLoop loop = MakeBroadcastLoop(a.output(0).shape, {a.input(0).shape});
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("expand", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    uint8_t* y = ctx.Ptr(ry);
    ParallelRows(ctx.pool, loop.rows(), loop.inner, [&](uint64_t b, uint64_t e) {
      BroadcastRowCursor cursor(loop, b);
      for (uint64_t r = b; r < e; ++r, cursor.Next()) {
        const int64_t off = cursor.offsets()[0];
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
