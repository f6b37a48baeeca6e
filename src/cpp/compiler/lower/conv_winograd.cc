// conv2d as Winograd F(2x2, 3x3) (kernels/winograd.h). The filter is kept as given, re-laid out tap-major
// ([9][C][O padded to NR], so that the transform reads four output channels at once; a float16 filter stays
// float16 and is widened a block of NR output channels at a time), and transformed into the 16 packed GEMM
// weight matrices in the plan's shared scratch at each run, where it is a few percent of the GEMMs' work: the
// transformed filter is 16/9 of the filter's size, which the heap rule (constants as given + arena + 10%)
// could not hold as a constant. Then, per block of output tiles (2x2 pixels each), the input transform into V
// ([16][tiles][C]), 16 GEMMs into M ([16][tiles][O]) and the output transform with the bias, the clamp and any
// fused activation, each block's V and M in the task's own buffers (L2-sized).
#include "compiler/lower/conv_winograd.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "compiler/lower/parallel.h"
#include "kernels/gemm.h"
#include "kernels/qwinograd.h"
#include "kernels/vcvt.h"
#include "kernels/winograd.h"
#include "runtime/aligned_vector.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// The filter's taps as [9][C][ncp] (OHWI [O][3][3][C] transposed, output channels past O zero).
template <typename T>
runtime::AlignedVector<T> TapMajor(const ConvGeometry& g, size_t ncp, const T* filter) {
  runtime::AlignedVector<T> taps(size_t{9} * g.c * ncp, T{0});
  for (size_t co = 0; co < g.o; ++co) {
    for (size_t t = 0; t < 9; ++t) {
      for (size_t ci = 0; ci < g.c; ++ci) taps[(t * g.c + ci) * ncp + co] = filter[(co * 9 + t) * g.c + ci];
    }
  }
  return taps;
}

class Conv2dWinogradStep final : public runtime::Step {
 public:
  // `filter` is float32 or, with `half`, float16 bits.
  Conv2dWinogradStep(const ConvGeometry& g, const void* filter, bool half, const float* bias, TensorRef in,
                     TensorRef out, ConvActivation activation)
      : g_(g), nr_(kernels::GetF32GemmConfig().nr), ncp_(runtime::AlignUp(g.o, nr_)),
        packed_floats_(kernels::F32PackedGemmSize(g.o, g.c, nr_)),
        bias_(bias ? std::vector<float>(bias, bias + g.o) : std::vector<float>()), in_(in), out_(out),
        activation_(activation), zero_(size_t{g.c} + 16, 0.0f) {
    if (half) {
      half_taps_ = TapMajor(g, ncp_, static_cast<const uint16_t*>(filter));
    } else {
      taps_ = TapMajor(g, ncp_, static_cast<const float*>(filter));
    }
  }

  const char* name() const override { return "conv2d/winograd"; }
  // The direct convolution's multiply-adds, so that its GFLOP/s compare with the IGEMM's (2.25x more than it does).
  uint64_t macs() const override { return uint64_t{g_.pixels()} * g_.o * g_.c * 9; }
  size_t scratch_bytes() const override { return (16 * packed_floats_ * sizeof(float) + 63) / 64 * 64; }

  void Run(const ExecContext& ctx) const override {
    const auto& wino = kernels::GetF32WinogradConfig();
    const auto& gemm = kernels::GetF32GemmConfig();
    float* u = reinterpret_cast<float*>(ctx.scratch);
    const size_t c = g_.c, o = g_.o, mr = gemm.mr;
    ParallelRows(ctx.pool, ncp_ / nr_, uint64_t{16} * c * nr_, [&](uint64_t j0, uint64_t j1) {
      if (half_taps_.empty()) return wino.filter(c, ncp_, nr_, taps_.data(), j0, j1, u, packed_floats_);
      // A float16 filter: each block of NR output channels widened into the task's buffer, then transformed
      // from there (never the whole filter in float32).
      const std::unique_ptr<float[]> block(new float[9 * c * nr_]);
      for (size_t j = j0; j < j1; ++j) {
        for (size_t r = 0; r < 9 * c; ++r) {
          kernels::f16_f32_vcvt_ukernel__wasmsimd_u8(nr_, &half_taps_[r * ncp_ + j * nr_], block.get() + r * nr_);
        }
        wino.filter(c, nr_, nr_, block.get(), 0, 1, u + j * nr_ * (c + 1), packed_floats_);
      }
    });
    const float* input = ctx.As<float>(in_);
    float* output = ctx.As<float>(out_);
    const WinogradGrid grid(g_);
    const size_t tb = WinogradBlockTiles(grid.count, mr, ctx.pool), blocks = (grid.count + tb - 1) / tb;
    const kernels::MinMaxParams clamp{g_.p.clamp.min, g_.p.clamp.max}, none{-INFINITY, INFINITY};
    const float* bias = bias_.empty() ? nullptr : bias_.data();
    ParallelRows(ctx.pool, blocks, uint64_t{16} * tb * c * o, [&](uint64_t b0, uint64_t b1) {
      // The task's V and M, not zero-filled (a std::vector's 0.1-0.5 MB memset per task cost the 2-thread runs
      // more than their GEMMs gained: 16 tasks per convolution).
      const size_t v_stride = tb * c + kMatrixPad, m_stride = tb * o + kMatrixPad;
      const std::unique_ptr<float[]> v(new float[16 * v_stride]), m(new float[16 * m_stride]);
      for (size_t b = b0; b < b1; ++b) {
        const size_t t0 = b * tb, count = std::min(tb, grid.count - t0);
        for (size_t t = 0; t < count; ++t) {
          const float* d[16];
          WinogradWindow(g_, input, zero_.data(), grid.At(t0 + t), d);
          wino.input(c, d, v.get() + t * c, v_stride);
        }
        for (size_t xi = 0; xi < 16; ++xi) {
          for (size_t i = 0; i < count; i += mr) {
            const size_t mi = std::min(mr, count - i);
            auto fn = mi == 1 && gemm.gemm1 ? gemm.gemm1 : gemm.gemm;
            fn(mi, o, c, v.get() + xi * v_stride + i * c, c * sizeof(float), u + xi * packed_floats_,
               m.get() + xi * m_stride + i * o, o * sizeof(float), nr_ * sizeof(float), &none);
          }
        }
        for (size_t t = 0; t < count; ++t) {
          const WinogradPixels px(g_, grid.At(t0 + t));
          float* y[4];
          px.Pointers(output, o, y);
          wino.output(o, m.get() + t * o, m_stride, bias, y, &clamp);
          const size_t cols = px.columns() * o;
          activation_.Apply(y[0], 1, cols, cols);
          if (px.below) activation_.Apply(y[2], 1, cols, cols);
        }
      }
    });
  }

 private:
  ConvGeometry g_;
  size_t nr_, ncp_, packed_floats_;
  runtime::AlignedVector<float> taps_;  // [9][C][ncp], or empty beside half_taps_
  runtime::AlignedVector<uint16_t> half_taps_;
  std::vector<float> bias_;
  TensorRef in_, out_;
  ConvActivation activation_;
  runtime::AlignedVector<float> zero_;
};

// The shapes both Winograd steps take: 3x3, stride and dilation 1, one group, enough tiles for the per-run filter
// transform to pay back.
bool WinogradShape(const ConvGeometry& g) {
  const ConvWindow& p = g.p;
  if (p.groups != 1 || g.kh != 3 || g.kw != 3 || p.stride_h != 1 || p.stride_w != 1 || p.dilation_h != 1 ||
      p.dilation_w != 1) {
    return false;
  }
  const size_t tiles = WinogradGrid(g).count;
  // The filter's transform at each run is paid back over the tiles: 512 -> 512 channels at 7x7 (16 tiles, 17 MB
  // transformed) took 1.22x the IGEMM's time, 256 -> 256 at 8x8 0.72x, 384 -> 384 at 8x8 0.88x, 512 -> 512 at
  // 14x14 (49 tiles) 0.69x, 1024 -> 1024 at 14x14 0.39x (Node, 1 thread).
  if (tiles < 32 && size_t{g.c} * g.o > 131072) return false;
  return g.c >= 8 && tiles >= 16;
}

}  // namespace

bool WinogradSuits(const ConvGeometry& g) {
  if (kernels::GetF32GemmConfig().nr % 4 != 0) return false;  // the filter transform's four-channel lanes
  return WinogradShape(g) && g.o >= 16;
}

// 8 output channels too, where the float step needs 16: the QDQ U-Net's last 3x3 layers at 512x512, 24 -> 8 and
// 8 -> 8 channels, took 16.4 and 11.0 ms against the IGEMM's 21.5 and 11.5 (Node, relaxed SIMD, 1 thread).
bool IntegerWinogradSuits(const ConvGeometry& g) {
  return WinogradShape(g) && g.o >= 8 && g.c <= kernels::kQU8WinogradMaxChannels;
}

StepPtr MakeConv2dWinogradStep(const ConvGeometry& g, const float* filter, const float* bias, TensorRef in,
                               TensorRef out, ConvActivation activation) {
  return std::make_unique<Conv2dWinogradStep>(g, filter, false, bias, in, out, activation);
}

StepPtr MakeConv2dWinogradStepHalf(const ConvGeometry& g, const uint16_t* filter, const float* bias, TensorRef in,
                                   TensorRef out, ConvActivation activation) {
  return std::make_unique<Conv2dWinogradStep>(g, filter, true, bias, in, out, activation);
}

}  // namespace webnn::compiler
