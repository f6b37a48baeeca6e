// f32 elementwise unary kernels stamped from f32-vunary.inc (the SIMD ones) and unary_ops.def (every
// op's scalar kernel) on 1M elements: GB/s (4 bytes read, 4 written) and ns per element.
#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/vunary.h"

namespace webnn::bench {
namespace {

// Inputs in [-4, 4), or (0, 8] for the ops defined on positive inputs only (log, sqrt), whose NaN results
// for negatives would time their rare path; and, as "1M tail", in [-150, -80): a segmentation mask's
// background, whose exp-based results are subnormal or 0.
void Run(const char* name, kernels::F32VUnaryFn fn, kernels::UnaryOp op) {
  const size_t n = 1 << 20;
  const bool positive = op == kernels::UnaryOp::kLog || op == kernels::UnaryOp::kSqrt;
  std::vector<float> x(n), y(n);
  kernels::UnaryParams params;
  params.min = -1.0f;
  params.max = 1.0f;
  params.alpha = 1.0f;
  for (const bool tail : {false, true}) {
    if (tail && positive) break;
    for (size_t i = 0; i < n; ++i) {
      x[i] = tail ? -80.0f - static_cast<float>(i % 1000) * 0.07f
                  : static_cast<float>(i % 1000) / 125.0f + (positive ? 0.008f : -4.0f);
    }
    double t = BestSeconds([&] { fn(n, x.data(), y.data(), &params); });
    Report(name, tail ? "1M tail" : "1M", t, 0, 8.0 * n);
  }
}

#define WEBNN_F32_VUNARY_UKERNEL(op, name) \
  const Register register_##name(#name, [] { Run(#name, kernels::name, kernels::UnaryOp::op); });
#include "kernels/f32-vunary/f32-vunary.inc"
#undef WEBNN_F32_VUNARY_UKERNEL
#define WEBNN_UNARY_OP(op, name)                                                                        \
  const Register register_scalar_##name("f32_v" #name "_ukernel__scalar",                               \
                                        [] { Run("f32_v" #name "_ukernel__scalar", kernels::f32_v##name##_ukernel__scalar, kernels::UnaryOp::op); });
#include "kernels/unary_ops.def"
#undef WEBNN_UNARY_OP

}  // namespace
}  // namespace webnn::bench
