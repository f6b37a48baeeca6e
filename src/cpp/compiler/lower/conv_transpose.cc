// convTranspose2d (NHWC input, IHWO filter) as GEMM + col2im, per image and per group:
//  1. GEMM: the image's [IH*IW, Cin/groups] input slice times the group's packed [Cin/groups,
//     KH*KW*Cout/groups] filter (packed once here when constant, per run otherwise) gives, for every
//     input pixel, the products of each tap and output channel: the "columns", laid out
//     [IH*IW][groups][KH*KW][Cout/groups] in a scratch buffer.
//  2. col2im (gather form, parallel over output rows): each output pixel sums the column rows of the
//     (input pixel, tap) pairs that land on it, plus bias, with the fused clamp. Which rows those are
//     depends only on the geometry, so the lists are built here as byte offsets into the columns.
// When the kernel tiles the output (strides equal to the kernel size, no padding, dilation or groups: the
// upsampling head of a segmentation network) every output pixel is one column row's product: the GEMM adds the
// bias and clamps (packed into its weights) and step 2 is a pixel shuffle, [IH][IW][KH][KW*Cout] ->
// [IH][KH][IW][KW*Cout]. (A 2x2 stride-2 head to 256x256x1 made col2im's per-pixel calls 0.74 ms at one
// output channel, 1.4 GMAC/s.)
#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <optional>

#include "base/checked_math.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/col2im.h"
#include "kernels/gemm.h"
#include "runtime/aligned_vector.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

struct DeconvGeometry {
  uint32_t n, ih, iw, cin, oh, ow, cout, kh, kw, cig, og;
  ConvTranspose2dParams p;
  size_t taps() const { return size_t{kh} * kw; }
  size_t group_cols() const { return taps() * og; }            // GEMM N of one group
  size_t col_stride() const { return group_cols() * p.groups; }  // floats per input pixel of the columns
  // The kernel tiles the output: each output pixel is exactly one (input pixel, tap) pair's products.
  bool tiles_output() const {
    return p.groups == 1 && p.stride_h == kh && p.stride_w == kw && (kh == 1 || p.dilation_h == 1) &&
           (kw == 1 || p.dilation_w == 1) && p.pad_top == 0 && p.pad_left == 0 && oh == ih * kh && ow == iw * kw;
  }
};

// For every output coordinate along one axis: the (tap, input coordinate) pairs that reach it.
std::vector<std::vector<std::pair<uint32_t, uint32_t>>> AxisTaps(uint32_t out, uint32_t in, uint32_t k,
                                                                  uint32_t stride, uint32_t dilation, uint32_t pad) {
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> taps(out);
  for (uint32_t i = 0; i < in; ++i) {
    for (uint32_t t = 0; t < k; ++t) {
      int64_t o = int64_t{i} * stride + int64_t{t} * dilation - pad;
      if (o >= 0 && o < out) taps[o].push_back({t, i});
    }
  }
  return taps;
}

class ConvTranspose2dStep final : public runtime::Step {
 public:
  // `shuffle`: the output is tiled by the kernel and `packed` holds the bias (see the top of the file).
  ConvTranspose2dStep(DeconvGeometry g, runtime::AlignedVector<float> packed, std::vector<float> bias, TensorRef in,
                      TensorRef out, bool shuffle)
      : g_(g), packed_(std::move(packed)), bias_(std::move(bias)), in_(in), out_(out), shuffle_(shuffle) {
    // The runs' column buffer: a size it cannot have fails the build instead of the dispatch.
    AllocationCount<float>({size_t{g.ih} * g.iw, g.kh, g.kw, g.og, g.p.groups});
    if (shuffle_) return;
    // Column-row offsets (bytes, relative to the columns of the image) for every output pixel.
    auto ys = AxisTaps(g.oh, g.ih, g.kh, g.p.stride_h, g.p.dilation_h, g.p.pad_top);
    auto xs = AxisTaps(g.ow, g.iw, g.kw, g.p.stride_w, g.p.dilation_w, g.p.pad_left);
    starts_.reserve(size_t{g.oh} * g.ow + 1);
    starts_.push_back(0);
    for (uint32_t oy = 0; oy < g.oh; ++oy) {
      for (uint32_t ox = 0; ox < g.ow; ++ox) {
        for (auto [ky, iy] : ys[oy]) {
          for (auto [kx, ix] : xs[ox]) {
            size_t floats = (size_t{iy} * g.iw + ix) * g.col_stride() + (size_t{ky} * g.kw + kx) * g.og;
            rows_.push_back(reinterpret_cast<const float*>(static_cast<uintptr_t>(floats * sizeof(float))));
          }
        }
        starts_.push_back(rows_.size());
      }
    }
  }

  // Filter (and bias) computed by the graph itself: packed on every run.
  void SetRuntimeWeights(std::optional<TensorRef> filter, std::optional<TensorRef> bias) {
    runtime_filter_ = filter;
    runtime_bias_ = bias;
  }

  const char* name() const override { return shuffle_ ? "convTranspose2d/gemm+shuffle" : "convTranspose2d/gemm+col2im"; }
  uint64_t macs() const override { return uint64_t{g_.n} * g_.ih * g_.iw * g_.cig * g_.col_stride(); }

  void Run(const ExecContext& ctx) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto& cfg = kernels::GetF32GemmConfig();
    const kernels::F32Col2imUkernelFn col2im = kernels::GetF32Col2imUkernel();
    const float* input = ctx.As<float>(in_);
    float* output = ctx.As<float>(out_);
    const size_t nr = cfg.nr, mr = cfg.mr, m = size_t{g_.ih} * g_.iw, ncols = g_.group_cols();
    const size_t group_packed = kernels::F32PackedGemmSize(ncols, g_.cig, nr);
    if (runtime_filter_) {
      const float* filter = ctx.As<float>(*runtime_filter_);
      for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
        kernels::F32PackGemmGio(ncols, g_.cig, nr, filter + grp * g_.cig * ncols, nullptr,
                                packed_.data() + grp * group_packed);
      }
    }
    const float* bias = runtime_bias_ ? ctx.As<float>(*runtime_bias_) : (bias_.empty() ? nullptr : bias_.data());
    columns_.resize(AllocationCount<float>({m, g_.kh, g_.kw, g_.og, g_.p.groups}));
    float* cols = columns_.data();
    const kernels::MinMaxParams no_clamp{-INFINITY, INFINITY};
    const kernels::MinMaxParams params{g_.p.clamp.min, g_.p.clamp.max};
    const size_t n_tile = CappedColumnTile(m, ncols, mr, nr);
    const uint64_t macs = uint64_t{m} * ncols * g_.cig;
    const size_t out_pixels = size_t{g_.oh} * g_.ow;
    const double avg_rows = out_pixels ? double(rows_.size()) / out_pixels : 0.0;
    for (uint32_t b = 0; b < g_.n; ++b) {
      const float* x = input + size_t{b} * m * g_.cin;
      for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
        const float* w = packed_.data() + grp * group_packed;
        ParallelTiles2D(ctx.pool, macs, m, ncols, mr, n_tile, [&](size_t i, size_t j, size_t mi, size_t nj) {
          auto fn = mi == 1 && cfg.gemm1 ? cfg.gemm1 : cfg.gemm;
          fn(mi, nj, g_.cig, x + i * g_.cin + grp * g_.cig, g_.cin * sizeof(float), w + (j / nr) * nr * (g_.cig + 1),
             cols + i * g_.col_stride() + grp * ncols + j, g_.col_stride() * sizeof(float), nr * sizeof(float),
             shuffle_ ? &params : &no_clamp);
        });
      }
      float* y = output + size_t{b} * out_pixels * g_.cout;
      if (shuffle_) {
        Shuffle(ctx, cols, y);
        continue;
      }
      const uint64_t row_cost = uint64_t(g_.ow * g_.cout * (avg_rows + 1));
      ParallelRows(ctx.pool, g_.oh, row_cost, [&](uint64_t begin, uint64_t end) {
        for (uint64_t oy = begin; oy < end; ++oy) {
          for (uint32_t ox = 0; ox < g_.ow; ++ox) {
            const size_t pixel = oy * g_.ow + ox;
            const size_t start = starts_[pixel], count = starts_[pixel + 1] - start;
            const float** rows = const_cast<const float**>(rows_.data()) + start;
            for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
              col2im(g_.og, count, rows, reinterpret_cast<uintptr_t>(cols + grp * ncols),
                     bias ? bias + grp * g_.og : nullptr, y + pixel * g_.cout + grp * g_.og, &params);
            }
          }
        }
      });
    }
  }

 private:
  // The columns [IH][IW][KH][KW*Cout] of one image to its output [IH][KH][IW][KW*Cout]: runs of KW*Cout floats.
  void Shuffle(const ExecContext& ctx, const float* cols, float* y) const {
    const size_t run = size_t{g_.kw} * g_.cout, iw = g_.iw, kh = g_.kh;
    ParallelRows(ctx.pool, g_.ih, uint64_t{kh} * iw * run, [&](uint64_t begin, uint64_t end) {
      for (uint64_t iy = begin; iy < end; ++iy) {
        for (size_t ky = 0; ky < kh; ++ky) {
          const float* src = cols + (iy * iw * kh + ky) * run;
          float* dst = y + (iy * kh + ky) * iw * run;
          const size_t src_stride = kh * run;
          // A run of 8 bytes (2x2 heads to one channel) as a copy of constant size: through memcpy of a
          // variable size the shuffle took 2-2.5x as long (a 2x2 head to 256x256x1: 178 -> 357-456 us).
          if (run == 2) {
            for (size_t ix = 0; ix < iw; ++ix) std::memcpy(dst + ix * 2, src + ix * src_stride, 2 * sizeof(float));
          } else {
            for (size_t ix = 0; ix < iw; ++ix) std::memcpy(dst + ix * run, src + ix * src_stride, run * sizeof(float));
          }
        }
      }
    });
  }

  DeconvGeometry g_;
  mutable runtime::AlignedVector<float> packed_;
  std::vector<float> bias_;
  TensorRef in_, out_;
  std::optional<TensorRef> runtime_filter_, runtime_bias_;
  std::vector<size_t> starts_;
  std::vector<const float*> rows_;
  mutable std::mutex mutex_;
  mutable runtime::AlignedVector<float> columns_;
  bool shuffle_ = false;
};

}  // namespace

Expected<StepPtr> LowerConvTranspose2d(const LowerArgs& a) {
  const auto& p = std::get<ConvTranspose2dParams>(a.node.params);
  if (a.input(0).type != DataType::kFloat32) return NotSupported("convTranspose2d: only float32 is implemented.");
  const Shape& in = a.input(0).shape;
  const Shape& f = a.input(1).shape;
  const Shape& out = a.output(0).shape;
  // The spec (and Chromium) let groups leave input channels over; what such a graph computes is undefined, so
  // build() says NotSupportedError instead of inventing a meaning.
  if (in[3] % p.groups != 0) {
    return NotSupported("convTranspose2d: groups (" + std::to_string(p.groups) + ") that do not divide the input channels (" +
                        std::to_string(in[3]) + ") are not supported.");
  }
  DeconvGeometry g{in[0], in[1], in[2], in[3], out[1], out[2], out[3], f[1], f[2], in[3] / p.groups, f[3], p};
  const float* filter = reinterpret_cast<const float*>(a.constant(1));
  const float* bias = reinterpret_cast<const float*>(a.constant(2));
  const size_t nr = kernels::GetF32GemmConfig().nr, ncols = g.group_cols();
  const size_t group_packed = kernels::F32PackedGemmSize(ncols, g.cig, nr);
  runtime::AlignedVector<float> packed(group_packed * p.groups);
  // The shuffle form needs the weights and the bias (its per-column copy goes into the packed weights) at build.
  const bool shuffle = g.tiles_output() && filter && (bias || !a.has_input(2));
  std::vector<float> column_bias;
  if (shuffle && bias) {
    column_bias.resize(ncols);
    for (size_t j = 0; j < ncols; ++j) column_bias[j] = bias[j % g.og];
  }
  if (filter) {
    for (uint32_t grp = 0; grp < p.groups; ++grp) {
      kernels::F32PackGemmGio(ncols, g.cig, nr, filter + grp * g.cig * ncols, column_bias.empty() ? nullptr : column_bias.data(),
                              packed.data() + grp * group_packed);
    }
  }
  std::vector<float> bias_copy;  // col2im's (the shuffle form has it in the packed weights)
  if (bias && !shuffle) bias_copy.assign(bias, bias + g.cout);
  auto step = std::make_unique<ConvTranspose2dStep>(g, std::move(packed), std::move(bias_copy), a.in[0], a.out[0], shuffle);
  std::optional<TensorRef> runtime_filter, runtime_bias;
  if (!filter) runtime_filter = a.in[1];
  if (a.has_input(2) && !bias) runtime_bias = a.in[2];
  a.ConsumeConstant(1);  // packed (when constant)
  a.ConsumeConstant(2);  // copied (when constant)
  step->SetRuntimeWeights(runtime_filter, runtime_bias);
  return StepPtr(std::move(step));
}

}  // namespace webnn::compiler
