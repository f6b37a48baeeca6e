// NHWC max / average / L2 pooling. Padding never contributes: max ignores it and average divides by
// the number of input elements the window covers (as XNNPACK and Chromium's backends do). The channel
// loop is innermost and contiguous, so clang vectorises it with -msimd128.
#include <cmath>

#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"

namespace webnn::compiler {

Expected<StepPtr> LowerPool2d(const LowerArgs& a) {
  const auto& p = std::get<Pool2dParams>(a.node.params);
  if (a.input(0).type != DataType::kFloat32) return NotSupported("pool2d: only float32 is implemented.");
  const Shape& in = a.input(0).shape;
  const Shape& out = a.output(0).shape;
  uint32_t n = in[0], ih = in[1], iw = in[2], c = in[3], oh = out[1], ow = out[2];
  runtime::TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("pool2d", [=](const runtime::ExecContext& ctx) {
    const float* x = ctx.As<float>(rx);
    float* y = ctx.As<float>(ry);
    ParallelRows(ctx.pool, uint64_t{n} * oh * ow, uint64_t{c} * p.window_h * p.window_w, [&](uint64_t b, uint64_t e) {
      std::vector<float> acc(c);
      for (uint64_t pixel = b; pixel < e; ++pixel) {
        uint32_t ox = pixel % ow, oy = (pixel / ow) % oh, batch = static_cast<uint32_t>(pixel / (uint64_t{ow} * oh));
        float init = p.kind == PoolKind::kMax ? -INFINITY : 0.0f;
        std::fill(acc.begin(), acc.end(), init);
        uint32_t count = 0;
        for (uint32_t ky = 0; ky < p.window_h; ++ky) {
          int64_t iy = int64_t{oy} * p.stride_h + int64_t{ky} * p.dilation_h - p.pad_top;
          if (iy < 0 || iy >= ih) continue;
          for (uint32_t kx = 0; kx < p.window_w; ++kx) {
            int64_t ix = int64_t{ox} * p.stride_w + int64_t{kx} * p.dilation_w - p.pad_left;
            if (ix < 0 || ix >= iw) continue;
            const float* src = x + ((uint64_t{batch} * ih + iy) * iw + ix) * c;
            ++count;
            if (p.kind == PoolKind::kMax) {
              for (uint32_t ch = 0; ch < c; ++ch) acc[ch] = std::max(acc[ch], src[ch]);
            } else if (p.kind == PoolKind::kAverage) {
              for (uint32_t ch = 0; ch < c; ++ch) acc[ch] += src[ch];
            } else {
              for (uint32_t ch = 0; ch < c; ++ch) acc[ch] += src[ch] * src[ch];
            }
          }
        }
        float* dst = y + pixel * c;
        if (p.kind == PoolKind::kMax) {
          for (uint32_t ch = 0; ch < c; ++ch) dst[ch] = acc[ch];
        } else if (p.kind == PoolKind::kAverage) {
          float scale = count ? 1.0f / static_cast<float>(count) : 0.0f;
          for (uint32_t ch = 0; ch < c; ++ch) dst[ch] = acc[ch] * scale;
        } else {
          for (uint32_t ch = 0; ch < c; ++ch) dst[ch] = std::sqrt(acc[ch]);
        }
      }
    });
  });
}

}  // namespace webnn::compiler
