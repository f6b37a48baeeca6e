// convInteger (ConvIntegerParams, made by FuseIntegerOps): the qu8 indirect GEMM kernels over uint8
// NHWC activations, the filter packed once (it arrives less its zero point), int32 output. Filters with 128 or
// more input channels per group stay uint8 with a zero point per output channel (their stored size: the _ld64
// tile, 56-59 GFLOP/s at 128-768 channels, within 10% of the int16 c2 tile there); narrower ones are packed as
// int16 for the c2 tile (1.2-1.6x the c8 tiles' speed on 8-64 channels; their filters are a few KB). The
// indirection is conv2d's (conv_geometry.h): kept between runs when small, per band otherwise; padding taps
// read a row holding the activation zero point, which is a run-time value, so that row is refilled per run.
// With float_output, each tile's int32 sums become float32 in place right after the kernel wrote them
// (scale, bias and clamp per output channel, qs32_f32_vcvt_qc_minmax), while they are still in cache; with
// quantized_output the tile is computed on the stack, up to 512 columns at a time, and quantized into the output
// bytes. A depthwise convInteger (groups = channels, one filter each) runs qu8_dwconv instead, a row at a time;
// 3x3 filters of stride 1 with enough tiles and channels run as the integer Winograd (conv_integer_winograd.cc).
#include <cstring>
#include <vector>

#include "base/checked_math.h"
#include "compiler/lower/conv_geometry.h"
#include "compiler/lower/conv_winograd.h"
#include "compiler/lower/integer_gemm.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/qdwconv.h"
#include "kernels/qgemm.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// The tiles (bench/kernels/qgemm_bench.cc): filters of int16 weights take 4x8c2, which sums no lanes at the end of
// a column block - 45 GFLOP/s at 8 input channels and 9 taps, 62-63 at 64-768, where 3x4c8 (the fastest c8 tile)
// gave 27 and 53-60; filters kept as uint8 take 3x4c8_ld64 (56-59).
struct IgemmTile {
  kernels::QU8IgemmUkernelFn fn;
  size_t mr, nr;
};
constexpr size_t kMaxMr = 4;
constexpr uint32_t kMinChannelsForBytes = 128;

class ConvIntegerStep final : public runtime::Step {
 public:
  ConvIntegerStep(ConvGeometry g, IgemmTile igemm, std::vector<uint8_t> packed, size_t group_packed,
                  TensorRef in, TensorRef zero_point, TensorRef out, IntegerEpilogue epilogue, ConvActivation activation,
                  OutputQuantization quantization)
      : g_(g), igemm_(igemm), packed_(std::move(packed)), group_packed_(group_packed), in_(in), zero_point_(zero_point), out_(out),
        epilogue_(std::move(epilogue)), activation_(activation), quantization_(quantization), zero_(size_t{g.cg} + 16) {
    if (!BandedIndirection(g_, igemm_.mr)) AllocationCount<const uint8_t*>({g.pixels() + 16, g.kh, g.kw});
  }

  const char* name() const override { return "convInteger/igemm"; }
  uint64_t macs() const override { return uint64_t{g_.pixels()} * g_.o * g_.cg * g_.taps(); }

  void Run(const ExecContext& ctx) const override {
    const uint8_t* input = ctx.As<uint8_t>(in_);
    uint8_t* output = ctx.As<uint8_t>(out_);
    const kernels::QU8ConvParams params = BeginIntegerConvRun(ctx, zero_point_, zero_, epilogue_, quantization_);
    const size_t m = g_.pixels(), taps = g_.taps();
    if (BandedIndirection(g_, igemm_.mr)) {
      const uint64_t band_macs = uint64_t{kBandBlocks} * igemm_.mr * g_.o * g_.cg * taps;
      ForEachIndirectionBand(ctx.pool, g_, input, zero_.data(), igemm_.mr, band_macs,
                             [&](const uint8_t** ind, size_t b0, size_t b1) {
        for (size_t b = b0; b < b1; ++b) {
          const size_t i = b * igemm_.mr, mi = std::min(igemm_.mr, m - i);
          for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
            Tile(ind + (b - b0) * taps * igemm_.mr, mi, i, 0, g_.og, grp, output, params);
          }
        }
      });
      return;
    }
    const uint8_t** indirection = indirection_.Get(g_, input, zero_.data(), igemm_.mr);
    const uint64_t macs = uint64_t{m} * g_.og * g_.cg * taps;  // per group
    for (uint32_t grp = 0; grp < g_.p.groups; ++grp) {
      // Whole rows with a quantized output too: its kernel is one call per tile then, not one per row.
      const size_t whole = runtime::AlignUp(g_.og, igemm_.nr), half = HalfColumnTile(g_.og, igemm_.nr);
      const size_t n_tile = quantization_.present() ? whole : activation_.ColumnTile(half, whole);
      ParallelTiles2D(ctx.pool, macs, m, g_.og, igemm_.mr, n_tile, [&](size_t i, size_t j, size_t mi, size_t nj) {
        Tile(indirection + (i / igemm_.mr) * taps * igemm_.mr, mi, i, j, nj, grp, output, params);
      });
    }
  }

 private:
  // Rows [i, i + mi) (one block of MR pointers per tap at `ind`), columns [j, j + nj) of group grp.
  // `output` holds int32 or float32 elements, or bytes with the output quantization.
  void Tile(const uint8_t** ind, size_t mi, size_t i, size_t j, size_t nj, uint32_t grp, uint8_t* output,
            const kernels::QU8ConvParams& params) const {
    const size_t block_bytes = group_packed_ / ((g_.og + igemm_.nr - 1) / igemm_.nr);
    const auto run = [&](size_t j0, size_t nc, int32_t* tile, size_t stride) {
      // The MR-row tile also for the last rows: its block repeats the last pixel's pointers.
      const uint8_t* w = packed_.data() + grp * group_packed_ + j0 / igemm_.nr * block_bytes;
      const size_t column = grp * g_.og + j0;
      igemm_.fn(mi, nc, g_.cg, g_.taps(), ind, w, tile, stride * sizeof(int32_t), igemm_.nr * sizeof(int32_t), grp * g_.cg,
                zero_.data(), &params);
      if (epilogue_.present()) epilogue_.Apply(tile, mi, nc, stride, column);
      activation_.Apply(reinterpret_cast<float*>(tile), mi, nc, stride);  // only with the float epilogue
    };
    if (!quantization_.present()) {
      run(j, nj, reinterpret_cast<int32_t*>(output) + i * g_.o + grp * g_.og + j, g_.o);
      return;
    }
    static_assert(kMaxMr <= OutputQuantization::kMaxRows && OutputQuantization::kColumns % kernels::kQU8IgemmC2Nr == 0);
    quantization_.Tiled(mi, j, nj, output + i * g_.o + grp * g_.og + j, g_.o, run);
  }

  ConvGeometry g_;
  IgemmTile igemm_;
  std::vector<uint8_t> packed_;
  size_t group_packed_;
  TensorRef in_, zero_point_, out_;
  IntegerEpilogue epilogue_;
  ConvActivation activation_;
  OutputQuantization quantization_;
  mutable std::vector<uint8_t> zero_;
  KeptIndirection<uint8_t> indirection_;
};

// A depthwise convInteger (one filter per channel, groups = channels): qu8_dwconv one output row at a time, the
// row's int32 sums then through the same epilogue, activation and output quantization as the IGEMM step's tiles.
// A QDQ depthwise layer ran as dequantizeLinear, float dwconv and quantizeLinear: three passes over the
// activations, where this one reads the bytes (at 14-16.5 GFLOP/s for 3x3 and 5x5, the float kernels' 10.4-16).
class DepthwiseConvIntegerStep final : public runtime::Step {
 public:
  DepthwiseConvIntegerStep(ConvGeometry g, kernels::QU8DwconvUkernelFn dwconv, std::vector<uint8_t> packed, TensorRef in,
                           TensorRef zero_point, TensorRef out, IntegerEpilogue epilogue, ConvActivation activation,
                           OutputQuantization quantization)
      : g_(g), dwconv_(dwconv), packed_(std::move(packed)), in_(in), zero_point_(zero_point), out_(out), epilogue_(std::move(epilogue)),
        activation_(activation), quantization_(quantization), zero_(size_t{g.c} + 16) {
    if (!BandedIndirection(g_, 1)) AllocationCount<const uint8_t*>({g.pixels(), g.kh, g.kw});
  }

  const char* name() const override { return "convInteger/dwconv"; }
  uint64_t macs() const override { return uint64_t{g_.pixels()} * g_.c * g_.taps(); }

  void Run(const ExecContext& ctx) const override {
    const uint8_t* input = ctx.As<uint8_t>(in_);
    uint8_t* output = ctx.As<uint8_t>(out_);
    const kernels::QU8ConvParams params = BeginIntegerConvRun(ctx, zero_point_, zero_, epilogue_, quantization_);
    const bool banded = BandedIndirection(g_, 1);
    const uint8_t** indirection = banded ? nullptr : indirection_.Get(g_, input, zero_.data(), 1);
    const size_t taps = g_.taps(), row_elements = size_t{g_.ow} * g_.c;
    ParallelRows(ctx.pool, size_t{g_.n} * g_.oh, row_elements * taps, [&](uint64_t begin, uint64_t end) {
      std::vector<const uint8_t*> band(banded ? size_t{g_.ow} * taps : 0);
      // With the output quantization the row's sums are made here, then quantized into the output bytes.
      std::vector<int32_t> scratch(quantization_.present() ? row_elements : 0);
      for (uint64_t row = begin; row < end; ++row) {
        const uint8_t** ind = banded ? band.data() : indirection + row * g_.ow * taps;
        if (banded) FillIndirection(g_, input, zero_.data(), 1, row * g_.ow, (row + 1) * g_.ow, band.data());
        int32_t* sums = quantization_.present() ? scratch.data() : reinterpret_cast<int32_t*>(output) + row * row_elements;
        dwconv_(g_.c, g_.ow, taps, ind, packed_.data(), sums, taps * sizeof(void*), 0, 0, zero_.data(), &params);
        if (epilogue_.present()) epilogue_.Apply(sums, g_.ow, g_.c, g_.c, 0);
        activation_.Apply(reinterpret_cast<float*>(sums), 1, row_elements, row_elements);  // only with the float epilogue
        if (quantization_.present()) {
          quantization_.Apply(reinterpret_cast<const float*>(sums), 1, row_elements, output + row * row_elements, row_elements);
        }
      }
    });
  }

 private:
  ConvGeometry g_;
  kernels::QU8DwconvUkernelFn dwconv_;
  std::vector<uint8_t> packed_;
  TensorRef in_, zero_point_, out_;
  IntegerEpilogue epilogue_;
  ConvActivation activation_;
  OutputQuantization quantization_;
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
  IntegerEpilogue epilogue(a, 3, g.o, p.float_output, p.clamp);
  OutputQuantization quantization(a, ConvIntegerParams::kQuantizationInput, p.quantized_output);
  if (IsDepthwise(p.groups, g.c, g.o)) {
    // OHWI [C][KH][KW][1]: [channels][taps] as the packing takes it.
    ASSIGN_OR_RETURN(std::vector<int16_t> w, Int16Weights(filter, size_t{g.c} * taps, "convInteger"));
    std::vector<uint8_t> packed(kernels::QU8PackedDwconvSize(g.c, taps));
    kernels::QS16PackDwconv(g.c, taps, w.data(), nullptr, packed.data());
    a.ConsumeConstant(2);
    // 3x3 and 5x5 take the kernels made for their tap count (14-16.5 GFLOP/s against the any-count one's 12.8-13.9).
    const kernels::QU8DwconvUkernelFn dwconv = taps == 9    ? kernels::qu8_dwconv_ukernel_9p8c__wasmsimd_extmul
                                               : taps == 25 ? kernels::qu8_dwconv_ukernel_25p8c__wasmsimd_extmul
                                                            : kernels::qu8_dwconv_ukernel_up8c__wasmsimd_extmul;
    return StepPtr(std::make_unique<DepthwiseConvIntegerStep>(g, dwconv, std::move(packed), a.in[0], a.in[1], a.out[0],
                                                              std::move(epilogue), ConvActivation(p), quantization));
  }
  if (IntegerWinogradSuits(g)) {
    if (StepPtr step = MakeConvIntegerWinogradStep(a, g, filter)) {
      a.ConsumeConstant(2);
      return step;
    }
  }
  std::vector<uint8_t> packed;
  size_t group_packed;
  IgemmTile igemm;
  if (g.cg >= kMinChannelsForBytes) {
    group_packed = kernels::QU8PackedIgemmSizeU8(g.og, g.cg, taps);
    ASSIGN_OR_RETURN(packed, PackIntegerWeightsAsBytes(filter, p.groups, g.og, g.cg, taps, "convInteger"));
    igemm = {kernels::qu8_igemm_ukernel_3x4c8__wasmsimd_dot16x2_ld64, 3, kernels::kQU8IgemmNr};
  } else {
    group_packed = kernels::QU8PackedIgemmSizeC2(g.og, g.cg, taps);
    ASSIGN_OR_RETURN(packed, PackIntegerWeights(filter, p.groups, g.og, g.cg, taps, "convInteger"));
    igemm = {kernels::qu8_igemm_ukernel_4x8c2__wasmsimd_dot16x2, 4, kernels::kQU8IgemmC2Nr};
  }
  a.ConsumeConstant(2);
  return StepPtr(std::make_unique<ConvIntegerStep>(g, igemm, std::move(packed), group_packed, a.in[0], a.in[1], a.out[0], std::move(epilogue),
                                                   ConvActivation(p), quantization));
}

}  // namespace webnn::compiler
