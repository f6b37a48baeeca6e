// What the 2-D convolution steps (float conv2d, integer convInteger) share: their geometry and the indirection
// buffers of their indirect GEMMs.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "base/checked_math.h"
#include "base/shape.h"
#include "compiler/ir.h"
#include "compiler/lower/parallel.h"
#include "kernels/vunary.h"

namespace webnn::compiler {

struct ConvGeometry {
  uint32_t n, ih, iw, c, oh, ow, o, kh, kw, cg, og;
  ConvWindow p;
  size_t taps() const { return size_t{kh} * kw; }
  size_t pixels() const { return size_t{n} * oh * ow; }
};

// input NHWC, filter OHWI, output NHWC.
inline ConvGeometry MakeConvGeometry(const Shape& in, const Shape& filter, const Shape& out, const ConvWindow& p) {
  return ConvGeometry{in[0], in[1], in[2], in[3], out[1], out[2], out[3], filter[1], filter[2], filter[3], out[3] / p.groups, p};
}

// A step keeps its indirection table between runs up to this size (1M pointers); a larger one would cost
// as much memory as the activations: 9.4 MB per 3x3 conv at 512x512, 113 MB for a stack of 12 beside a
// 96 MB arena. Those build their table per band of output pixels in each run, into the task's own buffer:
// a pointer costs ~1 ns to fill against the cg x NR multiply-adds per pointer it serves.
constexpr size_t kMaxKeptIndirection = size_t{1} << 20;
// Output pixels per band: kBandBlocks blocks of MR (for 3x3 and MR 6, 3.4 KB of pointers).
constexpr size_t kBandBlocks = 16;

inline bool BandedIndirection(const ConvGeometry& g, size_t mr) {
  return (g.pixels() + mr - 1) / mr * mr * g.taps() > kMaxKeptIndirection;
}

// The IGEMM indirection for blocks [b0, b1) of MR output pixels: per block and tap, MR pointers to the
// input rows (NHWC pixels of g.c elements) under that tap, or to `zero` in padding; the last block repeats
// its last pixel. `ind` holds (b1 - b0) * taps * mr pointers. With mr 1 it is the depthwise layout, [pixel][tap].
template <typename T>
void FillIndirection(const ConvGeometry& g, const T* input, const T* zero, size_t mr, size_t b0, size_t b1, const T** ind) {
  const size_t m = g.pixels(), taps = g.taps();
  const ConvWindow& p = g.p;
  const size_t row = size_t{g.iw} * g.c;  // elements per input row
  // The pixel's coordinates advance one at a time from the band's first (one division per band, not three per
  // pixel), and a window wholly inside the image is its corner plus fixed offsets: a band's table of a
  // small-channel conv at high resolution cost as much as its multiply-adds (512x512, 8 -> 8 channels: 7 of
  // 16.5 ms), as it is rebuilt every run.
  size_t pixel = std::min(b0 * mr, m - 1);
  size_t ox = pixel % g.ow, oy = (pixel / g.ow) % g.oh, image = pixel / (size_t{g.ow} * g.oh);
  const int64_t span_h = int64_t{g.kh - 1} * p.dilation_h, span_w = int64_t{g.kw - 1} * p.dilation_w;
  const size_t step = size_t{p.stride_w} * g.c;  // from one output pixel's window to the next one's in a row
  const auto next_pixel = [&] {
    if (pixel + 1 == m) return;  // the last block repeats the last pixel
    ++pixel;
    if (++ox == g.ow) {
      ox = 0;
      if (++oy == g.oh) {
        oy = 0;
        ++image;
      }
    }
  };
  for (size_t b = b0; b < b1; ++b) {
    // A block of mr pixels of one output row whose windows are all inside the image: per tap, mr pointers
    // `step` apart.
    const int64_t block_iy0 = static_cast<int64_t>(oy) * p.stride_h - p.pad_top;
    const int64_t block_ix0 = static_cast<int64_t>(ox) * p.stride_w - p.pad_left;
    if (ox + mr <= g.ow && pixel + mr <= m && block_iy0 >= 0 && block_iy0 + span_h < g.ih && block_ix0 >= 0 &&
        block_ix0 + static_cast<int64_t>((mr - 1) * p.stride_w) + span_w < g.iw) {
      const T* corner = input + image * g.ih * row + static_cast<size_t>(block_iy0) * row + static_cast<size_t>(block_ix0) * g.c;
      const T** out = ind + (b - b0) * taps * mr;
      for (uint32_t ky = 0; ky < g.kh; ++ky) {
        for (uint32_t kx = 0; kx < g.kw; ++kx) {
          const T* first = corner + size_t{ky} * p.dilation_h * row + size_t{kx} * p.dilation_w * g.c;
          for (size_t r = 0; r < mr; ++r) out[r] = first + r * step;
          out += mr;
        }
      }
      for (size_t r = 0; r < mr; ++r) next_pixel();
      continue;
    }
    for (size_t r = 0; r < mr; ++r) {
      const int64_t iy0 = static_cast<int64_t>(oy) * p.stride_h - p.pad_top;
      const int64_t ix0 = static_cast<int64_t>(ox) * p.stride_w - p.pad_left;
      const T* base = input + image * g.ih * row;
      const T** out = ind + (b - b0) * taps * mr + r;
      if (iy0 >= 0 && ix0 >= 0 && iy0 + span_h < g.ih && ix0 + span_w < g.iw) {
        const T* corner = base + static_cast<size_t>(iy0) * row + static_cast<size_t>(ix0) * g.c;
        for (uint32_t ky = 0; ky < g.kh; ++ky) {
          const T* line = corner + size_t{ky} * p.dilation_h * row;
          for (uint32_t kx = 0; kx < g.kw; ++kx) out[(size_t{ky} * g.kw + kx) * mr] = line + size_t{kx} * p.dilation_w * g.c;
        }
      } else {
        for (uint32_t ky = 0; ky < g.kh; ++ky) {
          const int64_t iy = iy0 + int64_t{ky} * p.dilation_h;
          for (uint32_t kx = 0; kx < g.kw; ++kx) {
            const int64_t ix = ix0 + int64_t{kx} * p.dilation_w;
            const bool inside = iy >= 0 && ix >= 0 && iy < g.ih && ix < g.iw;
            out[(size_t{ky} * g.kw + kx) * mr] = inside ? base + static_cast<size_t>(iy) * row + static_cast<size_t>(ix) * g.c : zero;
          }
        }
      }
      next_pixel();
    }
  }
}

// An indirection table kept between runs (where it is small: see BandedIndirection), filled at the first
// run and again only when the input moves (graph inputs are bound per dispatch).
template <typename T>
class KeptIndirection {
 public:
  // The table for `input`: blocks of mr pixels, as FillIndirection lays them out.
  const T** Get(const ConvGeometry& g, const T* input, const T* zero, size_t mr) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (input != input_ || table_.empty()) {
      const size_t blocks = (g.pixels() + mr - 1) / mr;
      table_.assign(AllocationCount<const T*>({blocks, g.kh, g.kw, mr}), nullptr);
      FillIndirection(g, input, zero, mr, 0, blocks, table_.data());
      input_ = input;
    }
    return table_.data();
  }

 private:
  mutable std::mutex mutex_;
  mutable std::vector<const T*> table_;
  mutable const T* input_ = nullptr;
};

// A large table's run: tasks over bands of kBandBlocks blocks of mr pixels, each band's indirection filled into
// the task's own buffer, then body(ind, b0, b1) for its blocks [b0, b1). `band_cost` weighs a band for the pool.
template <typename T, typename Body>
void ForEachIndirectionBand(runtime::ThreadPool* pool, const ConvGeometry& g, const T* input, const T* zero, size_t mr,
                            uint64_t band_cost, Body&& body) {
  const size_t blocks = (g.pixels() + mr - 1) / mr, bands = (blocks + kBandBlocks - 1) / kBandBlocks;
  ParallelRows(pool, bands, band_cost, [&](uint64_t first, uint64_t last) {
    std::vector<const T*> ind(kBandBlocks * g.taps() * mr);
    for (uint64_t band = first; band < last; ++band) {
      const size_t b0 = band * kBandBlocks, b1 = std::min(blocks, b0 + kBandBlocks);
      FillIndirection(g, input, zero, mr, b0, b1, ind.data());
      body(static_cast<const T**>(ind.data()), b0, b1);
    }
  });
}

// The fused activation (ConvActivationParams), applied in place to output blocks the kernel has just
// written, while they are in cache: efficientnet_b0's 65 swish steps read and wrote their tensors apart from their
// convolutions (6.6 of 34 ms at one thread).
class ConvActivation {
 public:
  explicit ConvActivation(const ConvActivationParams& p)
      : fn_(p.activation == UnaryOp::kIdentity ? nullptr : kernels::GetF32VUnary(p.activation)),
        params_{-INFINITY, INFINITY, p.activation_alpha, p.activation_beta} {}
  // A step's column tile: with an activation, all the columns (`whole`, padded to the kernel's), so that each tile
  // writes whole rows and the activation is one contiguous call per tile; else the step's own.
  size_t ColumnTile(size_t own, size_t whole) const { return fn_ ? whole : own; }
  // `rows` rows of `cols` floats from y, `stride` floats apart.
  void Apply(float* y, size_t rows, size_t cols, size_t stride) const {
    if (!fn_) return;
    if (cols == stride) return fn_(rows * cols, y, y, &params_);
    for (size_t r = 0; r < rows; ++r) fn_(cols, y + r * stride, y + r * stride, &params_);
  }

 private:
  kernels::F32VUnaryFn fn_;
  kernels::UnaryParams params_;
};

}  // namespace webnn::compiler
