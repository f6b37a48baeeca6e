// Spec: #api-mlgraphbuilder-gatherelements, -gathernd, -scatterelements, -scatternd
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/family_util.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

using data_types::kAll;
using data_types::kIndices;

// ---- gatherElements / scatterElements: indices match the input except along the axis ----

std::vector<OperandLimit> GatherElementsLimits(std::string_view) {
  return {{"input", kAll, 1, kMaxRank}, {"indices", kIndices, 1, kMaxRank}, {"output", kAll, 1, kMaxRank}};
}
std::vector<OperandLimit> ScatterElementsLimits(std::string_view) {
  return {{"input", kAll, 1, kMaxRank},
          {"indices", kIndices, 1, kMaxRank},
          {"updates", kAll, 1, kMaxRank},
          {"output", kAll, 1, kMaxRank}};
}

// The spec's "indicesShapeExpected": input's shape with indices' size along the axis.
bool CheckIndicesAlongAxis(ValidationContext& ctx, const OperandDesc& x, const OperandDesc& indices, uint32_t axis) {
  if (!CheckAxis(ctx, "options.axis", axis, x.shape.size())) return false;
  Shape expected = x.shape;
  if (indices.shape.size() == expected.size()) expected[axis] = indices.shape[axis];
  if (indices.shape != expected) {
    ctx.Fail("indices", "shape " + ShapeToString(indices.shape) + " should equal the input's shape except along axis " +
                            Str(axis) + ".");
    return false;
  }
  return true;
}

Expected<NodeSpec> ValidateGatherElements(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* indices = ctx.Operand("indices");
  OperandId i_id = ctx.last_operand();
  uint32_t axis = ctx.args().Uint32("options.axis", 0);
  if (!x || !indices || !ctx.ok()) return ctx.status();
  if (!CheckIndicesAlongAxis(ctx, *x, *indices, axis)) return ctx.status();
  auto attrs = std::make_shared<ParamsAttrs<compiler::GatherElementsParams>>();
  attrs->params.axis = axis;
  return ctx.Finish({{x_id, i_id}, attrs, {{x->type, indices->shape}}});
}

Expected<NodeSpec> ValidateScatterElements(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* indices = ctx.Operand("indices");
  OperandId i_id = ctx.last_operand();
  const OperandDesc* updates = ctx.Operand("updates");
  OperandId u_id = ctx.last_operand();
  uint32_t axis = ctx.args().Uint32("options.axis", 0);
  if (!x || !indices || !updates || !ctx.ok()) return ctx.status();
  if (!ctx.CheckSameType("updates", *updates, "input", *x)) return ctx.status();
  if (!CheckIndicesAlongAxis(ctx, *x, *indices, axis)) return ctx.status();
  if (updates->shape != indices->shape) {
    return ctx.Fail("updates", "shape " + ShapeToString(updates->shape) + " should equal the indices' shape " +
                                   ShapeToString(indices->shape) + ".");
  }
  auto attrs = std::make_shared<ParamsAttrs<compiler::ScatterElementsParams>>();
  attrs->params.axis = axis;
  return ctx.Finish({{x_id, i_id, u_id}, attrs, {*x}});
}

// ---- gatherND / scatterND: the last dim of indices is a coordinate into input's leading dims ----

std::vector<OperandLimit> GatherNDLimits(std::string_view) {
  return {{"input", kAll, 1, kMaxRank}, {"indices", kIndices, 1, kMaxRank}, {"output", kAll}};
}
std::vector<OperandLimit> ScatterNDLimits(std::string_view) {
  return {{"input", kAll, 1, kMaxRank}, {"indices", kIndices, 1, kMaxRank}, {"updates", kAll}, {"output", kAll, 1, kMaxRank}};
}

// indices' leading dims followed by input's dims after the coordinate (the spec's outputShape /
// expectedUpdatesShape), or nullopt (error recorded) when the coordinate is longer than input's rank.
std::optional<Shape> GatheredShape(ValidationContext& ctx, const OperandDesc& x, const OperandDesc& indices) {
  uint32_t k = indices.shape.back();
  if (k > x.shape.size()) {
    ctx.Fail("indices", "the size of its last dimension (" + Str(k) + ") should not exceed the input's rank (" +
                            Str(x.shape.size()) + ").");
    return std::nullopt;
  }
  Shape out(indices.shape.begin(), indices.shape.end() - 1);
  out.insert(out.end(), x.shape.begin() + k, x.shape.end());
  return out;
}

Expected<NodeSpec> ValidateGatherND(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* indices = ctx.Operand("indices");
  OperandId i_id = ctx.last_operand();
  if (!x || !indices || !ctx.ok()) return ctx.status();
  auto out = GatheredShape(ctx, *x, *indices);
  if (!out) return ctx.status();
  return ctx.Finish({{x_id, i_id}, std::make_shared<ParamsAttrs<compiler::GatherNDParams>>(), {{x->type, *out}}});
}

Expected<NodeSpec> ValidateScatterND(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* indices = ctx.Operand("indices");
  OperandId i_id = ctx.last_operand();
  const OperandDesc* updates = ctx.Operand("updates");
  OperandId u_id = ctx.last_operand();
  if (!x || !indices || !updates || !ctx.ok()) return ctx.status();
  if (!ctx.CheckSameType("updates", *updates, "input", *x)) return ctx.status();
  auto expected = GatheredShape(ctx, *x, *indices);
  if (!expected) return ctx.status();
  if (updates->shape != *expected) {
    return ctx.Fail("updates", "shape " + ShapeToString(updates->shape) + " should be " + ShapeToString(*expected) + ".");
  }
  return ctx.Finish({{x_id, i_id, u_id}, std::make_shared<ParamsAttrs<compiler::ScatterNDParams>>(), {*x}});
}

}  // namespace

const OpFamily kGatherElementsFamily = {ValidateGatherElements, GatherElementsLimits,
                                        EmitParams<compiler::GatherElementsParams>};
const OpFamily kGatherNDFamily = {ValidateGatherND, GatherNDLimits, EmitParams<compiler::GatherNDParams>};
const OpFamily kScatterElementsFamily = {ValidateScatterElements, ScatterElementsLimits,
                                         EmitParams<compiler::ScatterElementsParams>};
const OpFamily kScatterNDFamily = {ValidateScatterND, ScatterNDLimits, EmitParams<compiler::ScatterNDParams>};

}  // namespace webnn::graph
