// conv2d as Winograd F(2x2, 3x3) (kernels/winograd.h): 3x3 filters of stride and dilation 1 in one group,
// where the channels make the 16 GEMMs worth their transforms.
#pragma once

#include <algorithm>
#include <cstdint>

#include "compiler/lower/conv_geometry.h"
#include "compiler/lower/lower.h"
#include "runtime/thread_pool.h"

namespace webnn::compiler {

// What the float and the integer Winograd steps share: blocks of tiles, a tile's input window and output pixels.

// Tiles per block: MR-row blocks of the GEMM, kWinogradBlockRows of them, fewer where the image is small (a 13x13
// layer has 49 tiles) so that every thread gets two blocks.
constexpr size_t kWinogradBlockRows = 8;
inline size_t WinogradBlockTiles(size_t tiles, size_t mr, const runtime::ThreadPool* pool) {
  const size_t threads = pool ? pool->num_threads() : 1;
  size_t rows = kWinogradBlockRows;
  while (rows > 1 && (tiles + mr * rows - 1) / (mr * rows) < 2 * threads) rows /= 2;
  return mr * rows;
}
// Elements between two of the 16 transformed matrices of a block beyond their own size: one cache line or more, so
// that the transforms' 16 streams fall in different L1 sets. At exactly tiles x C (4 or 8 KB apart) they shared
// one set, more streams than its ways: the float output transform ran at 10-12 GB/s, the input one at 12 from 31.
constexpr size_t kMatrixPad = 16;

// A tile's image and its place in the grid of th x tw tiles (tile index: image-major, then row, then column).
struct TileAt {
  TileAt(size_t tile, size_t th, size_t tw) : image(tile / (tw * th)), y(tile / tw % th), x(tile % tw) {}
  size_t image, y, x;
};

// The tiles (2x2 output pixels each) of a convolution: th rows and tw columns of them per image, `count` in all.
struct WinogradGrid {
  explicit WinogradGrid(const ConvGeometry& g) : th((g.oh + 1) / 2), tw((g.ow + 1) / 2), count(size_t{g.n} * th * tw) {}
  TileAt At(size_t tile) const { return TileAt(tile, th, tw); }
  size_t th, tw, count;
};

// The 4x4 input window of a tile, row-major: each pixel's C elements, or the `zero` row outside the image.
template <typename T>
void WinogradWindow(const ConvGeometry& g, const T* input, const T* zero, const TileAt& at, const T** d) {
  for (size_t i = 0; i < 4; ++i) {
    const int64_t iy = int64_t(2 * at.y + i) - g.p.pad_top;
    for (size_t j = 0; j < 4; ++j) {
      const int64_t ix = int64_t(2 * at.x + j) - g.p.pad_left;
      const bool inside = iy >= 0 && ix >= 0 && iy < int64_t{g.ih} && ix < int64_t{g.iw};
      d[4 * i + j] = inside ? input + ((at.image * g.ih + size_t(iy)) * g.iw + size_t(ix)) * g.c : zero;
    }
  }
}

// A tile's 2x2 output pixels: the top left one's index, and whether the right column and the bottom row exist (not
// past the image's last column or row).
struct WinogradPixels {
  WinogradPixels(const ConvGeometry& g, const TileAt& at)
      : top((at.image * g.oh + 2 * at.y) * g.ow + 2 * at.x), width(g.ow), right(2 * at.x + 1 < g.ow),
        below(2 * at.y + 1 < g.oh) {}
  size_t columns() const { return right ? 2 : 1; }
  // The pixels' rows of `o` elements in `output` (null where a pixel is past the image), as the output kernels take.
  template <typename T>
  void Pointers(T* output, size_t o, T* (&y)[4]) const {
    T* p = output + top * o;
    y[0] = p;
    y[1] = right ? p + o : nullptr;
    y[2] = below ? p + width * o : nullptr;
    y[3] = right && below ? p + (width + 1) * o : nullptr;
  }
  size_t top, width;
  bool right, below;
};

// Whether a conv2d of geometry `g` with a float32 constant filter runs as Winograd F(2x2, 3x3).
bool WinogradSuits(const ConvGeometry& g);

// The step, for an OHWI float32 filter [O][3][3][C] and a bias [O] (or null), both read here and not kept.
StepPtr MakeConv2dWinogradStep(const ConvGeometry& g, const float* filter, const float* bias, runtime::TensorRef in,
                               runtime::TensorRef out, ConvActivation activation);
// The same for a float16 filter (its bits), kept as float16 and widened at each run (KeepHalfWeights).
StepPtr MakeConv2dWinogradStepHalf(const ConvGeometry& g, const uint16_t* filter, const float* bias,
                                   runtime::TensorRef in, runtime::TensorRef out, ConvActivation activation);

// Whether a convInteger of geometry `g` runs as the exact integer Winograd (kernels/qwinograd.h): WinogradSuits'
// shapes with at most kQU8WinogradMaxChannels input channels, where no int32 sum can wrap.
bool IntegerWinogradSuits(const ConvGeometry& g);
// The step for a convInteger (ConvIntegerParams) of inputs in `a` with filter OHWI `filter` (float32 exact
// integers, less their zero point): null when a filter column spans more than 255 (not bytes with a zero point).
StepPtr MakeConvIntegerWinogradStep(const LowerArgs& a, const ConvGeometry& g, const float* filter);

}  // namespace webnn::compiler
