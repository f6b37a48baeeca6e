// Geometry shared by the 2-D window operators (conv2d, pooling) when they build indirection buffers.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::compiler {

// The input row (NHWC: `channels` contiguous floats) under tap (ky, kx) of output pixel `pixel`
// (flattened batch, oy, ox of an oh x ow output), or nullptr where the tap falls in padding.
// `Params` is an IR parameter struct with stride_h/w, dilation_h/w, pad_top and pad_left
// (Conv2dParams, Pool2dParams).
template <typename Params>
const float* WindowTap(const Params& p, const float* input, uint32_t ih, uint32_t iw, uint32_t channels, uint32_t oh,
                       uint32_t ow, size_t pixel, uint32_t ky, uint32_t kx) {
  size_t ox = pixel % ow, oy = (pixel / ow) % oh, b = pixel / (size_t{ow} * oh);
  int64_t iy = static_cast<int64_t>(oy) * p.stride_h + int64_t{ky} * p.dilation_h - p.pad_top;
  int64_t ix = static_cast<int64_t>(ox) * p.stride_w + int64_t{kx} * p.dilation_w - p.pad_left;
  if (iy < 0 || ix < 0 || iy >= ih || ix >= iw) return nullptr;
  return input + ((b * ih + static_cast<size_t>(iy)) * iw + static_cast<size_t>(ix)) * channels;
}

}  // namespace webnn::compiler
