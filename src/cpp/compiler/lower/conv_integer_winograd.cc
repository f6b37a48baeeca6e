// convInteger as the exact integer Winograd F(2x2, 3x3) (kernels/qwinograd.h): the same int32 sums as the
// indirect GEMM (conv_integer.cc), bit for bit, with 16 products per 2x2 output pixels and channel pair instead of
// 36, so everything after the sums - the float epilogue, the fused activation, the output quantization - is the
// IGEMM step's. The filter is kept as bytes, tap-major ([9][C][O padded to 8]) with a zero point per output
// channel (its stored size), and transformed into the 16 int16 GEMM matrices in the plan's shared scratch at each
// run, as the float step does (conv_winograd.cc). Per block of tiles: the input transform of the uint8 activations
// less their zero point into int16 V, 16 qs16 GEMMs into int32 M, the output transform into the output's pixels
// (int32 or, with the epilogue, float32 in place) or, with the output quantization, into a tile of the task's
// scratch quantized from there.
#include <memory>
#include <vector>

#include "compiler/lower/conv_winograd.h"
#include "compiler/lower/integer_gemm.h"
#include "compiler/lower/parallel.h"
#include "kernels/qgemm.h"
#include "kernels/qwinograd.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;
constexpr size_t kNr = kernels::kQU8WinogradNr;

class ConvIntegerWinogradStep final : public runtime::Step {
 public:
  ConvIntegerWinogradStep(const ConvGeometry& g, std::vector<uint8_t> taps, std::vector<uint8_t> zero_points,
                          TensorRef in, TensorRef zero_point, TensorRef out, IntegerEpilogue epilogue,
                          ConvActivation activation, OutputQuantization quantization)
      : g_(g), ncp_(zero_points.size()), kcp_(runtime::AlignUp(size_t{g.c}, size_t{8})),
        packed_bytes_(kernels::QU8PackedIgemmSizeC2(ncp_, kcp_, 1)), taps_(std::move(taps)),
        zero_points_(std::move(zero_points)), in_(in), zero_point_(zero_point), out_(out), epilogue_(std::move(epilogue)),
        activation_(activation), quantization_(quantization), zero_(size_t{g.c} + 16) {}

  const char* name() const override { return "convInteger/winograd"; }
  // The direct convolution's multiply-adds, so that its rate compares with the IGEMM's (2.25x more than it does).
  uint64_t macs() const override { return uint64_t{g_.pixels()} * g_.o * g_.c * 9; }
  size_t scratch_bytes() const override { return (16 * packed_bytes_ + 63) / 64 * 64; }

  void Run(const ExecContext& ctx) const override {
    const auto& wino = kernels::GetQU8WinogradConfig();
    const kernels::QU8ConvParams params = BeginIntegerConvRun(ctx, zero_point_, zero_, epilogue_, quantization_);
    int16_t* u = reinterpret_cast<int16_t*>(ctx.scratch);
    const size_t c = g_.c, o = g_.o, kcp = kcp_, mr = wino.mr, xi_stride = packed_bytes_ / sizeof(int16_t);
    ParallelRows(ctx.pool, ncp_ / kNr, uint64_t{16} * kcp * kNr, [&](uint64_t j0, uint64_t j1) {
      wino.filter(c, ncp_, taps_.data(), zero_points_.data(), j0, j1, u, xi_stride);
    });
    const uint8_t* input = ctx.As<uint8_t>(in_);
    uint8_t* output = ctx.As<uint8_t>(out_);
    const WinogradGrid grid(g_);
    const size_t tb = WinogradBlockTiles(grid.count, mr, ctx.pool), blocks = (grid.count + tb - 1) / tb;
    ParallelRows(ctx.pool, blocks, uint64_t{16} * tb * c * o, [&](uint64_t b0, uint64_t b1) {
      const size_t v_stride = tb * kcp + kMatrixPad, m_stride = tb * o + kMatrixPad;
      const std::unique_ptr<int16_t[]> v(new int16_t[16 * v_stride]);
      const std::unique_ptr<int32_t[]> m(new int32_t[16 * m_stride]);
      // With the output quantization, a tile's four pixels are finished here and quantized into the output.
      const std::unique_ptr<int32_t[]> pixels(quantization_.present() ? new int32_t[4 * o] : nullptr);
      for (size_t b = b0; b < b1; ++b) {
        const size_t t0 = b * tb, count = std::min(tb, grid.count - t0);
        for (size_t t = 0; t < count; ++t) {
          const uint8_t* d[16];
          WinogradWindow(g_, input, zero_.data(), grid.At(t0 + t), d);
          wino.input(c, kcp, d, params.a_zero_point, v.get() + t * kcp, v_stride);
        }
        for (size_t xi = 0; xi < 16; ++xi) {
          for (size_t i = 0; i < count; i += mr) {
            wino.gemm(std::min(mr, count - i), o, kcp, v.get() + xi * v_stride + i * kcp, kcp * sizeof(int16_t),
                      u + xi * xi_stride, m.get() + xi * m_stride + i * o, o * sizeof(int32_t), kNr * sizeof(int32_t));
          }
        }
        for (size_t t = 0; t < count; ++t) {
          Finish(wino, WinogradPixels(g_, grid.At(t0 + t)), m.get() + t * o, m_stride, output, pixels.get());
        }
      }
    });
  }

 private:
  // A tile's output transform, then the epilogue, the activation and the quantization as the IGEMM step's tiles.
  void Finish(const kernels::QU8WinogradConfig& wino, const WinogradPixels& px, const int32_t* m, size_t m_stride,
              uint8_t* output, int32_t* pixels) const {
    const size_t o = g_.o;
    if (quantization_.present()) {
      int32_t* y[4] = {pixels, pixels + o, pixels + 2 * o, pixels + 3 * o};
      wino.output(o, m, m_stride, y);
      epilogue_.Apply(pixels, 4, o, o, 0);
      activation_.Apply(reinterpret_cast<float*>(pixels), 4, o, o);
      uint8_t* top = output + px.top * o;
      quantization_.Apply(reinterpret_cast<const float*>(pixels), px.columns(), o, top, o);
      if (px.below) quantization_.Apply(reinterpret_cast<const float*>(pixels + 2 * o), px.columns(), o, top + px.width * o, o);
      return;
    }
    int32_t* y[4];
    px.Pointers(reinterpret_cast<int32_t*>(output), o, y);
    wino.output(o, m, m_stride, y);
    if (!epilogue_.present()) return;
    for (int32_t* row : {y[0], y[2]}) {
      if (!row) continue;
      epilogue_.Apply(row, px.columns(), o, o, 0);
      activation_.Apply(reinterpret_cast<float*>(row), px.columns(), o, o);
    }
  }

  ConvGeometry g_;
  size_t ncp_, kcp_, packed_bytes_;
  std::vector<uint8_t> taps_, zero_points_;  // [9][C][ncp] bytes, a zero point per (padded) output channel
  TensorRef in_, zero_point_, out_;
  IntegerEpilogue epilogue_;
  ConvActivation activation_;
  OutputQuantization quantization_;
  mutable std::vector<uint8_t> zero_;  // the padding row: the activation zero point, refilled per run
};

}  // namespace

StepPtr MakeConvIntegerWinogradStep(const LowerArgs& a, const ConvGeometry& g, const float* filter) {
  const auto& p = std::get<ConvIntegerParams>(a.node.params);
  const size_t ncp = runtime::AlignUp(size_t{g.o}, kNr), column = size_t{9} * g.c;
  std::vector<uint8_t> taps(column * ncp, 0), zero_points(ncp, 0);
  for (size_t co = 0; co < g.o; ++co) {
    // OHWI column co is [3][3][C], element t * C + ci, which goes to taps[(t * C + ci) * ncp + co].
    if (!ColumnAsBytes(filter + co * column, column, 1, taps.data() + co, ncp, &zero_points[co])) return nullptr;
  }
  return std::make_unique<ConvIntegerWinogradStep>(g, std::move(taps), std::move(zero_points), a.in[0], a.in[1], a.out[0],
                                                   IntegerEpilogue(a, 3, g.o, p.float_output, p.clamp), ConvActivation(p),
                                                   OutputQuantization(a, ConvIntegerParams::kQuantizationInput, p.quantized_output));
}

}  // namespace webnn::compiler
