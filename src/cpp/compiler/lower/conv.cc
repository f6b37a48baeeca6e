// conv2d (NHWC input, OHWI filter) on the GEMM microkernels: weights are packed once here, at build.
//  - 1x1, stride 1, no padding: plain GEMM over the [N*H*W, C] input.
//  - depthwise (groups == C == O): dwconv microkernels over an indirection buffer, and direct kernels (3x3 and
//    5x5, strides 1 and 2) for the output pixels whose windows lie inside the input.
//  - 3x3, stride and dilation 1, one group, enough channels: Winograd F(2x2, 3x3) (conv_winograd.cc).
//  - few input channels (an image's first conv, C <= 4), one group: the indirect GEMM over each filter row's KW
//    taps as one run of KW x C contiguous floats (MergedRowGeometry), the input copied with its left and right
//    padding where it has any;
//  - everything else: indirect GEMM (igemm), one packed weight block per group; the indirection
//    buffer (pointers to each output pixel's input taps, or to a zero row for padding) is built on the
//    first run and rebuilt only when the input moves (graph inputs are bound per dispatch) where it is
//    small; a large one is built band by band inside each run's tasks instead (see kMaxKeptIndirection).
#include <algorithm>
#include <cstring>
#include <mutex>
#include <optional>

#include "compiler/lower/conv_geometry.h"
#include "compiler/lower/conv_winograd.h"
#include "compiler/lower/half_weights.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "base/checked_math.h"
#include "kernels/dwconv.h"
#include "kernels/gemm.h"
#include "runtime/aligned_vector.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

ConvGeometry Geometry(const LowerArgs& a, const Conv2dParams& p) {
  return MakeConvGeometry(a.input(0).shape, a.input(1).shape, a.output(0).shape, p);
}

// An image's first conv reads 1-4 channels per tap, and the indirect GEMM's per-tap work (MR pointers, a short k loop)
// cost as much as its multiply-adds (squeezenet's 3x3 over 224x224x3: 29 GFLOP/s, where a 1x1 reaches 42). In NHWC
// the KW taps of one filter row are KW x C contiguous floats of one input row, and in OHWI their weights are
// contiguous too: with KW folded into the channels (kw 1, cg KW x C) the same GEMM takes KH taps of KW x C (squeezenet's
// 38.5 GFLOP/s; mobilenet_v2's 3x3 s2 over 224x224x3 0.81 -> 0.62 ms with its copy). The runs must not cross a row's
// edge, so the geometry is that of the input copied with its left and right padding (iw grows by both; no copy where
// there is none). Null when the conv is not of that kind: more channels, groups, a dilated row or a 1-wide filter.
constexpr uint32_t kMaxMergedChannels = 4;
std::optional<ConvGeometry> MergedRowGeometry(const ConvGeometry& g) {
  if (g.c > kMaxMergedChannels || g.kw < 2 || g.p.groups != 1 || g.p.dilation_w != 1) return std::nullopt;
  ConvGeometry m = g;
  m.iw = g.iw + g.p.pad_left + g.p.pad_right;
  m.p.pad_left = m.p.pad_right = 0;
  m.kw = 1;
  m.cg = g.kw * g.c;
  return m;
}

// Packs an OHWI filter (and bias) for every group, one NR-column block layout per group.
void PackConvWeights(const ConvGeometry& g, size_t ks, size_t nr, const float* filter, const float* bias,
                     float* packed) {
  size_t group_packed = kernels::F32PackedGemmSize(g.og, g.cg, nr, ks);
  for (uint32_t grp = 0; grp < g.p.groups; ++grp) {
    kernels::F32PackGemmGoi(g.og, g.cg, ks, nr, filter + size_t{grp} * g.og * g.taps() * g.cg,
                            bias ? bias + size_t{grp} * g.og : nullptr, packed + grp * group_packed);
  }
}

class Conv2dGemmStep final : public runtime::Step {
 public:
  Conv2dGemmStep(ConvGeometry g, runtime::AlignedVector<float> packed, TensorRef in, TensorRef out, bool one_by_one,
                 ConvActivation activation)
      : g_(g), packed_(std::move(packed)), in_(in), out_(out), one_by_one_(one_by_one), activation_(activation),
        zero_(size_t{std::max(g.c, g.cg)} + 16, 0.0f) {
    // The indirection table is built at the first run: a size it cannot have fails the build instead.
    if (!Banded(kernels::GetF32GemmConfig().mr)) AllocationCount<const float*>({g.pixels() + 16, g.kh, g.kw});
  }

  // Weights kept in half precision: widened into the scratch at each run (packed_ is then empty).
  void SetHalfWeights(HalfPackedWeights half) { half_ = std::move(half); }
  // A merged-row geometry's input (MergedRowGeometry): each run copies the input's rows, `pad_left` and
  // `pad_right` zero pixels around each, into the scratch, and the GEMM reads that copy. (Never beside half
  // weights, which widen into the scratch too.)
  void SetPaddedCopy(uint32_t width, uint32_t pad_left, uint32_t pad_right) {
    copy_width_ = width;
    copy_pad_left_ = pad_left;
    copy_pad_right_ = pad_right;
  }
  size_t scratch_bytes() const override { return half_.scratch_bytes() + CopyBytes(); }

  // Weights computed by the graph itself: packed on every run instead of once.
  void SetRuntimeWeights(TensorRef filter, std::optional<TensorRef> bias) {
    runtime_filter_ = filter;
    runtime_bias_ = bias;
  }

  const char* name() const override { return one_by_one_ ? "conv2d/gemm" : "conv2d/igemm"; }
  uint64_t macs() const override { return uint64_t{g_.pixels()} * g_.o * g_.cg * g_.taps(); }

  void Run(const ExecContext& ctx) const override {
    const auto& cfg = kernels::GetF32GemmConfig();
    const float* input = ctx.As<float>(in_);
    float* output = ctx.As<float>(out_);
    if (copy_width_) input = CopyPadded(ctx, input);
    kernels::MinMaxParams params{g_.p.clamp.min, g_.p.clamp.max};
    size_t m = g_.pixels(), mr = cfg.mr, nr = cfg.nr;
    size_t group_packed = kernels::F32PackedGemmSize(g_.og, g_.cg, nr, one_by_one_ ? 1 : g_.taps());
    const bool banded = !one_by_one_ && Banded(mr);
    const float** indirection = !one_by_one_ && !banded ? indirection_.Get(g_, input, zero_.data(), mr) : nullptr;
    if (runtime_filter_) {
      std::lock_guard<std::mutex> lock(mutex_);
      PackConvWeights(g_, one_by_one_ ? 1 : g_.taps(), nr, ctx.As<float>(*runtime_filter_),
                      runtime_bias_ ? ctx.As<float>(*runtime_bias_) : nullptr, packed_.data());
    }
    size_t n_tile = HalfColumnTile(g_.og, nr);
    // A 1x1 over few input channels (K = 16 to 32 in mobilenet_v2's early layers) does little work per
    // tile call: when a whole row of packed weights fits L1 and the rows are many, one call per row block.
    const size_t og_padded = runtime::AlignUp(g_.og, nr);
    if (one_by_one_ && m >= 64 * mr && (size_t{g_.cg} + 1) * og_padded * sizeof(float) <= 16384) n_tile = og_padded;
    n_tile = activation_.ColumnTile(n_tile, og_padded);
    const uint64_t macs = uint64_t{m} * g_.og * g_.cg * (one_by_one_ ? 1 : g_.taps());  // per group
    const float* packed = half_.empty() ? packed_.data() : half_.Widen(ctx);
    if (banded) return RunBanded(ctx, input, output, params, packed, group_packed);
    for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
      const float* w = packed + grp * group_packed;
      ParallelTiles2D(ctx.pool, macs, m, g_.og, mr, n_tile, [&](size_t i, size_t j, size_t mi, size_t nj) {
        float* c = output + i * g_.o + grp * g_.og + j;
        const float* wj = w + (j / nr) * nr * ((one_by_one_ ? 1 : g_.taps()) * g_.cg + 1);
        if (one_by_one_) {
          auto fn = mi == 1 && cfg.gemm1 ? cfg.gemm1 : cfg.gemm;
          fn(mi, nj, g_.cg, input + i * g_.c + grp * g_.cg, g_.c * sizeof(float), wj, c, g_.o * sizeof(float),
             nr * sizeof(float), &params);
        } else {
          // Always the MR-row kernel: the indirection buffer holds MR pointers per tap, which the
          // 1-row kernel would walk with the wrong stride.
          const float** a = indirection + (i / mr) * g_.taps() * mr;
          cfg.igemm(mi, nj, g_.cg, g_.taps(), a, wj, c, g_.o * sizeof(float), nr * sizeof(float),
             grp * g_.cg * sizeof(float), zero_.data(), &params);
        }
        activation_.Apply(c, mi, nj, g_.o);
      });
    }
  }

 private:
  bool Banded(size_t mr) const { return BandedIndirection(g_, mr); }

  // A task per run of bands: each band's indirection into the task's buffer, then its MR blocks across
  // every column of every group (the packed weights of a group are re-read per block, from cache).
  void RunBanded(const ExecContext& ctx, const float* input, float* output, const kernels::MinMaxParams& params,
                 const float* packed, size_t group_packed) const {
    const auto& cfg = kernels::GetF32GemmConfig();
    const size_t m = g_.pixels(), mr = cfg.mr, nr = cfg.nr, taps = g_.taps();
    const uint64_t band_macs = uint64_t{kBandBlocks} * mr * g_.o * g_.cg * taps;
    ForEachIndirectionBand(ctx.pool, g_, input, zero_.data(), mr, band_macs, [&](const float** ind, size_t b0, size_t b1) {
      for (size_t b = b0; b < b1; ++b) {
        const size_t i = b * mr, mi = std::min(mr, m - i);
        for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
          cfg.igemm(mi, g_.og, g_.cg, taps, ind + (b - b0) * taps * mr, packed + grp * group_packed,
                    output + i * g_.o + grp * g_.og, g_.o * sizeof(float), nr * sizeof(float),
                    grp * g_.cg * sizeof(float), zero_.data(), &params);
        }
        activation_.Apply(output + i * g_.o, mi, g_.o, g_.o);
      }
    });
  }

  size_t CopyBytes() const {
    return copy_width_ ? (size_t{g_.n} * g_.ih * g_.iw * g_.c * sizeof(float) + 63) / 64 * 64 : 0;
  }
  // The input's rows into the scratch's start, each between its zero pixels (see SetPaddedCopy).
  const float* CopyPadded(const ExecContext& ctx, const float* input) const {
    float* copy = reinterpret_cast<float*>(ctx.scratch);
    const size_t c = g_.c, row_in = size_t{copy_width_} * c, row_out = size_t{g_.iw} * c;
    ParallelRows(ctx.pool, size_t{g_.n} * g_.ih, row_out, [&](uint64_t begin, uint64_t end) {
      for (uint64_t r = begin; r < end; ++r) {
        float* out = copy + r * row_out;
        std::memset(out, 0, size_t{copy_pad_left_} * c * sizeof(float));
        std::memcpy(out + size_t{copy_pad_left_} * c, input + r * row_in, row_in * sizeof(float));
        std::memset(out + size_t{copy_pad_left_} * c + row_in, 0, size_t{copy_pad_right_} * c * sizeof(float));
      }
    });
    return copy;
  }

  ConvGeometry g_;
  uint32_t copy_width_ = 0, copy_pad_left_ = 0, copy_pad_right_ = 0;
  mutable runtime::AlignedVector<float> packed_;
  HalfPackedWeights half_;
  TensorRef in_, out_;
  bool one_by_one_;
  ConvActivation activation_;
  std::optional<TensorRef> runtime_filter_, runtime_bias_;
  runtime::AlignedVector<float> zero_;
  mutable std::mutex mutex_;  // runtime weights are packed under it
  KeptIndirection<float> indirection_;
};

class DepthwiseConvStep final : public runtime::Step {
 public:
  DepthwiseConvStep(ConvGeometry g, const kernels::F32DwconvConfig* cfg, runtime::AlignedVector<float> packed, TensorRef in,
                    TensorRef out, ConvActivation activation)
      : g_(g), cfg_(cfg), packed_(std::move(packed)), in_(in), out_(out), activation_(activation),
        zero_(size_t{g.c} + 16, 0.0f) {
    // The output columns whose windows lie inside the input's width take the direct kernel (same packing, same
    // bits) in the rows whose windows lie inside its height: [direct_begin_, direct_end_).
    const ConvWindow& p = g.p;
    if (g.kh == g.kw && p.dilation_w == 1) direct_ = kernels::GetF32DwconvDirectConfig(g.kw, p.stride_w);
    if (direct_ && int64_t{g.iw} + p.pad_left >= g.kw) {
      direct_begin_ = std::min<size_t>(g.ow, (size_t{p.pad_left} + p.stride_w - 1) / p.stride_w);
      direct_end_ = std::min<size_t>(g.ow, (size_t{g.iw} + p.pad_left - g.kw) / p.stride_w + 1);
    }
    if (direct_begin_ >= direct_end_) direct_ = nullptr;
    if (!Banded()) AllocationCount<const float*>({g.pixels(), g.kh, g.kw});  // the run's indirection table (see above)
  }

  const char* name() const override { return "conv2d/dwconv"; }
  uint64_t macs() const override { return uint64_t{g_.pixels()} * g_.c * g_.taps(); }

  void Run(const ExecContext& ctx) const override {
    const float* input = ctx.As<float>(in_);
    float* output = ctx.As<float>(out_);
    const bool banded = Banded();
    const float** indirection = banded ? nullptr : indirection_.Get(g_, input, zero_.data(), 1);
    kernels::MinMaxParams params{g_.p.clamp.min, g_.p.clamp.max};
    size_t rows = size_t{g_.n} * g_.oh, taps = g_.taps();
    ParallelRows(ctx.pool, rows, uint64_t{g_.ow} * g_.c * taps, [&](uint64_t begin, uint64_t end) {
      // Banded: each output row's pointers ([pixel][tap], as IGEMM's with MR 1) into the task's buffer, for the
      // pixels the indirect kernel takes.
      std::vector<const float*> band(banded ? size_t{g_.ow} * taps : 0);
      // Output pixels [x0, x1) of the row through the indirection.
      const auto indirect = [&](uint64_t row, const float** ind, size_t x0, size_t x1, float* out) {
        if (x0 >= x1) return;
        if (banded) {
          FillIndirection(g_, input, zero_.data(), 1, row * g_.ow + x0, row * g_.ow + x1, band.data() + x0 * taps);
          ind = band.data();
        }
        ind += x0 * taps;
        out += x0 * g_.c;
        if (cfg_->ukernel) {
          cfg_->ukernel(g_.c, x1 - x0, ind, packed_.data(), out, taps * sizeof(void*), 0, 0, zero_.data(), &params);
        } else {
          cfg_->generic(g_.c, x1 - x0, taps, ind, packed_.data(), out, taps * sizeof(void*), 0, 0, zero_.data(), &params);
        }
      };
      for (uint64_t row = begin; row < end; ++row) {
        const float** ind = banded ? nullptr : indirection + row * g_.ow * taps;
        float* out = output + row * g_.ow * g_.c;
        const float* corner = direct_ ? DirectCorner(input, row) : nullptr;
        if (corner) {
          indirect(row, ind, 0, direct_begin_, out);
          direct_->ukernel(g_.c, direct_end_ - direct_begin_, corner, size_t{g_.p.dilation_h} * g_.iw * g_.c * sizeof(float),
                           packed_.data(), out + direct_begin_ * g_.c, &params);
          indirect(row, ind, direct_end_, g_.ow, out);
        } else {
          indirect(row, ind, 0, g_.ow, out);
        }
        activation_.Apply(out, 1, size_t{g_.ow} * g_.c, size_t{g_.ow} * g_.c);
      }
    });
  }

 private:
  // Pointers filled per output row into the task's buffer, no table kept: where the table would be large, and
  // wherever a direct kernel serves the inside, as only the border pixels then read pointers (a kept table held
  // every pixel's, and was rebuilt whenever the input moved).
  bool Banded() const { return direct_ != nullptr || BandedIndirection(g_, 1); }

  // The window corner of output pixel direct_begin_ of output row `row` (image x output row), or null when
  // that row's windows reach into the padding above or below.
  const float* DirectCorner(const float* input, uint64_t row) const {
    const ConvWindow& p = g_.p;
    const uint64_t image = row / g_.oh;
    const int64_t iy = int64_t(row % g_.oh) * p.stride_h - p.pad_top;
    if (iy < 0 || iy + int64_t{g_.kh - 1} * p.dilation_h >= g_.ih) return nullptr;
    const size_t ix = direct_begin_ * p.stride_w - p.pad_left;
    return input + ((image * g_.ih + uint64_t(iy)) * g_.iw + ix) * g_.c;
  }

  ConvGeometry g_;
  const kernels::F32DwconvConfig* cfg_;
  const kernels::F32DwconvDirectConfig* direct_ = nullptr;
  size_t direct_begin_ = 0, direct_end_ = 0;
  runtime::AlignedVector<float> packed_;
  TensorRef in_, out_;
  ConvActivation activation_;
  runtime::AlignedVector<float> zero_;
  KeptIndirection<float> indirection_;
};

}  // namespace

Expected<StepPtr> LowerConv2d(const LowerArgs& a) {
  const auto& p = std::get<Conv2dParams>(a.node.params);
  if (a.input(0).type != DataType::kFloat32) return NotSupported("conv2d: only float32 is implemented.");
  const float* filter = reinterpret_cast<const float*>(a.constant(1));
  // A float16 filter (KeepHalfWeights): packed as float16 for the GEMM steps, widened for depthwise.
  const bool half = filter && a.input(1).type == DataType::kFloat16;
  std::vector<float> widened;
  const float* bias = reinterpret_cast<const float*>(a.constant(2));
  bool runtime_weights = !filter || (a.has_input(2) && !bias);
  if (half && runtime_weights) return NotSupported("conv2d: a float16 filter beside a run-time bias.");
  ConvGeometry g = Geometry(a, p);
  size_t taps = g.taps();
  if (!runtime_weights && IsDepthwise(p.groups, g.c, g.o)) {
    // Specialised 3x3 / 5x5 kernels, else the one taking the tap count at run time.
    const kernels::F32DwconvConfig* cfg = kernels::GetF32DwconvConfig(taps);
    if (!cfg) cfg = &kernels::GetF32DwconvGenericConfig();
    if (half) {  // small: C x taps
      widened = WidenHalves(a.constant(1), static_cast<size_t>(*NumElements(a.input(1).shape)));
      filter = widened.data();
    }
    {
      std::vector<float> w(taps * g.c);  // OHWI [C][KH][KW][1] -> [taps][C]
      for (size_t ch = 0; ch < g.c; ++ch) {
        for (size_t t = 0; t < taps; ++t) w[t * g.c + ch] = filter[ch * taps + t];
      }
      runtime::AlignedVector<float> packed(kernels::F32PackedDwconvSize(g.c, taps, cfg->channel_tile));
      kernels::F32PackDwconv(g.c, taps, cfg->channel_tile, w.data(), bias, packed.data());
      a.ConsumeConstant(1);
      a.ConsumeConstant(2);
      return StepPtr(std::make_unique<DepthwiseConvStep>(g, cfg, std::move(packed), a.in[0], a.out[0], ConvActivation(p)));
    }
  }
  const auto& cfg = kernels::GetF32GemmConfig();
  bool one_by_one = taps == 1 && p.stride_h == 1 && p.stride_w == 1 && p.pad_top == 0 && p.pad_bottom == 0 &&
                    p.pad_left == 0 && p.pad_right == 0;
  size_t ks = one_by_one ? 1 : taps;
  if (!runtime_weights && WinogradSuits(g)) {  // a float16 filter on the same kernels: the same bits
    StepPtr step = half ? MakeConv2dWinogradStepHalf(g, reinterpret_cast<const uint16_t*>(a.constant(1)), bias, a.in[0],
                                                     a.out[0], ConvActivation(p))
                        : MakeConv2dWinogradStep(g, filter, bias, a.in[0], a.out[0], ConvActivation(p));
    a.ConsumeConstant(1);
    a.ConsumeConstant(2);
    return step;
  }
  if (half) {
    auto step = std::make_unique<Conv2dGemmStep>(g, runtime::AlignedVector<float>(), a.in[0], a.out[0], one_by_one,
                                                 ConvActivation(p));
    step->SetHalfWeights(HalfPackedWeights::PackGoi(p.groups, g.og, g.cg, ks, cfg.nr, reinterpret_cast<const uint16_t*>(a.constant(1)),
                                                    bias));
    a.ConsumeConstant(1);
    a.ConsumeConstant(2);
    return StepPtr(std::move(step));
  }
  const ConvGeometry original = g;
  const std::optional<ConvGeometry> merged = one_by_one || runtime_weights ? std::nullopt : MergedRowGeometry(g);
  if (merged) {
    g = *merged;
    ks = g.taps();
  }
  runtime::AlignedVector<float> packed(kernels::F32PackedGemmSize(g.og, g.cg, cfg.nr, ks) * p.groups);
  if (!runtime_weights) {
    PackConvWeights(g, ks, cfg.nr, filter, bias, packed.data());
    a.ConsumeConstant(1);
    a.ConsumeConstant(2);
  }
  auto step = std::make_unique<Conv2dGemmStep>(g, std::move(packed), a.in[0], a.out[0], one_by_one, ConvActivation(p));
  if (merged && (original.p.pad_left || original.p.pad_right)) {
    step->SetPaddedCopy(original.iw, original.p.pad_left, original.p.pad_right);
  }
  if (runtime_weights) {
    step->SetRuntimeWeights(a.in[1], a.has_input(2) ? std::optional<TensorRef>(a.in[2]) : std::nullopt);
  }
  return StepPtr(std::move(step));
}

}  // namespace webnn::compiler
