// Reductions, softmax and layer normalization. Rows that are contiguous (the reduced axes are the
// innermost ones) go to the row microkernels; other axis sets use a generic strided walk.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

#include "compiler/lower/element_types.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/layernorm.h"
#include "kernels/reduce.h"
#include "kernels/softmax.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// Splits a shape into kept dims (outer) and reduced dims (inner), each as extents and element strides
// (adjacent dims of a side merged where they are contiguous), so any axis set can be walked as
// [outer][inner] with memory in the rank, not in the elements: a table of offsets per reduced element
// took 8 bytes per input element (256 MB for the reduceMin over a [1, 32, 1024, 1024] activation that a
// dynamically quantized conv starts with) and 94 ms to fill for 8M.
struct AxisSplit {
  std::vector<uint64_t> outer_extents, outer_strides, inner_extents, inner_strides;
  uint64_t outer_count = 1, inner_count = 1;

  // Input offset of kept-index o (row-major over the kept dims).
  uint64_t OuterOffset(uint64_t o) const {
    uint64_t offset = 0;
    for (size_t d = outer_extents.size(); d-- > 0;) {
      offset += (o % outer_extents[d]) * outer_strides[d];
      o /= outer_extents[d];
    }
    return offset;
  }

  // Calls f(offset) for every reduced-index, row-major over the reduced dims (so the first is 0), with
  // offsets relative to the row's start.
  template <typename F>
  void ForEachInner(F&& f) const {
    if (inner_extents.empty()) {
      f(uint64_t{0});
    } else {
      WalkInner(0, 0, f);
    }
  }

 private:
  template <typename F>
  void WalkInner(size_t d, uint64_t base, F& f) const {
    const uint64_t extent = inner_extents[d], stride = inner_strides[d];
    if (d + 1 == inner_extents.size()) {
      for (uint64_t i = 0; i < extent; ++i) f(base + i * stride);
      return;
    }
    for (uint64_t i = 0; i < extent; ++i) WalkInner(d + 1, base + i * stride, f);
  }
};

AxisSplit SplitAxes(const Shape& shape, const std::vector<uint32_t>& axes) {
  std::vector<bool> reduced(shape.size(), false);
  for (uint32_t a : axes) reduced[a] = true;
  const std::vector<uint64_t> strides = Strides(shape);
  AxisSplit split;
  for (size_t d = 0; d < shape.size(); ++d) {
    auto& extents = reduced[d] ? split.inner_extents : split.outer_extents;
    auto& side_strides = reduced[d] ? split.inner_strides : split.outer_strides;
    (reduced[d] ? split.inner_count : split.outer_count) *= shape[d];
    if (!extents.empty() && side_strides.back() == shape[d] * strides[d] && d > 0 && reduced[d - 1] == reduced[d]) {
      extents.back() *= shape[d];
      side_strides.back() = strides[d];
    } else {
      extents.push_back(shape[d]);
      side_strides.push_back(strides[d]);
    }
  }
  return split;
}

bool AxesAreTrailing(size_t rank, std::vector<uint32_t> axes) {
  std::sort(axes.begin(), axes.end());
  for (size_t i = 0; i < axes.size(); ++i) {
    if (axes[i] != rank - axes.size() + i) return false;
  }
  return true;
}

// A sum-based reduction's result from its double sum (of x, |x| or x^2) over `count` elements.
double FinishSum(ReduceOp op, double sum, uint64_t count) {
  switch (op) {
    case ReduceOp::kMean: return sum / static_cast<double>(count);
    case ReduceOp::kL2: return std::sqrt(sum);
    case ReduceOp::kLogSum: return std::log(sum);
    default: return sum;
  }
}

template <typename T>
StepPtr MakeReduce(const LowerArgs& a, const ReduceParams& p) {
  AxisSplit split = SplitAxes(a.input(0).shape, p.axes);
  TensorRef rx = a.in[0], ry = a.out[0];
  ReduceOp op = p.op;
  return MakeStep("reduce", [=](const ExecContext& ctx) {
    const T* x = ctx.As<T>(rx);
    T* y = ctx.As<T>(ry);
    const uint64_t count = split.inner_count;
    ParallelRows(ctx.pool, split.outer_count, count, [&](uint64_t b, uint64_t e) {
      for (uint64_t o = b; o < e; ++o) {
        const T* row = x + split.OuterOffset(o);
        using C = ComputeType<T>;
        if constexpr (std::is_floating_point_v<C>) {
          double acc = op == ReduceOp::kProduct ? 1.0 : 0.0;
          double m = -INFINITY;
          if (op == ReduceOp::kMax || op == ReduceOp::kMin || op == ReduceOp::kLogSumExp) {
            m = static_cast<double>(Load(row[0]));
            split.ForEachInner([&](uint64_t off) {
              double v = static_cast<double>(Load(row[off]));
              if (!std::isnan(m) && (std::isnan(v) || (op == ReduceOp::kMin ? v < m : v > m))) m = v;
            });
          }
          // Max and min are done after the pass above; a second pass over the row doubled their time.
          if (op != ReduceOp::kMax && op != ReduceOp::kMin) {
            split.ForEachInner([&](uint64_t off) {
              double v = static_cast<double>(Load(row[off]));
              switch (op) {
                case ReduceOp::kSum: case ReduceOp::kMean: case ReduceOp::kLogSum: acc += v; break;
                case ReduceOp::kProduct: acc *= v; break;
                case ReduceOp::kL1: acc += std::fabs(v); break;
                case ReduceOp::kL2: case ReduceOp::kSumSquare: acc += v * v; break;
                case ReduceOp::kLogSumExp: acc += std::exp(v - m); break;
                default: break;
              }
            });
          }
          double r = FinishSum(op, acc, count);
          switch (op) {
            case ReduceOp::kLogSumExp: r = std::isinf(m) ? m + (m < 0 ? 0.0 : 0.0) : m + std::log(acc); break;
            case ReduceOp::kMax: case ReduceOp::kMin: r = m; break;
            default: break;
          }
          y[o] = Store<T>(static_cast<C>(r));
        } else {
          // Integer reductions wrap like integer arithmetic; mean truncates toward zero.
          using W = std::conditional_t<std::is_signed_v<C>, int64_t, uint64_t>;
          W acc = op == ReduceOp::kProduct ? 1 : 0;
          W m = static_cast<W>(row[0]);
          split.ForEachInner([&](uint64_t off) {
            W v = static_cast<W>(row[off]);
            switch (op) {
              case ReduceOp::kSum: case ReduceOp::kMean: acc = static_cast<W>(uint64_t(acc) + uint64_t(v)); break;
              case ReduceOp::kProduct: acc = static_cast<W>(uint64_t(acc) * uint64_t(v)); break;
              case ReduceOp::kL1: acc = static_cast<W>(uint64_t(acc) + uint64_t(v < 0 ? W(0) - v : v)); break;
              case ReduceOp::kSumSquare: case ReduceOp::kL2: acc = static_cast<W>(uint64_t(acc) + uint64_t(v) * uint64_t(v)); break;
              case ReduceOp::kMax: m = std::max(m, v); break;
              case ReduceOp::kMin: m = std::min(m, v); break;
              default: break;
            }
          });
          W r = acc;
          if (op == ReduceOp::kMean) r = static_cast<W>(acc / static_cast<W>(count));
          if (op == ReduceOp::kMax || op == ReduceOp::kMin) r = m;
          if (op == ReduceOp::kL2) r = static_cast<W>(std::llround(std::sqrt(static_cast<double>(acc))));
          y[o] = static_cast<T>(r);
        }
      }
    });
  });
}

// Max (min) of two rmax (rmin) results as the kernel gives it over their concatenation: NaN if either is,
// +0 over -0 for max and -0 over +0 for min.
float Extreme(bool max, float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return NAN;
  if (a == b) return std::signbit(a) == max ? b : a;
  return (a > b) == max ? a : b;
}

// The max (min) of n >= 1 floats, by the f32_rmax (f32_rmin) kernel.
float ExtremeOf(bool max, size_t n, const float* v) {
  return max ? kernels::f32_rmax_ukernel__wasmsimd_u16(n, v) : kernels::f32_rmin_ukernel__wasmsimd_u16(n, v);
}

// float32 and float16 reductions whose reduced axes are consecutive, [outer][reduced][inner]: the
// double-accumulating row kernel when inner is 1 (rows: NCHW spatial, a last axis), the column kernel
// otherwise (NHWC spatial, a leading axis), and f32_rmax / f32_rmin for reduceMax / reduceMin over rows. The sums are the generic
// walk's, in double, in another order (its scalar loop with an offset table per element took 1.3-1.4 ns per
// element, 1.9 for float16). float16 data goes to the kernels as float32 through f16_f32_vcvt, kBlock
// elements (or whole rows of a column block) at a time; its result is the double one rounded once.
// nullptr: the generic walk (other axis sets, product, logSumExp, min and max over columns, empty reductions).
template <typename T>
StepPtr MakeReduceFloat(const LowerArgs& a, const ReduceParams& p) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, Half>);
  constexpr size_t kBlock = 1024;
  const Shape& shape = a.input(0).shape;
  if (p.axes.empty()) return nullptr;
  std::vector<uint32_t> axes = p.axes;
  std::sort(axes.begin(), axes.end());
  for (size_t i = 1; i < axes.size(); ++i) {
    if (axes[i] != axes[i - 1] + 1) return nullptr;
  }
  uint64_t outer = 1, reduced = 1, inner = 1;
  for (size_t d = 0; d < shape.size(); ++d) (d < axes.front() ? outer : d <= axes.back() ? reduced : inner) *= shape[d];
  if (reduced == 0 || outer * inner == 0) return nullptr;
  const ReduceOp op = p.op;
  kernels::SumOf what = kernels::SumOf::kValues;  // kSum, kMean, kLogSum (and kMax, kMin, which sum nothing)
  const bool extreme = op == ReduceOp::kMax || op == ReduceOp::kMin, max = op == ReduceOp::kMax;
  switch (op) {
    case ReduceOp::kSum: case ReduceOp::kMean: case ReduceOp::kLogSum: break;
    case ReduceOp::kL1: what = kernels::SumOf::kMagnitudes; break;
    case ReduceOp::kL2: case ReduceOp::kSumSquare: what = kernels::SumOf::kSquares; break;
    case ReduceOp::kMax: case ReduceOp::kMin:
      if (inner != 1) return nullptr;
      break;
    default: return nullptr;
  }
  const auto finish = [op, reduced](double sum) { return Store<T>(static_cast<ComputeType<T>>(FinishSum(op, sum, reduced))); };
  TensorRef rx = a.in[0], ry = a.out[0];
  // The min or max of one long float32 row (DynamicQuantizeLinear's pair over a whole activation: millions
  // of elements): the row in chunks across the pool, combined as the kernel would over their concatenation
  // (Extreme: exact in any order). A single task read 8M floats in 2 ms on one thread.
  constexpr uint64_t kChunk = 65536;
  if (std::is_same_v<T, float> && extreme && inner == 1 && outer == 1 && reduced >= 2 * kChunk) {
    return MakeStep("reduce", [=](const ExecContext& ctx) {
      const float* x = reinterpret_cast<const float*>(ctx.As<T>(rx));
      const uint64_t chunks = (reduced + kChunk - 1) / kChunk;
      std::vector<float> found(chunks);
      ParallelRows(ctx.pool, chunks, kChunk, [&](uint64_t b, uint64_t e) {
        for (uint64_t c = b; c < e; ++c) {
          const size_t n = static_cast<size_t>(std::min(kChunk, reduced - c * kChunk));
          found[c] = ExtremeOf(max, n, x + c * kChunk);
        }
      });
      float r = found[0];
      for (uint64_t c = 1; c < chunks; ++c) r = Extreme(max, r, found[c]);
      *reinterpret_cast<float*>(ctx.As<T>(ry)) = r;
    });
  }
  if (inner == 1) {
    return MakeStep("reduce", [=](const ExecContext& ctx) {
      const T* x = ctx.As<T>(rx);
      T* y = ctx.As<T>(ry);
      ParallelRows(ctx.pool, outer, reduced, [&](uint64_t b, uint64_t e) {
        for (uint64_t o = b; o < e; ++o) {
          const T* row = x + o * reduced;
          if constexpr (std::is_same_v<T, float>) {
            y[o] = extreme ? ExtremeOf(max, reduced, row) : finish(kernels::f32_f64acc_rsum_ukernel__wasmsimd_u8(reduced, row, what));
          } else {
            float block[kBlock];
            double sum = 0;
            float found = max ? -INFINITY : INFINITY;
            for (uint64_t i = 0; i < reduced; i += kBlock) {
              const size_t count = std::min<uint64_t>(kBlock, reduced - i);
              Widen(count, row + i, block);
              if (extreme) {
                found = Extreme(max, found, ExtremeOf(max, count, block));
              } else {
                sum += kernels::f32_f64acc_rsum_ukernel__wasmsimd_u8(count, block, what);
              }
            }
            y[o] = extreme ? Store<Half>(found) : finish(sum);
          }
        }
      });
    });
  }
  return MakeStep("reduce", [=](const ExecContext& ctx) {
    const T* x = ctx.As<T>(rx);
    T* y = ctx.As<T>(ry);
    ParallelRows(ctx.pool, outer, reduced * inner, [&](uint64_t b, uint64_t e) {
      std::vector<double> sums(inner);
      // float16: as many whole rows of `inner` as fit in kBlock elements (at least one), widened at once.
      const uint64_t rows_per_block = std::max<uint64_t>(1, kBlock / inner);
      std::vector<float> block(std::is_same_v<T, Half> ? rows_per_block * inner : 0);
      for (uint64_t o = b; o < e; ++o) {
        std::fill(sums.begin(), sums.end(), 0.0);
        const T* slab = x + o * reduced * inner;
        if constexpr (std::is_same_v<T, float>) {
          kernels::f32_f64acc_rdsum_ukernel__wasmsimd_c8(reduced, inner, slab, inner * sizeof(float), what, sums.data());
        } else {
          for (uint64_t r = 0; r < reduced; r += rows_per_block) {
            const uint64_t rows = std::min(rows_per_block, reduced - r);
            Widen(rows * inner, slab + r * inner, block.data());
            kernels::f32_f64acc_rdsum_ukernel__wasmsimd_c8(rows, inner, block.data(), inner * sizeof(float), what,
                                                           sums.data());
          }
        }
        for (uint64_t c = 0; c < inner; ++c) y[o * inner + c] = finish(sums[c]);
      }
    });
  });
}

// kMinMax (PairMinMaxReductions): the min and the max of all of a float32 tensor in one pass (f32_rminmax: 12.3 ->
// 4.3 ms for a U-Net's 26 pairs at 1 thread). Chunks across the pool, combined by Extreme (exact in any order, so
// each result is the one reduceMin's or reduceMax's step gives).
StepPtr MakeMinMax(const LowerArgs& a) {
  constexpr uint64_t kChunk = 65536;
  const uint64_t n = *NumElements(a.input(0).shape);
  TensorRef rx = a.in[0], rmin = a.out[0], rmax = a.out[1];
  return MakeStep("reduce/minmax", [=](const ExecContext& ctx) {
    const float* x = ctx.As<float>(rx);
    const uint64_t chunks = (n + kChunk - 1) / kChunk;
    std::vector<float> mins(chunks), maxs(chunks);
    ParallelRows(ctx.pool, chunks, 2 * kChunk, [&](uint64_t b, uint64_t e) {
      for (uint64_t c = b; c < e; ++c) {
        const size_t count = static_cast<size_t>(std::min(kChunk, n - c * kChunk));
        kernels::f32_rminmax_ukernel__wasmsimd_u8(count, x + c * kChunk, &mins[c], &maxs[c]);
      }
    });
    float lo = mins[0], hi = maxs[0];
    for (uint64_t c = 1; c < chunks; ++c) {
      lo = Extreme(false, lo, mins[c]);
      hi = Extreme(true, hi, maxs[c]);
    }
    *ctx.As<float>(rmin) = lo;
    *ctx.As<float>(rmax) = hi;
  });
}

}  // namespace

Expected<StepPtr> LowerReduce(const LowerArgs& a) {
  const auto& p = std::get<ReduceParams>(a.node.params);
  if (p.op == ReduceOp::kMinMax) {
    if (a.input(0).type != DataType::kFloat32 || a.node.outputs.size() != 2) return NotSupported("reduce: a min-max pair of float32 only.");
    return MakeMinMax(a);
  }
  if (a.input(0).type == DataType::kFloat32) {
    if (StepPtr step = MakeReduceFloat<float>(a, p)) return step;
  } else if (a.input(0).type == DataType::kFloat16) {
    if (StepPtr step = MakeReduceFloat<Half>(a, p)) return step;
  }
  return VisitType(a.input(0).type, [&](auto t) -> StepPtr { return MakeReduce<decltype(t)>(a, p); });
}

Expected<StepPtr> LowerSoftmax(const LowerArgs& a) {
  const auto& p = std::get<SoftmaxParams>(a.node.params);
  if (a.input(0).type != DataType::kFloat32) return NotSupported("softmax: only float32 is implemented.");
  const Shape& s = a.input(0).shape;
  uint64_t outer = Product(s, 0, p.axis), n = s[p.axis], inner = Product(s, p.axis + 1, s.size());
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("softmax", [=](const ExecContext& ctx) {
    const float* x = ctx.As<float>(rx);
    float* y = ctx.As<float>(ry);
    if (inner == 1) {
      ParallelRows(ctx.pool, outer, n, [&](uint64_t b, uint64_t e) {
        for (uint64_t o = b; o < e; ++o) kernels::f32_softmax__wasmsimd(n, x + o * n, y + o * n);
      });
      return;
    }
    // Strided axis: gather each column into a row, run the kernel, scatter back.
    ParallelRows(ctx.pool, outer * inner, n, [&](uint64_t b, uint64_t e) {
      std::vector<float> row(n), out(n);
      for (uint64_t r = b; r < e; ++r) {
        uint64_t o = r / inner, i = r % inner;
        const float* base = x + o * n * inner + i;
        for (uint64_t k = 0; k < n; ++k) row[k] = base[k * inner];
        kernels::f32_softmax__wasmsimd(n, row.data(), out.data());
        float* dst = y + o * n * inner + i;
        for (uint64_t k = 0; k < n; ++k) dst[k * inner] = out[k];
      }
    });
  });
}

Expected<StepPtr> LowerLayerNorm(const LowerArgs& a) {
  const auto& p = std::get<LayerNormParams>(a.node.params);
  if (a.input(0).type != DataType::kFloat32) return NotSupported("layerNormalization: only float32 is implemented.");
  const Shape& s = a.input(0).shape;
  AxisSplit split = SplitAxes(s, p.axes);
  bool trailing = AxesAreTrailing(s.size(), p.axes);
  // Scale and bias have the shape of the normalized dims in `axes` order: in the reduced-index enumeration's
  // order (increasing axes) when `axes` is sorted.
  const bool params_in_order = std::is_sorted(p.axes.begin(), p.axes.end());
  const bool per_row = p.channel_axis >= 0;
  const bool generic = !trailing || (!params_in_order && !per_row);
  // The generic walk's map from reduced-index to parameter index, where the parameters are not in order.
  std::vector<uint64_t> param_index;
  if (generic && !per_row && !params_in_order && (p.has_scale || p.has_bias)) {
    param_index.resize(split.inner_count);
    std::vector<uint32_t> sorted = p.axes;
    std::sort(sorted.begin(), sorted.end());
    std::vector<uint64_t> param_strides(p.axes.size(), 1);
    for (size_t i = p.axes.size(); i-- > 1;) param_strides[i - 1] = param_strides[i] * s[p.axes[i]];
    std::vector<uint32_t> idx(sorted.size(), 0);
    for (uint64_t r = 0; r < param_index.size(); ++r) {
      uint64_t off = 0;
      for (size_t j = 0; j < sorted.size(); ++j) {
        size_t pos = std::find(p.axes.begin(), p.axes.end(), sorted[j]) - p.axes.begin();
        off += idx[j] * param_strides[pos];
      }
      param_index[r] = off;
      for (size_t j = sorted.size(); j-- > 0;) {
        if (++idx[j] < s[sorted[j]]) break;
        idx[j] = 0;
      }
    }
  }
  // Per-row (channel) parameters: the channel of each kept-index row.
  std::vector<uint32_t> row_channel;
  if (p.channel_axis >= 0) {
    uint64_t after = 1;  // kept elements per step of the channel axis
    for (size_t d = p.channel_axis + 1; d < s.size(); ++d) {
      if (std::find(p.axes.begin(), p.axes.end(), d) == p.axes.end()) after *= s[d];
    }
    row_channel.resize(split.outer_count);
    for (uint64_t o = 0; o < row_channel.size(); ++o) row_channel[o] = static_cast<uint32_t>((o / after) % s[p.channel_axis]);
  }
  TensorRef rx = a.in[0], ry = a.out[0];
  TensorRef rs = p.has_scale ? a.in[1] : TensorRef{};
  TensorRef rb = p.has_bias ? a.in[p.has_scale ? 2 : 1] : TensorRef{};
  bool has_scale = p.has_scale, has_bias = p.has_bias;
  float eps = p.epsilon;
  // instanceNormalization in NHWC: the normalized axes are the spatial ones just before the channel, which
  // is last, so each batch item is `pixels` rows of interleaved channels (f32_layernorm_channels__wasmsimd).
  const bool channels_last = per_row && p.channel_axis == static_cast<int32_t>(s.size()) - 1 && s.size() >= 2 &&
                             AxesAreTrailing(s.size() - 1, p.axes);
  if (channels_last) {
    const uint64_t channels = s.back();
    const uint64_t pixels = split.inner_count;
    const uint64_t items = channels ? split.outer_count / channels : 0;
    return MakeStep("instanceNormalization", [=](const ExecContext& ctx) {
      const float* x = ctx.As<float>(rx);
      float* y = ctx.As<float>(ry);
      const float* scale = has_scale ? ctx.As<float>(rs) : nullptr;
      const float* bias = has_bias ? ctx.As<float>(rb) : nullptr;
      ParallelRows(ctx.pool, items, pixels * channels, [&](uint64_t b, uint64_t e) {
        std::vector<double> scratch(2 * channels);
        for (uint64_t item = b; item < e; ++item) {
          const uint64_t base = item * pixels * channels;
          kernels::f32_layernorm_channels__wasmsimd(pixels, channels, x + base, scale, bias, eps, y + base,
                                                    scratch.data());
        }
      });
    });
  }
  return MakeStep("layerNormalization", [=](const ExecContext& ctx) {
    const float* x = ctx.As<float>(rx);
    float* y = ctx.As<float>(ry);
    const float* scale = has_scale ? ctx.As<float>(rs) : nullptr;
    const float* bias = has_bias ? ctx.As<float>(rb) : nullptr;
    const uint64_t n = split.inner_count;
    ParallelRows(ctx.pool, split.outer_count, n, [&](uint64_t b, uint64_t e) {
      for (uint64_t o = b; o < e; ++o) {
        const uint64_t base = split.OuterOffset(o);
        if (!generic && !per_row) {
          kernels::f32_layernorm__wasmsimd(n, x + base, scale, bias, 1, eps, y + base);
          continue;
        }
        if (!generic) {  // instanceNormalization in NCHW: one scale and bias per row
          const uint32_t c = row_channel[o];
          kernels::f32_layernorm__wasmsimd(n, x + base, scale ? scale + c : nullptr, bias ? bias + c : nullptr, 0,
                                           eps, y + base);
          continue;
        }
        // Generic: mean and variance in double, then scale/bias through the parameter index map.
        double mean = 0, var = 0;
        split.ForEachInner([&](uint64_t off) { mean += x[base + off]; });
        mean /= static_cast<double>(n);
        split.ForEachInner([&](uint64_t off) { var += (x[base + off] - mean) * (x[base + off] - mean); });
        var /= static_cast<double>(n);
        const double inv = 1.0 / std::sqrt(var + eps);
        uint64_t r = 0;
        split.ForEachInner([&](uint64_t off) {
          double v = (x[base + off] - mean) * inv;
          const uint64_t param = per_row ? row_channel[o] : param_index.empty() ? r : param_index[r];
          if (scale) v *= scale[param];
          if (bias) v += bias[param];
          y[base + off] = static_cast<float>(v);
          ++r;
        });
      }
    });
  });
}

}  // namespace webnn::compiler
