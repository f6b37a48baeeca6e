// Spec: #api-mlgraphbuilder-reduce, #api-mlgraphbuilder-argminmax, #api-mlgraphbuilder-cumulativesum
#include <map>

#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/ops/family_util.h"
#include "graph/op_registry.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

using compiler::ReduceOp;

const DataTypeSet kSumTypes{DataType::kFloat32, DataType::kFloat16, DataType::kInt32,
                            DataType::kUint32,  DataType::kInt64,   DataType::kUint64};

struct ReduceInfo {
  ReduceOp op;
  DataTypeSet types;
};

const std::map<std::string_view, ReduceInfo>& ReduceOps() {
  static const std::map<std::string_view, ReduceInfo> ops = {
      {"reduceL1", {ReduceOp::kL1, kSumTypes}},
      {"reduceL2", {ReduceOp::kL2, data_types::kFloat}},
      {"reduceLogSum", {ReduceOp::kLogSum, data_types::kFloat}},
      {"reduceLogSumExp", {ReduceOp::kLogSumExp, data_types::kFloat}},
      {"reduceMax", {ReduceOp::kMax, data_types::kAll}},
      {"reduceMean", {ReduceOp::kMean, data_types::kFloat}},
      {"reduceMin", {ReduceOp::kMin, data_types::kAll}},
      {"reduceProduct", {ReduceOp::kProduct, kSumTypes}},
      {"reduceSum", {ReduceOp::kSum, kSumTypes}},
      {"reduceSumSquare", {ReduceOp::kSumSquare, kSumTypes}},
  };
  return ops;
}

struct ReduceAttrs : OpAttrs {
  compiler::ReduceParams params;
  bool keep_dimensions = false;
};

std::vector<OperandLimit> ReduceLimits(std::string_view op) {
  const auto& info = ReduceOps().at(op);
  return {{"input", info.types}, {"output", info.types}};
}

Expected<NodeSpec> ValidateReduce(ValidationContext& ctx) {
  const ReduceInfo& info = ReduceOps().at(ctx.op());
  const OperandDesc* x = ctx.Operand("input");
  auto axes = ctx.args().Uint32List("options.axes");
  bool keep = ctx.args().Bool("options.keepDimensions", false);
  if (!x || !ctx.ok()) return ctx.status();
  size_t rank = x->shape.size();
  std::vector<uint32_t> ax;
  if (axes) {
    ax = *axes;
  } else {
    for (uint32_t i = 0; i < rank; ++i) ax.push_back(i);
  }
  std::vector<bool> reduced(rank, false);
  for (uint32_t a : ax) {
    if (a >= rank) return ctx.Fail("options.axes", "axis " + std::to_string(a) + " is out of range for rank " + std::to_string(rank) + ".");
    if (reduced[a]) return ctx.Fail("options.axes", "axis " + std::to_string(a) + " is duplicated.");
    reduced[a] = true;
  }
  Shape out;
  for (size_t i = 0; i < rank; ++i) {
    if (!reduced[i]) out.push_back(x->shape[i]);
    else if (keep) out.push_back(1);
  }
  auto attrs = std::make_shared<ReduceAttrs>();
  attrs->params.op = info.op;
  attrs->params.axes = ax;
  attrs->keep_dimensions = keep;
  return ctx.Finish({{ctx.last_operand()}, attrs, {{x->type, out}}});
}

// Emits a reducing node, whose output keeps the reduced `axes` as 1, for the operator's output `out`
// (a reshape follows when the operator drops them).
Status EmitKeepingAxes(LoweringContext& ctx, const Node& node, compiler::NodeParams params,
                       const std::vector<uint32_t>& axes) {
  compiler::ValueId x = ctx.In(node, 0), out = ctx.Out(node);
  Shape kept = ctx.value(x).shape;
  for (uint32_t axis : axes) kept[axis] = 1;
  if (kept == ctx.value(out).shape) {
    ctx.Emit(std::move(params), {x}, {out});
    return Status::Ok();
  }
  compiler::ValueId y = ctx.NewValue(ctx.value(out).type, kept);
  ctx.Emit(std::move(params), {x}, {y});
  ctx.Emit(compiler::CopyParams{}, {y}, {out});
  return Status::Ok();
}

Status LowerReduce(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<ReduceAttrs>();
  return EmitKeepingAxes(ctx, node, a.params, a.params.axes);
}

// ---- argMin / argMax ----

const DataTypeSet kArgIndexTypes{DataType::kInt32, DataType::kInt64};

std::vector<OperandLimit> ArgMinMaxLimits(std::string_view) {
  return {{"input", data_types::kAll, 1, kMaxRank}, {"output", kArgIndexTypes}};
}

struct ArgMinMaxAttrs : OpAttrs {
  compiler::ArgMinMaxParams params;
};

Expected<NodeSpec> ValidateArgMinMax(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  uint32_t axis = r.Uint32("axis");
  bool keep = r.Bool("options.keepDimensions", false);
  std::optional<DataType> out_type = DataType::kInt32;
  if (r.Has("options.outputDataType")) out_type = ReadDataType(r, "options.outputDataType");
  if (!x || !out_type || !ctx.ok()) return ctx.status();
  const size_t rank = x->shape.size();
  if (!CheckAxis(ctx, "axis", axis, rank)) return ctx.status();
  if (!kArgIndexTypes.Has(*out_type)) {
    return ctx.Fail("options.outputDataType", std::string("should be int32 or int64, got ") + DataTypeName(*out_type) + ".");
  }
  if (*out_type == DataType::kInt32 && x->shape[axis] > 2147483647u) {
    return ctx.Fail("axis", "the input's size along it does not fit the int32 output.");
  }
  Shape out;
  for (size_t i = 0; i < rank; ++i) {
    if (i != axis) out.push_back(x->shape[i]);
    else if (keep) out.push_back(1);
  }
  auto attrs = std::make_shared<ArgMinMaxAttrs>();
  attrs->params.max = ctx.op() == "argMax";
  attrs->params.axis = axis;
  return ctx.Finish({{ctx.last_operand()}, attrs, {{*out_type, out}}});
}

Status LowerArgMinMax(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<ArgMinMaxAttrs>();
  return EmitKeepingAxes(ctx, node, a.params, {a.params.axis});
}

// ---- cumulativeSum ----

std::vector<OperandLimit> CumulativeSumLimits(std::string_view) {
  return {{"input", kSumTypes, 1, kMaxRank}, {"output", kSumTypes, 1, kMaxRank}};
}

Expected<NodeSpec> ValidateCumulativeSum(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  uint32_t axis = r.Uint32("axis");
  auto attrs = std::make_shared<ParamsAttrs<compiler::CumulativeSumParams>>();
  attrs->params.exclusive = r.Bool("options.exclusive", false);
  attrs->params.reversed = r.Bool("options.reversed", false);
  if (!x || !ctx.ok()) return ctx.status();
  if (!CheckAxis(ctx, "axis", axis, x->shape.size())) return ctx.status();
  attrs->params.axis = axis;
  return ctx.Finish({{ctx.last_operand()}, attrs, {*x}});
}

}  // namespace

const OpFamily kArgMinMaxFamily = {ValidateArgMinMax, ArgMinMaxLimits, LowerArgMinMax};
const OpFamily kCumulativeSumFamily = {ValidateCumulativeSum, CumulativeSumLimits,
                                       EmitParams<compiler::CumulativeSumParams>};
const OpFamily kReduceFamily = {ValidateReduce, ReduceLimits, LowerReduce};

}  // namespace webnn::graph
