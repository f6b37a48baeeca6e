// convInteger (ConvIntegerParams, made by FuseIntegerOps): the qu8 indirect GEMM kernels over uint8
// NHWC activations, the filter packed once (it arrives less its zero point), int32 output. Filters with 128 or
// more input channels per group stay uint8 with a zero point per output channel (their stored size: there the
// _ld64 tile runs as fast as the int16 one, 55-59 GFLOP/s either way at 128-768 channels); narrower ones are
// packed as int16 (that tile is 5-45% faster on 8-64 channels, and their filters are a few KB). The
// indirection is conv2d's (conv_geometry.h): kept between runs when small, per band otherwise; padding taps
// read a row holding the activation zero point, which is a run-time value, so that row is refilled per run.
// With float_output, each tile's int32 sums become float32 in place right after the kernel wrote them
// (scale, bias and clamp per output channel, qs32_f32_vcvt_qc_minmax), while they are still in cache.
#include <cstring>
#include <vector>

#include "base/checked_math.h"
#include "compiler/lower/conv_geometry.h"
#include "compiler/lower/integer_gemm.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/qgemm.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// The tiles: 3x4c8 measured fastest of 1-4 rows on 8-128 channels, in either layout (bench/kernels/qgemm_bench.cc).
constexpr size_t kMr = 3;
constexpr size_t kNr = kernels::kQU8IgemmNr;
constexpr uint32_t kMinChannelsForBytes = 128;

class ConvIntegerStep final : public runtime::Step {
 public:
  ConvIntegerStep(ConvGeometry g, kernels::QU8IgemmUkernelFn igemm, std::vector<uint8_t> packed, size_t group_packed,
                  TensorRef in, TensorRef zero_point, TensorRef out, IntegerEpilogue epilogue, ConvActivation activation)
      : g_(g), igemm_(igemm), packed_(std::move(packed)), group_packed_(group_packed), in_(in), zero_point_(zero_point), out_(out),
        epilogue_(std::move(epilogue)), activation_(activation), zero_(size_t{g.cg} + 16) {
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
    epilogue_.Load(ctx);
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
      const size_t n_tile = activation_.ColumnTile(HalfColumnTile(g_.og, kNr), runtime::AlignUp(g_.og, kNr));
      ParallelTiles2D(ctx.pool, macs, m, g_.og, kMr, n_tile, [&](size_t i, size_t j, size_t mi, size_t nj) {
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
    igemm_(mi, nj, g_.cg, g_.taps(), ind, w, tile, g_.o * sizeof(int32_t), kNr * sizeof(int32_t), grp * g_.cg, zero_.data(),
           &params);
    if (epilogue_.present()) epilogue_.Apply(tile, mi, nj, g_.o, column);
    activation_.Apply(reinterpret_cast<float*>(tile), mi, nj, g_.o);  // only with the float epilogue
  }

  ConvGeometry g_;
  kernels::QU8IgemmUkernelFn igemm_;
  std::vector<uint8_t> packed_;
  size_t group_packed_;
  TensorRef in_, zero_point_, out_;
  IntegerEpilogue epilogue_;
  ConvActivation activation_;
  mutable std::vector<uint8_t> zero_;
  KeptIndirection<uint8_t> indirection_;
};

}  // namespace

Expected<StepPtr> LowerConvInteger(const LowerArgs& a) {
  const auto& p = std::get<ConvIntegerParams>(a.node.params);
  const float* filter = reinterpret_cast<const float*>(a.constant(2));
  if (!filter || a.input(0).type != DataType::kUint8) return NotSupported("convInteger: expects uint8 input and a constant filter.");
  const ConvGeometry g = MakeConvGeometry(a.input(0).shape, a.input(2).shape, a.output(0).shape, p);
  const size_t taps = g.taps();
  std::vector<uint8_t> packed;
  size_t group_packed;
  kernels::QU8IgemmUkernelFn igemm;
  if (g.cg >= kMinChannelsForBytes) {
    group_packed = kernels::QU8PackedIgemmSizeU8(g.og, g.cg, taps);
    ASSIGN_OR_RETURN(packed, PackIntegerWeightsAsBytes(filter, p.groups, g.og, g.cg, taps, "convInteger"));
    igemm = kernels::qu8_igemm_ukernel_3x4c8__wasmsimd_dot16x2_ld64;
  } else {
    group_packed = kernels::QU8PackedIgemmSize(g.og, g.cg, taps);
    ASSIGN_OR_RETURN(packed, PackIntegerWeights(filter, p.groups, g.og, g.cg, taps, "convInteger"));
    igemm = kernels::qu8_igemm_ukernel_3x4c8__wasmsimd_dot16x2;
  }
  a.ConsumeConstant(2);
  IntegerEpilogue epilogue(a, 3, g.o, p.float_output, p.clamp);
  return StepPtr(std::make_unique<ConvIntegerStep>(g, igemm, std::move(packed), group_packed, a.in[0], a.in[1], a.out[0], std::move(epilogue),
                                                   ConvActivation(p)));
}

}  // namespace webnn::compiler
