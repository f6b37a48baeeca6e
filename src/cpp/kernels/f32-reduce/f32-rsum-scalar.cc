// f32_rsum_ukernel__scalar: the same 16-partial-sum tree as the wasmsimd kernel, in scalar code (the
// bit-exact reference). Over-read: none.
#include "kernels/reduce.h"

namespace webnn::kernels {

float f32_rsum_ukernel__scalar(size_t n, const float* x) {
  float p[16] = {};
  for (size_t i = 0; i < n; ++i) p[i % 16] += x[i];
  float lane[4];
  for (size_t l = 0; l < 4; ++l) lane[l] = (p[l] + p[4 + l]) + (p[8 + l] + p[12 + l]);
  return (lane[0] + lane[2]) + (lane[1] + lane[3]);
}

}  // namespace webnn::kernels
