// Spec: #api-mlgraphbuilder-resample2d-method
#include <algorithm>
#include <cmath>

#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

struct Resample2dAttrs : OpAttrs {
  InterpolationMode mode = InterpolationMode::kNearestNeighbor;
  uint32_t axes[2] = {2, 3};
};

// MLSingleInputSupportLimits.
std::vector<OperandLimit> Resample2dLimits(std::string_view) {
  // The spec's table: float32, float16, int8 and uint8 (linear on 8-bit integers computes in float32 and
  // casts back, as the other integer paths do).
  constexpr DataTypeSet kTypes{DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  return {{"input", kTypes, 4, 4}, {"output", kTypes, 4, 4}};
}

Expected<NodeSpec> ValidateResample2d(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* input = ctx.Operand("input");
  OperandId input_id = ctx.last_operand();
  InterpolationMode mode = ReadEnum(r, "options.mode", InterpolationMode::kNearestNeighbor);
  auto scales = r.DoubleList("options.scales");
  auto sizes = r.Uint32List("options.sizes");
  auto axes = r.Uint32List("options.axes", {2, 3});
  if (!input || !ctx.ok()) return ctx.status();
  if (!scales) {
    scales = std::vector<double>{1.0, 1.0};
  } else {
    if (scales->size() != 2) {
      return ctx.Fail("options.scales", "should have length 2, got " + std::to_string(scales->size()) + ".");
    }
    for (double s : *scales) if (!(s > 0)) return ctx.Fail("options.scales", "should be greater than 0.");
  }
  if (sizes) {
    if (sizes->size() != 2) return ctx.Fail("options.sizes", "should have length 2, got " + std::to_string(sizes->size()) + ".");
    for (uint32_t s : *sizes) if (s == 0) return ctx.Fail("options.sizes", "should be greater than 0.");
  }
  const uint32_t rank = static_cast<uint32_t>(input->shape.size());
  if (axes.size() != 2) return ctx.Fail("options.axes", "should have length 2, got " + std::to_string(axes.size()) + ".");
  for (uint32_t a : axes) {
    if (a >= rank) return ctx.Fail("options.axes", "value " + std::to_string(a) + " is out of range [0, " + std::to_string(rank) + ").");
  }
  if (axes[0] == axes[1]) return ctx.Fail("options.axes", "should not contain duplicate values.");

  Shape out = input->shape;
  for (size_t i = 0; i < 2; ++i) {
    double size = sizes ? double((*sizes)[i]) : std::floor(double(input->shape[axes[i]]) * (*scales)[i]);
    if (!(size >= 1 && size <= UINT32_MAX)) {
      return ctx.Fail(sizes ? "options.sizes" : "options.scales",
                      "the output size of axis " + std::to_string(axes[i]) + " is not a valid dimension.");
    }
    out[axes[i]] = static_cast<uint32_t>(size);
  }
  auto attrs = std::make_shared<Resample2dAttrs>();
  attrs->mode = mode;
  attrs->axes[0] = axes[0];
  attrs->axes[1] = axes[1];
  return ctx.Finish({{input_id}, attrs, {{input->type, out}}});
}

// The compiler's resample2d runs on [N, H, W, C] with H and W the resampled axes: the input is
// transposed to [other0, axis_lo, axis_hi, other1] (no transpose for axes 1 and 2) and back.
Status LowerResample2d(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<Resample2dAttrs>();
  uint32_t lo = std::min(a.axes[0], a.axes[1]), hi = std::max(a.axes[0], a.axes[1]);
  std::vector<uint32_t> perm = {0, lo, hi, 0};
  for (uint32_t d = 0, k = 0; d < 4; ++d) {
    if (d != lo && d != hi) perm[k++ == 0 ? 0 : 3] = d;
  }
  std::vector<uint32_t> inverse(4);
  for (uint32_t i = 0; i < 4; ++i) inverse[perm[i]] = i;
  const bool identity = perm == std::vector<uint32_t>{0, 1, 2, 3};
  compiler::NodeParams params = compiler::Resample2dParams{
      a.mode == InterpolationMode::kLinear ? compiler::InterpolationMode::kLinear
                                           : compiler::InterpolationMode::kNearestNeighbor};
  compiler::ValueId out = ctx.Out(node);
  const Shape os = ctx.value(out).shape;  // a copy: adding values below moves the values vector
  // Nearest-neighbor copies elements of any type; linear computes in float32.
  DataType type = ctx.desc(node.inputs[0]).type;
  Float32Compute f32{ctx, a.mode == InterpolationMode::kLinear ? type : DataType::kFloat32};
  compiler::ValueId x = a.mode == InterpolationMode::kLinear ? f32.In(ctx.In(node, 0)) : ctx.In(node, 0);
  DataType compute_type = ctx.value(x).type;
  if (!identity) x = ctx.Transpose(x, perm);
  compiler::ValueId y = identity ? f32.Out(out)
                                 : ctx.NewValue(compute_type, Shape{os[perm[0]], os[perm[1]], os[perm[2]], os[perm[3]]});
  ctx.Emit(std::move(params), {x}, {y});
  if (!identity) {
    compiler::ValueId t = f32.Out(out);
    ctx.Emit(compiler::TransposeParams{inverse}, {y}, {t});
    y = t;
  }
  f32.Finish(y, out);
  return Status::Ok();
}

}  // namespace

const OpFamily kResample2dFamily = {ValidateResample2d, Resample2dLimits, LowerResample2d};

}  // namespace webnn::graph
