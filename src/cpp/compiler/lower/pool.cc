// NHWC max / average / L2 pooling. Padding never contributes: max ignores it and average divides by
// the number of input elements the window covers (as XNNPACK and Chromium's backends do).
//  - max and average: the f32 maxpool / pavgpool microkernels over an indirection buffer (one pointer
//    per output pixel and tap), built on the first run and rebuilt only when the input moves;
//  - L2, windows that cover no input element at all, and max over an integer type: one generic loop in
//    the storage type (channels innermost and contiguous, so clang vectorises it with -msimd128).
#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <type_traits>
#include <vector>

#include "base/checked_math.h"
#include "compiler/lower/element_types.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "compiler/lower/window.h"
#include "kernels/pool.h"
#include "runtime/aligned_vector.h"

namespace webnn::compiler {
namespace {

struct PoolGeometry {
  uint32_t n, ih, iw, c, oh, ow;
  Pool2dParams p;
  size_t taps() const { return size_t{p.window_h} * p.window_w; }
  size_t pixels() const { return size_t{n} * oh * ow; }
  // Input row of tap (ky, kx) for output pixel `pixel`, or nullptr when it falls in padding.
  const float* Tap(const float* x, size_t pixel, uint32_t ky, uint32_t kx) const {
    return WindowTap(p, x, ih, iw, c, oh, ow, pixel, ky, kx);
  }
};

class PoolStep final : public runtime::Step {
 public:
  PoolStep(PoolGeometry g, runtime::TensorRef in, runtime::TensorRef out)
      : g_(g), in_(in), out_(out), zero_(size_t{g.c} + 4, 0.0f) {
    // The runs' indirection table: a size it cannot have fails the build instead of the dispatch.
    AllocationCount<const float*>({g.pixels(), g.p.window_h, g.p.window_w});
  }

  const char* name() const override { return g_.p.kind == PoolKind::kMax ? "maxpool2d" : "averagepool2d"; }

  void Run(const runtime::ExecContext& ctx) const override {
    const float* x = ctx.As<float>(in_);
    float* y = ctx.As<float>(out_);
    Prepare(x);
    const size_t taps = g_.taps(), c = g_.c;
    const kernels::MinMaxParams params{-INFINITY, INFINITY};
    ParallelRows(ctx.pool, g_.pixels(), uint64_t{c} * taps, [&](uint64_t b, uint64_t e) {
      const float** input = indirection_.data() + b * taps;
      if (g_.p.kind == PoolKind::kMax) {
        kernels::f32_maxpool_minmax_ukernel_up__wasmsimd_c4(e - b, taps, c, input, 0, y + b * c,
                                                            taps * sizeof(void*), 0, &params);
      } else {
        kernels::f32_pavgpool_minmax_ukernel_up__wasmsimd_c4(e - b, taps, c, input, 0, zero_.data(),
                                                             multipliers_.data() + b, y + b * c,
                                                             taps * sizeof(void*), 0, &params);
      }
    });
  }

 private:
  // Max: a padding tap repeats the window's first covered tap (the max is unchanged). Average: it
  // points at the zero row and the pixel's multiplier is 1 / (covered taps).
  void Prepare(const float* x) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (x == indirection_input_ && !indirection_.empty()) return;
    const size_t taps = g_.taps();
    indirection_.assign(AllocationCount<const float*>({g_.pixels(), g_.p.window_h, g_.p.window_w}), nullptr);
    multipliers_.assign(g_.pixels(), 0.0f);
    for (size_t pixel = 0; pixel < g_.pixels(); ++pixel) {
      const float** row = indirection_.data() + pixel * taps;
      const float* first = nullptr;
      size_t covered = 0;
      for (uint32_t ky = 0; ky < g_.p.window_h; ++ky) {
        for (uint32_t kx = 0; kx < g_.p.window_w; ++kx) {
          const float* tap = g_.Tap(x, pixel, ky, kx);
          row[size_t{ky} * g_.p.window_w + kx] = tap;
          if (tap) {
            ++covered;
            if (!first) first = tap;
          }
        }
      }
      const float* pad = g_.p.kind == PoolKind::kMax ? first : zero_.data();
      for (size_t t = 0; t < taps; ++t) {
        if (!row[t]) row[t] = pad;
      }
      multipliers_[pixel] = 1.0f / static_cast<float>(covered);
    }
    indirection_input_ = x;
  }

  PoolGeometry g_;
  runtime::TensorRef in_, out_;
  runtime::AlignedVector<float> zero_;
  mutable std::mutex mutex_;
  mutable std::vector<const float*> indirection_;
  mutable std::vector<float> multipliers_;
  mutable const float* indirection_input_ = nullptr;
};

// Whether every output window covers at least one input element.
bool EveryWindowCovered(const PoolGeometry& g) {
  auto covers = [](uint32_t o, uint32_t stride, uint32_t window, uint32_t dilation, uint32_t pad, uint32_t size) {
    for (uint32_t k = 0; k < window; ++k) {
      int64_t i = int64_t{o} * stride + int64_t{k} * dilation - pad;
      if (i >= 0 && i < size) return true;
    }
    return false;
  };
  for (uint32_t oy = 0; oy < g.oh; ++oy) {
    if (!covers(oy, g.p.stride_h, g.p.window_h, g.p.dilation_h, g.p.pad_top, g.ih)) return false;
  }
  for (uint32_t ox = 0; ox < g.ow; ++ox) {
    if (!covers(ox, g.p.stride_w, g.p.window_w, g.p.dilation_w, g.p.pad_left, g.iw)) return false;
  }
  return true;
}

// The generic loop, in the storage type T: L2, windows that cover no input element, and max over an integer
// type. Floats accumulate in double: l2Pool2d's squares overflow float32 from |x| ~ 1.8e19 (and underflow
// below ~1e-19) although the root is a normal float, and the sum of an average gains a bit too. Integers
// (max only) are compared in their own type: exact, where float32 would round above 2^24. A window that
// covers nothing gives max the lowest value (-inf for floats) and average 0.
template <typename T>
StepPtr MakeGenericPool(const PoolGeometry& g, runtime::TensorRef rx, runtime::TensorRef ry) {
  using Acc = std::conditional_t<std::is_integral_v<T>, T, double>;
  return MakeStep("pool2d", [=](const runtime::ExecContext& ctx) {
    const T* x = ctx.As<T>(rx);
    T* y = ctx.As<T>(ry);
    const Pool2dParams& p = g.p;
    ParallelRows(ctx.pool, g.pixels(), uint64_t{g.c} * g.taps(), [&](uint64_t b, uint64_t e) {
      std::vector<Acc> acc(g.c);
      for (uint64_t pixel = b; pixel < e; ++pixel) {
        uint32_t ox = pixel % g.ow, oy = (pixel / g.ow) % g.oh;
        uint64_t batch = pixel / (uint64_t{g.ow} * g.oh);
        const Acc init = p.kind == PoolKind::kMax
                             ? (std::is_integral_v<Acc> ? std::numeric_limits<Acc>::lowest() : -std::numeric_limits<Acc>::infinity())
                             : Acc{0};
        std::fill(acc.begin(), acc.end(), init);
        uint32_t count = 0;
        for (uint32_t ky = 0; ky < p.window_h; ++ky) {
          int64_t iy = int64_t{oy} * p.stride_h + int64_t{ky} * p.dilation_h - p.pad_top;
          if (iy < 0 || iy >= g.ih) continue;
          for (uint32_t kx = 0; kx < p.window_w; ++kx) {
            int64_t ix = int64_t{ox} * p.stride_w + int64_t{kx} * p.dilation_w - p.pad_left;
            if (ix < 0 || ix >= g.iw) continue;
            const T* src = x + ((batch * g.ih + iy) * g.iw + ix) * g.c;
            ++count;
            if (p.kind == PoolKind::kMax) {
              for (uint32_t ch = 0; ch < g.c; ++ch) acc[ch] = std::max(acc[ch], Acc(src[ch]));
            } else if (p.kind == PoolKind::kAverage) {
              for (uint32_t ch = 0; ch < g.c; ++ch) acc[ch] += src[ch];
            } else {
              for (uint32_t ch = 0; ch < g.c; ++ch) acc[ch] += Acc(src[ch]) * src[ch];
            }
          }
        }
        T* dst = y + pixel * g.c;
        if (p.kind == PoolKind::kMax) {
          for (uint32_t ch = 0; ch < g.c; ++ch) dst[ch] = static_cast<T>(acc[ch]);
        } else if (p.kind == PoolKind::kAverage) {
          for (uint32_t ch = 0; ch < g.c; ++ch) dst[ch] = count ? static_cast<T>(acc[ch] / count) : T(0);
        } else {
          for (uint32_t ch = 0; ch < g.c; ++ch) dst[ch] = static_cast<T>(std::sqrt(acc[ch]));
        }
      }
    });
  });
}

}  // namespace

Expected<StepPtr> LowerPool2d(const LowerArgs& a) {
  const auto& p = std::get<Pool2dParams>(a.node.params);
  const DataType type = a.input(0).type;
  const Shape& in = a.input(0).shape;
  const Shape& out = a.output(0).shape;
  const PoolGeometry g{in[0], in[1], in[2], in[3], out[1], out[2], p};
  runtime::TensorRef rx = a.in[0], ry = a.out[0];
  if (p.kind == PoolKind::kMax && !IsFloatingPoint(type)) {
    return VisitType(type, [&](auto t) -> StepPtr {
      if constexpr (std::is_integral_v<decltype(t)>) return MakeGenericPool<decltype(t)>(g, rx, ry);
      return nullptr;  // unreachable: float16 and float32 are floating point
    });
  }
  if (type != DataType::kFloat32) return NotSupported("pool2d: only float32 is implemented.");
  if (p.kind != PoolKind::kL2 && g.c > 0 && g.pixels() > 0 && EveryWindowCovered(g)) {
    return StepPtr(std::make_unique<PoolStep>(g, rx, ry));
  }
  return MakeGenericPool<float>(g, rx, ry);
}

}  // namespace webnn::compiler
