#include "compiler/lower/lower.h"

namespace webnn::compiler {

Expected<StepPtr> LowerNode(const LowerArgs& a) {
  return std::visit(
      [&](const auto& p) -> Expected<StepPtr> {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, Conv2dParams>) return LowerConv2d(a);
        if constexpr (std::is_same_v<P, GemmParams>) return LowerGemm(a);
        if constexpr (std::is_same_v<P, MatMulParams>) return LowerMatMul(a);
        if constexpr (std::is_same_v<P, BinaryParams>) return LowerBinary(a);
        if constexpr (std::is_same_v<P, UnaryParams>) return LowerUnary(a);
        if constexpr (std::is_same_v<P, Pool2dParams>) return LowerPool2d(a);
        if constexpr (std::is_same_v<P, SoftmaxParams>) return LowerSoftmax(a);
        if constexpr (std::is_same_v<P, LayerNormParams>) return LowerLayerNorm(a);
        if constexpr (std::is_same_v<P, TransposeParams>) return LowerTranspose(a);
        if constexpr (std::is_same_v<P, CopyParams>) return LowerCopy(a);
        if constexpr (std::is_same_v<P, SliceParams>) return LowerSlice(a);
        if constexpr (std::is_same_v<P, ConcatParams>) return LowerConcat(a);
        if constexpr (std::is_same_v<P, PadParams>) return LowerPad(a);
        if constexpr (std::is_same_v<P, ExpandParams>) return LowerExpand(a);
        if constexpr (std::is_same_v<P, GatherParams>) return LowerGather(a);
        if constexpr (std::is_same_v<P, WhereParams>) return LowerWhere(a);
        if constexpr (std::is_same_v<P, ReduceParams>) return LowerReduce(a);
        if constexpr (std::is_same_v<P, CastParams>) return LowerCast(a);
      },
      a.node.params);
}

}  // namespace webnn::compiler
