// Layout helpers shared by conv2d and the pools: the compiler computes NHWC with OHWI filters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/ir.h"
#include "graph/lowering_context.h"
#include "graph/validation_context.h"

namespace webnn::graph {

inline const std::vector<uint32_t> kNchwToNhwc = {0, 2, 3, 1};
inline const std::vector<uint32_t> kNhwcToNchw = {0, 3, 1, 2};

// The window options conv2d and convTranspose2d share, checked in the spec's order: padding has 4
// entries, strides 2 and none 0, dilations 2 and none 0. False (error recorded) on the first problem.
inline bool CheckConvWindow(ValidationContext& ctx, const std::vector<uint32_t>& padding,
                            const std::vector<uint32_t>& strides, const std::vector<uint32_t>& dilations) {
  auto length = [&](const char* arg, size_t got, size_t want) {
    if (got == want) return true;
    ctx.Fail(arg, "should have length " + std::to_string(want) + ", got " + std::to_string(got) + ".");
    return false;
  };
  auto positive = [&](const char* arg, const std::vector<uint32_t>& values) {
    for (uint32_t v : values) {
      if (v == 0) {
        ctx.Fail(arg, "should be greater than 0.");
        return false;
      }
    }
    return true;
  };
  return length("options.padding", padding.size(), 4) && length("options.strides", strides.size(), 2) &&
         positive("options.strides", strides) && length("options.dilations", dilations.size(), 2) &&
         positive("options.dilations", dilations);
}

inline void SetConvWindow(compiler::ConvWindow& p, const std::vector<uint32_t>& padding,
                          const std::vector<uint32_t>& strides, const std::vector<uint32_t>& dilations, uint32_t groups) {
  p.pad_top = padding[0], p.pad_bottom = padding[1], p.pad_left = padding[2], p.pad_right = padding[3];
  p.stride_h = strides[0], p.stride_w = strides[1];
  p.dilation_h = dilations[0], p.dilation_w = dilations[1];
  p.groups = groups;
}

// Computes in float32 what a lowering supports only in float32: float16 operands are cast up and
// the result cast back, rounding once per output element.
struct Float32Compute {
  LoweringContext& ctx;
  DataType type;
  // Set for an op that computes an integer type exactly in that type (maxPool2d): then nothing is cast.
  bool native = false;
  DataType compute() const { return native ? type : DataType::kFloat32; }
  compiler::ValueId In(compiler::ValueId v) {
    return v == compiler::kNoValue || native ? v : ctx.Cast(v, DataType::kFloat32);
  }
  // The value to compute into, for final output `out`.
  compiler::ValueId Out(compiler::ValueId out) {
    return type == compute() ? out : ctx.NewValue(compute(), ctx.value(out).shape);
  }
  void Finish(compiler::ValueId computed, compiler::ValueId out) {
    if (computed != out) ctx.Emit(compiler::CastParams{}, {computed}, {out});
  }
};

// Emits an NHWC-only compiler op (conv2d, pools) for graph output `out`: into `out` directly when the
// operand layout is NHWC, else into an NHWC temporary transposed back to NCHW; float16 is finished by
// `f32`.
inline void EmitNhwcOp(LoweringContext& ctx, Float32Compute& f32, bool nhwc, compiler::NodeParams params,
                       std::vector<compiler::ValueId> inputs, compiler::ValueId out) {
  const Shape& os = ctx.value(out).shape;
  compiler::ValueId y = nhwc ? f32.Out(out) : ctx.NewValue(f32.compute(), Shape{os[0], os[2], os[3], os[1]});
  ctx.Emit(std::move(params), std::move(inputs), {y});
  if (!nhwc) {
    compiler::ValueId t = f32.Out(out);
    ctx.Emit(compiler::TransposeParams{kNhwcToNchw}, {y}, {t});
    y = t;
  }
  f32.Finish(y, out);
}

}  // namespace webnn::graph
