// Dispatch tables for the f32 vunary kernels, built from f32-vunary.inc: the wasmsimd entries come
// first in the list, so the first kernel seen for an op is the best one.
#include <array>
#include <string_view>

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
#define WEBNN_F32_VUNARY_UKERNEL(op, name)                                               \
  {                                                                                      \
    const size_t i = static_cast<size_t>(UnaryOp::op);                                   \
    if (t.best[i] == nullptr) t.best[i] = name;                                          \
    if (std::string_view(#name).ends_with("__scalar")) t.scalar[i] = name;               \
  }
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
