// quantizeLinear and dequantizeLinear in one pass (QuantizeParams), where they were a chain of casts,
// binaries and unaries with a float32 copy of the tensor between each (a [1, 32, 512, 512] quantize of a
// dynamically quantized conv stack: ~35 ms and two 32 MB intermediates). Rows whose scale and zero point
// are one value (per-tensor, or per-row of a per-axis or blockwise scale) of an 8-bit type to or from
// float32 run the qx8 conversion kernels; everything else runs the same formula element by element.
#include <cmath>
#include <type_traits>

#include "compiler/lower/broadcast.h"
#include "compiler/lower/element_types.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/qvcvt.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

template <typename T>
float AsFloat(T v) {
  return static_cast<float>(Load(v));
}

// The formula on one element (scale and zero point already read), as the kernels' scalar twins compute it.
template <typename Q, typename F>
F DequantizeOne(Q x, float scale, Q zero_point) {
  return Store<F>(static_cast<ComputeType<F>>((AsFloat(x) - AsFloat(zero_point)) * scale));
}

template <typename F, typename Q>
Q QuantizeOne(F x, float scale, Q zero_point) {
  using L = std::numeric_limits<Q>;
  const float q = std::nearbyint(AsFloat(x) / scale) + AsFloat(zero_point);
  if (std::isnan(q)) return Q{0};
  const double clamped = std::fmin(std::fmax(double{q}, double{L::min()}), double{L::max()});
  return static_cast<Q>(clamped);
}

// The 8-bit kernel for a run with one scale and zero point, or nullptr.
template <typename X, typename Y>
auto KernelFor(bool dequantize) {
  using Fn = void (*)(size_t, const X*, Y*, const kernels::QuantParams*);
  if constexpr (std::is_same_v<X, int8_t> && std::is_same_v<Y, float>) return Fn{kernels::qs8_f32_vcvt_ukernel__wasmsimd_u16};
  if constexpr (std::is_same_v<X, uint8_t> && std::is_same_v<Y, float>) return Fn{kernels::qu8_f32_vcvt_ukernel__wasmsimd_u16};
  if constexpr (std::is_same_v<X, float> && std::is_same_v<Y, int8_t>) return Fn{kernels::f32_qs8_vcvt_ukernel__wasmsimd_u16};
  if constexpr (std::is_same_v<X, float> && std::is_same_v<Y, uint8_t>) return Fn{kernels::f32_qu8_vcvt_ukernel__wasmsimd_u16};
  return Fn{nullptr};
}

// X: the input type, S: the scale's, Y: the output's; the zero point has the integer side's type.
template <typename X, typename S, typename Y>
Expected<StepPtr> MakeQuantize(const LowerArgs& a, bool dequantize) {
  using Q = std::conditional_t<std::is_floating_point_v<ComputeType<X>>, Y, X>;  // the integer side
  const BroadcastLoop loop = MakeBroadcastLoop(a.output(0).shape, {a.input(0).shape, a.input(1).shape, a.input(2).shape});
  const TensorRef rx = a.in[0], rs = a.in[1], rz = a.in[2], ry = a.out[0];
  const int64_t sx = loop.inner_strides[0], ss = loop.inner_strides[1], sz = loop.inner_strides[2];
  const auto kernel = ss == 0 && sz == 0 && sx == 1 && std::is_same_v<S, float> ? KernelFor<X, Y>(dequantize) : nullptr;
  const uint64_t inner = loop.inner;
  // Into int4 / uint4 (held in int8 / uint8): the 8-bit result clamped again, to [-8, 7] or [0, 15].
  const bool to_four_bit = !dequantize && IsFourBit(a.output(0).type);
  const auto run = [=](const ExecContext& ctx, uint64_t r, const int64_t* offsets, uint64_t from, uint64_t count) {
    const X* x = ctx.As<X>(rx) + offsets[0] + from * sx;
    const S* s = ctx.As<S>(rs) + offsets[1] + from * ss;
    const Q* z = ctx.As<Q>(rz) + offsets[2] + from * sz;
    Y* y = ctx.As<Y>(ry) + r * inner + from;
    if (kernel) {
      const kernels::QuantParams params{AsFloat(*s), static_cast<int32_t>(*z)};
      kernel(count, x, y, &params);
    } else {
      for (uint64_t i = 0; i < count; ++i) {
        if constexpr (std::is_floating_point_v<ComputeType<X>>) {
          y[i] = QuantizeOne<X, Q>(x[i * sx], AsFloat(s[i * ss]), z[i * sz]);
        } else {
          y[i] = DequantizeOne<Q, Y>(x[i * sx], AsFloat(s[i * ss]), z[i * sz]);
        }
      }
    }
    if constexpr (sizeof(Y) == 1) {
      if (to_four_bit) {
        for (uint64_t i = 0; i < count; ++i) y[i] = SaturateFourBit(y[i]);
      }
    }
  };
  return MakeStep(dequantize ? "dequantizeLinear" : "quantizeLinear", [=](const ExecContext& ctx) {
    ParallelBroadcastRows(ctx.pool, loop, [&](uint64_t r, const int64_t* offsets, uint64_t from, uint64_t count) {
      run(ctx, r, offsets, from, count);
    });
  });
}

template <typename Fn>
Expected<StepPtr> VisitFloat(DataType type, Fn&& fn) {
  switch (type) {
    case DataType::kFloat32: return fn(float{});
    case DataType::kFloat16: return fn(Half{});
    default: return NotSupported("quantizeLinear / dequantizeLinear: the scale must be float32 or float16.");
  }
}

template <typename Fn>
Expected<StepPtr> VisitQuantized(DataType type, Fn&& fn) {
  switch (type) {
    case DataType::kInt8:
    case DataType::kInt4: return fn(int8_t{});
    case DataType::kUint8:
    case DataType::kUint4: return fn(uint8_t{});
    case DataType::kInt32: return fn(int32_t{});
    case DataType::kUint32: return fn(uint32_t{});
    default: return NotSupported("quantizeLinear / dequantizeLinear: unsupported quantized data type.");
  }
}

}  // namespace

// The output type is the scale's (dequantize) or the zero point's (quantize, whose input has the scale's).
Expected<StepPtr> LowerQuantize(const LowerArgs& a) {
  const bool dequantize = std::get<QuantizeParams>(a.node.params).dequantize;
  return VisitFloat(a.input(1).type, [&](auto scale) -> Expected<StepPtr> {
    using S = decltype(scale);
    return VisitQuantized(dequantize ? a.input(0).type : a.output(0).type, [&](auto quantized) -> Expected<StepPtr> {
      using Q = decltype(quantized);
      if (dequantize) return MakeQuantize<Q, S, S>(a, true);
      return MakeQuantize<S, S, Q>(a, false);
    });
  });
}

}  // namespace webnn::compiler
