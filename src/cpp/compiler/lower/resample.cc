// resample2d on NHWC [N, H, W, C] -> [N, OH, OW, C], half-pixel centers (spec: scale = OH / H,
// in = clamp((out + 0.5) / scale - 0.5, 0, H - 1)). Every table is built here, once:
//  - nearest-neighbor: the source row of each output row and the source column of each output column
//    (ceil(in - 0.5), in exact integer arithmetic); each output pixel is a copy of C elements, of any
//    element type.
//  - linear: per output column and per output row, the two neighbours (as byte offsets into one image) and
//    the weight, from which each row's taps for the ibilinear kernel are made when it runs.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/ibilinear.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// ceil(in - 0.5) of output coordinate o, where in - 0.5 = ((2o + 1) * in_size - 2 * out_size) / (2 * out_size).
uint32_t NearestSource(uint32_t o, uint32_t in_size, uint32_t out_size) {
  int64_t num = (2 * int64_t{o} + 1) * in_size - 2 * int64_t{out_size};
  int64_t den = 2 * int64_t{out_size};
  if (num <= 0) return 0;
  int64_t x = (num + den - 1) / den;
  return static_cast<uint32_t>(std::min<int64_t>(x, int64_t{in_size} - 1));
}

// The clamped source coordinate of output coordinate o (spec formula, in double).
double LinearSource(uint32_t o, uint32_t in_size, uint32_t out_size) {
  double scale = double(out_size) / double(in_size);
  double c = (o + 0.5) / scale - 0.5;
  return std::min(std::max(c, 0.0), double(in_size) - 1.0);
}

}  // namespace

Expected<StepPtr> LowerResample2d(const LowerArgs& a) {
  const auto& p = std::get<Resample2dParams>(a.node.params);
  const Shape& in = a.input(0).shape;
  const Shape& out = a.output(0).shape;
  const uint32_t n = in[0], ih = in[1], iw = in[2], c = in[3], oh = out[1], ow = out[2];
  TensorRef rx = a.in[0], ry = a.out[0];

  if (p.mode == InterpolationMode::kNearestNeighbor) {
    const size_t elem = ByteSize(a.input(0).type), pixel_bytes = size_t{c} * elem;
    std::vector<uint32_t> ys(oh), xs(ow);
    for (uint32_t o = 0; o < oh; ++o) ys[o] = NearestSource(o, ih, oh);
    for (uint32_t o = 0; o < ow; ++o) xs[o] = NearestSource(o, iw, ow);
    return MakeStep("resample2d/nearest", [=](const ExecContext& ctx) {
      const uint8_t* x = ctx.As<uint8_t>(rx);
      uint8_t* y = ctx.As<uint8_t>(ry);
      ParallelRows(ctx.pool, uint64_t{n} * oh, uint64_t{ow} * c, [&](uint64_t begin, uint64_t end) {
        for (uint64_t row = begin; row < end; ++row) {
          const uint64_t b = row / oh, oy = row % oh;
          const uint8_t* src = x + (b * ih + ys[oy]) * iw * pixel_bytes;
          uint8_t* dst = y + row * ow * pixel_bytes;
          for (uint32_t ox = 0; ox < ow; ++ox) std::memcpy(dst + ox * pixel_bytes, src + xs[ox] * pixel_bytes, pixel_bytes);
        }
      });
    });
  }

  if (a.input(0).type != DataType::kFloat32) return NotSupported("resample2d: linear is implemented for float32 only.");
  // Separable tables, per output column (its two source columns' byte offsets within a row, tx) and per output
  // row (its two source rows' byte offsets, ty); the ibilinear kernel's per-pixel taps and weights are made from
  // them a row at a time. (A table per output pixel, 24 bytes each, held 24 MB and took ~100 ms to build for a
  // 1024 x 1024 mask.)
  struct Column {
    uint32_t x0, x1;  // bytes
    float tx;
  };
  struct Row {
    size_t y0, y1;  // bytes
    float ty;
  };
  std::vector<Column> columns(ow);
  std::vector<Row> rows(oh);
  const size_t pixel_bytes = size_t{c} * sizeof(float), row_bytes = size_t{iw} * pixel_bytes;
  for (uint32_t ox = 0; ox < ow; ++ox) {
    const double sx = LinearSource(ox, iw, ow);
    const uint32_t x0 = static_cast<uint32_t>(std::floor(sx)), x1 = static_cast<uint32_t>(std::ceil(sx));
    columns[ox] = {static_cast<uint32_t>(x0 * pixel_bytes), static_cast<uint32_t>(x1 * pixel_bytes), static_cast<float>(sx - x0)};
  }
  for (uint32_t oy = 0; oy < oh; ++oy) {
    const double sy = LinearSource(oy, ih, oh);
    const uint32_t y0 = static_cast<uint32_t>(std::floor(sy)), y1 = static_cast<uint32_t>(std::ceil(sy));
    rows[oy] = {y0 * row_bytes, y1 * row_bytes, static_cast<float>(sy - y0)};
  }
  const kernels::F32IbilinearUkernelFn ukernel = kernels::GetF32IbilinearUkernel();
  return MakeStep("resample2d/linear", [=, columns = std::move(columns), rows = std::move(rows)](const ExecContext& ctx) {
    const float* x = ctx.As<float>(rx);
    float* y = ctx.As<float>(ry);
    ParallelRows(ctx.pool, uint64_t{n} * oh, uint64_t{ow} * c * 4, [&](uint64_t begin, uint64_t end) {
      std::vector<const float*> taps(size_t{ow} * 4);  // byte offsets from the image start, as pointers
      std::vector<float> weights(size_t{ow} * 2);
      auto offset = [](size_t bytes) { return reinterpret_cast<const float*>(static_cast<uintptr_t>(bytes)); };
      for (uint64_t row = begin; row < end; ++row) {
        const uint64_t b = row / oh, oy = row % oh;
        const Row& r = rows[oy];
        for (uint32_t ox = 0; ox < ow; ++ox) {
          const Column& col = columns[ox];
          taps[ox * 4 + 0] = offset(r.y0 + col.x0);
          taps[ox * 4 + 1] = offset(r.y0 + col.x1);
          taps[ox * 4 + 2] = offset(r.y1 + col.x0);
          taps[ox * 4 + 3] = offset(r.y1 + col.x1);
          weights[ox * 2 + 0] = col.tx;
          weights[ox * 2 + 1] = r.ty;
        }
        const float* image = x + b * ih * iw * c;
        ukernel(ow, c, taps.data(), reinterpret_cast<uintptr_t>(image), weights.data(), y + row * ow * c, 0);
      }
    });
  });
}

}  // namespace webnn::compiler
