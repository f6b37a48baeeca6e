// Parameters shared by the microkernels. Kernels take them by pointer, XNNPACK-style, so a plan can
// keep one copy per step and hand the same pointer to every tile.
#pragma once

namespace webnn::kernels {

// Output clamp applied by every *_minmax_* kernel: y = min(max(y, min), max). Use -inf/+inf for
// "no clamp". NaN results pass through the clamp unchanged (the kernels compare y against the
// bound, not the bound against y).
struct MinMaxParams {
  float min;
  float max;
};

}  // namespace webnn::kernels
