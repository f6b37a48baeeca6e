// Layout helpers shared by conv2d and the pools: the compiler computes NHWC with OHWI filters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/ir.h"
#include "graph/lowering_context.h"

namespace webnn::graph {

inline const std::vector<uint32_t> kNchwToNhwc = {0, 2, 3, 1};
inline const std::vector<uint32_t> kNhwcToNchw = {0, 3, 1, 2};

// Computes in float32 what a lowering supports only in float32: float16 operands are cast up and
// the result cast back, rounding once per output element.
struct Float32Compute {
  LoweringContext& ctx;
  DataType type;
  compiler::ValueId In(compiler::ValueId v) { return v == compiler::kNoValue ? v : ctx.Cast(v, DataType::kFloat32); }
  // The value to compute into, for final output `out`.
  compiler::ValueId Out(compiler::ValueId out) {
    return type == DataType::kFloat32 ? out : ctx.NewValue(DataType::kFloat32, ctx.value(out).shape);
  }
  void Finish(compiler::ValueId computed, compiler::ValueId out) {
    if (computed != out) ctx.Emit(compiler::CastParams{}, {computed}, {out});
  }
};

}  // namespace webnn::graph
