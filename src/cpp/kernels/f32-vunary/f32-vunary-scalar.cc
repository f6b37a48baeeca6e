// f32_v<name>_ukernel__scalar, one per row of unary_ops.def: y = UnaryMath(op, x) in double, rounded
// once. Tile: one element per iteration (the reference for the wasmsimd kernels, and the only kernel
// of the ops without one). No packed weights. Over-read: none; in place (y == x) is fine.
#include "kernels/elementwise_math.h"
#include "kernels/vunary.h"

namespace webnn::kernels {
namespace {

template <UnaryOp kOp>
inline void ScalarKernel(size_t n, const float* x, float* y, const UnaryParams* params) {
  UnaryMathParams p;
  p.min = params->min;
  p.max = params->max;
  p.alpha = params->alpha;
  p.beta = params->beta;
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<float>(UnaryMath<double>(kOp, x[i], p));
}

}  // namespace

#define WEBNN_UNARY_OP(op, name)                                                                   \
  void f32_v##name##_ukernel__scalar(size_t n, const float* x, float* y, const UnaryParams* params) { \
    ScalarKernel<UnaryOp::op>(n, x, y, params);                                                    \
  }
#include "kernels/unary_ops.def"
#undef WEBNN_UNARY_OP

}  // namespace webnn::kernels
