// Dispatch tables for the f32 vunary kernels: the SIMD kernel of an op (f32-vunary.inc) when there is
// one, else its scalar kernel (one per row of unary_ops.def).
#include <array>

#include "kernels/vunary.h"

namespace webnn::kernels {
namespace {

struct Tables {
  std::array<F32VUnaryFn, kUnaryOpCount> best{};
  std::array<F32VUnaryFn, kUnaryOpCount> scalar{};
};

const Tables& GetTables() {
  static const Tables tables = [] {
    Tables t;
#define WEBNN_UNARY_OP(op, name) t.scalar[static_cast<size_t>(UnaryOp::op)] = f32_v##name##_ukernel__scalar;
#include "kernels/unary_ops.def"
#undef WEBNN_UNARY_OP
    t.best = t.scalar;
#define WEBNN_F32_VUNARY_UKERNEL(op, name) t.best[static_cast<size_t>(UnaryOp::op)] = name;
#include "kernels/f32-vunary/f32-vunary.inc"
#undef WEBNN_F32_VUNARY_UKERNEL
    return t;
  }();
  return tables;
}

}  // namespace

F32VUnaryFn GetF32VUnary(UnaryOp op) {
  size_t i = static_cast<size_t>(op);
  return GetTables().best[i < kUnaryOpCount ? i : 0];
}

F32VUnaryFn GetF32VUnaryScalar(UnaryOp op) {
  size_t i = static_cast<size_t>(op);
  return GetTables().scalar[i < kUnaryOpCount ? i : 0];
}

}  // namespace webnn::kernels
