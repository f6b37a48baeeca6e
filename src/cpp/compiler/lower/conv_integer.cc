// convInteger (ConvIntegerParams, made by FuseIntegerConvolutions): the qu8 indirect GEMM kernels over uint8
// NHWC activations, the filter packed once as int16 (it arrives less its zero point), int32 output. The
// indirection is conv2d's (conv_geometry.h): kept between runs when small, per band otherwise; padding taps
// read a row holding the activation zero point, which is a run-time value, so that row is refilled per run.
// With float_output, each tile's int32 sums become float32 in place right after the kernel wrote them
// (scale, bias and clamp per output channel, qs32_f32_vcvt_qc_minmax), while they are still in cache.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "base/checked_math.h"
#include "compiler/lower/conv_geometry.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/qgemm.h"
#include "kernels/qvcvt.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// The tile: 3x4c8 measured fastest of 1-4 rows on 32-128 channels (bench/kernels/qgemm_bench.cc).
constexpr size_t kMr = 3;
const kernels::QU8IgemmUkernelFn kIgemm = kernels::qu8_igemm_ukernel_3x4c8__wasmsimd_dot16x2;
constexpr size_t kNr = kernels::kQU8IgemmNr;

// The fused float epilogue's operands: where the scale and bias are (one element or one per channel), and
// the clamp. Absent: the output stays int32.
struct Epilogue {
  bool present = false;
  TensorRef scale, bias;
  bool scale_per_channel = false, bias_per_channel = false, has_scale = false, has_bias = false;
  kernels::QcEpilogueParams clamp{-INFINITY, INFINITY};
};

class ConvIntegerStep final : public runtime::Step {
 public:
  ConvIntegerStep(ConvGeometry g, std::vector<uint8_t> packed, size_t group_packed, TensorRef in, TensorRef zero_point,
                  TensorRef out, Epilogue epilogue)
      : g_(g), packed_(std::move(packed)), group_packed_(group_packed), in_(in), zero_point_(zero_point), out_(out),
        epilogue_(epilogue), zero_(size_t{g.cg} + 16), scale_(epilogue.present ? g.o : 0), bias_(epilogue.present ? g.o : 0) {
    if (!BandedIndirection(g_, kMr)) AllocationCount<const uint8_t*>({g.pixels() + 16, g.kh, g.kw});
  }

  const char* name() const override { return "convInteger/igemm"; }
  uint64_t macs() const override { return uint64_t{g_.pixels()} * g_.o * g_.cg * g_.taps(); }

  void Run(const ExecContext& ctx) const override {
    const uint8_t* input = ctx.As<uint8_t>(in_);
    int32_t* output = ctx.As<int32_t>(out_);
    const kernels::QU8ConvParams params{*ctx.As<uint8_t>(zero_point_)};
    // Steps of one plan run one at a time: the padding row can be refilled here.
    std::memset(zero_.data(), params.a_zero_point, zero_.size());
    if (epilogue_.present) {
      ChannelValues(ctx, epilogue_.has_scale, epilogue_.scale, epilogue_.scale_per_channel, 1.0f, scale_.data());
      ChannelValues(ctx, epilogue_.has_bias, epilogue_.bias, epilogue_.bias_per_channel, 0.0f, bias_.data());
    }
    const size_t m = g_.pixels(), taps = g_.taps();
    if (BandedIndirection(g_, kMr)) {
      const uint64_t band_macs = uint64_t{kBandBlocks} * kMr * g_.o * g_.cg * taps;
      ForEachIndirectionBand(ctx.pool, g_, input, zero_.data(), kMr, band_macs, [&](const uint8_t** ind, size_t b0, size_t b1) {
        for (size_t b = b0; b < b1; ++b) {
          const size_t i = b * kMr, mi = std::min(kMr, m - i);
          for (uint32_t grp = 0; grp < g_.p.groups; ++grp) Tile(ind + (b - b0) * taps * kMr, mi, i, 0, g_.og, grp, output, params);
        }
      });
      return;
    }
    const uint8_t** indirection = indirection_.Get(g_, input, zero_.data(), kMr);
    const uint64_t macs = uint64_t{m} * g_.og * g_.cg * taps;  // per group
    for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
      ParallelTiles2D(ctx.pool, macs, m, g_.og, kMr, HalfColumnTile(g_.og, kNr), [&](size_t i, size_t j, size_t mi, size_t nj) {
        Tile(indirection + (i / kMr) * taps * kMr, mi, i, j, nj, grp, output, params);
      });
    }
  }

 private:
  // Rows [i, i + mi) (one block of kMr pointers per tap at `ind`), columns [j, j + nj) of group grp.
  void Tile(const uint8_t** ind, size_t mi, size_t i, size_t j, size_t nj, uint32_t grp, int32_t* output,
            const kernels::QU8ConvParams& params) const {
    const size_t block_bytes = group_packed_ / ((g_.og + kNr - 1) / kNr);
    const uint8_t* w = packed_.data() + grp * group_packed_ + j / kNr * block_bytes;
    // The kMr-row tile also for the last rows: its block repeats the last pixel's pointers.
    const size_t column = grp * g_.og + j;
    int32_t* tile = output + i * g_.o + column;
    kIgemm(mi, nj, g_.cg, g_.taps(), ind, w, tile, g_.o * sizeof(int32_t), kNr * sizeof(int32_t), grp * g_.cg, zero_.data(),
           &params);
    if (!epilogue_.present) return;
    for (size_t r = 0; r < mi; ++r) {
      int32_t* row = tile + r * g_.o;
      kernels::qs32_f32_vcvt_qc_minmax_ukernel__wasmsimd_u8(nj, row, reinterpret_cast<float*>(row), scale_.data() + column,
                                                            bias_.data() + column, &epilogue_.clamp);
    }
  }

  // One value per output channel into `to`: the operand's, repeated if it has one element, or `fill`.
  void ChannelValues(const ExecContext& ctx, bool has, TensorRef ref, bool per_channel, float fill, float* to) const {
    if (!has) return std::fill(to, to + g_.o, fill);
    const float* from = ctx.As<float>(ref);
    if (per_channel) return static_cast<void>(std::copy(from, from + g_.o, to));
    std::fill(to, to + g_.o, from[0]);
  }

  ConvGeometry g_;
  std::vector<uint8_t> packed_;
  size_t group_packed_;
  TensorRef in_, zero_point_, out_;
  Epilogue epilogue_;
  mutable std::vector<uint8_t> zero_;
  mutable std::vector<float> scale_, bias_;  // per output channel, refilled per run (the scale is often a run-time value)
  KeptIndirection<uint8_t> indirection_;
};

}  // namespace

Expected<StepPtr> LowerConvInteger(const LowerArgs& a) {
  const auto& p = std::get<ConvIntegerParams>(a.node.params);
  const float* filter = reinterpret_cast<const float*>(a.constant(2));
  if (!filter || a.input(0).type != DataType::kUint8) return NotSupported("convInteger: expects uint8 input and a constant filter.");
  const ConvGeometry g = MakeConvGeometry(a.input(0).shape, a.input(2).shape, a.output(0).shape, p);
  const size_t taps = g.taps();
  // The filter arrives less its zero point; the packer takes uint8 weights and per-column zero points, so
  // each output channel is handed over as (f - min f) with zero point -min f (its values span at most 255:
  // one stored uint8 range less one zero point).
  const size_t group_packed = kernels::QU8PackedIgemmSize(g.og, g.cg, taps);
  std::vector<uint8_t> packed(group_packed * p.groups);
  std::vector<uint8_t> w(size_t{g.og} * taps * g.cg), zero_points(g.og);
  for (uint32_t grp = 0; grp < p.groups; ++grp) {
    for (uint32_t o = 0; o < g.og; ++o) {
      const float* row = filter + (size_t{grp} * g.og + o) * taps * g.cg;
      float lo = 0;
      for (size_t k = 0; k < taps * g.cg; ++k) lo = std::min(lo, row[k]);
      float hi = 0;
      for (size_t k = 0; k < taps * g.cg; ++k) hi = std::max(hi, row[k]);
      if (hi - lo > 255.0f) return NotSupported("convInteger: filter values span more than 255.");
      zero_points[o] = static_cast<uint8_t>(-lo);
      for (size_t k = 0; k < taps * g.cg; ++k) w[o * taps * g.cg + k] = static_cast<uint8_t>(row[k] - lo);
    }
    kernels::QU8PackIgemmGoi(g.og, g.cg, taps, w.data(), zero_points.data(), true, nullptr, packed.data() + grp * group_packed);
  }
  a.ConsumeConstant(2);
  Epilogue epilogue;
  if (p.float_output) {
    epilogue.present = true;
    epilogue.has_scale = a.has_input(3);
    epilogue.has_bias = a.has_input(4);
    if (epilogue.has_scale) epilogue.scale = a.in[3], epilogue.scale_per_channel = *NumElements(a.input(3).shape) > 1;
    if (epilogue.has_bias) epilogue.bias = a.in[4], epilogue.bias_per_channel = *NumElements(a.input(4).shape) > 1;
    epilogue.clamp = {p.clamp.min, p.clamp.max};
  }
  return StepPtr(std::make_unique<ConvIntegerStep>(g, std::move(packed), group_packed, a.in[0], a.in[1], a.out[0], epilogue));
}

}  // namespace webnn::compiler
