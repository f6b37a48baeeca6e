// Spec: #api-mlgraphbuilder-softmax-method, #api-mlgraphbuilder-layernorm, #api-mlgraphbuilder-batchnorm,
// #api-mlgraphbuilder-instancenorm
#include <algorithm>
#include <cmath>

#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/family_util.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

struct SoftmaxAttrs : OpAttrs {
  uint32_t axis = 0;
};

std::vector<OperandLimit> SoftmaxLimits(std::string_view) {
  return {{"input", data_types::kFloat, 1, kMaxRank}, {"output", data_types::kFloat, 1, kMaxRank}};
}

Expected<NodeSpec> ValidateSoftmax(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  uint32_t axis = ctx.args().Uint32("axis");
  if (!x || !ctx.ok()) return ctx.status();
  if (!CheckAxis(ctx, "axis", axis, x->shape.size())) return ctx.status();
  auto attrs = std::make_shared<SoftmaxAttrs>();
  attrs->axis = axis;
  return ctx.Finish({{ctx.last_operand()}, attrs, {*x}});
}

Status LowerSoftmax(LoweringContext& ctx, const Node& node) {
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  compiler::ValueId out = ctx.Out(node);
  compiler::ValueId y = f32.Out(out);
  ctx.Emit(compiler::SoftmaxParams{node.Attrs<SoftmaxAttrs>().axis}, {f32.In(ctx.In(node, 0))}, {y});
  f32.Finish(y, out);
  return Status::Ok();
}

// ---- layerNormalization ----

struct LayerNormAttrs : OpAttrs {
  compiler::LayerNormParams params;
};

std::vector<OperandLimit> LayerNormLimits(std::string_view) {
  return {{"input", data_types::kFloat}, {"scale", data_types::kFloat}, {"bias", data_types::kFloat},
          {"output", data_types::kFloat}};
}

// Checks that `axes` are distinct and in range for `rank`.
bool ValidAxes(ValidationContext& ctx, const std::string& arg, const std::vector<uint32_t>& axes, size_t rank) {
  std::vector<bool> seen(rank, false);
  for (uint32_t a : axes) {
    if (a >= rank) {
      ctx.Fail(arg, "axis " + std::to_string(a) + " is out of range for rank " + std::to_string(rank) + ".");
      return false;
    }
    if (seen[a]) {
      ctx.Fail(arg, "axis " + std::to_string(a) + " is duplicated.");
      return false;
    }
    seen[a] = true;
  }
  return true;
}

// Optional scale and bias operands: checked against the input's type and `expected` shape, and appended
// to `inputs` when present. False (error recorded) when one is wrong.
struct OptionalOperand {
  const OperandDesc* desc;
  OperandId id;
};
bool AddScaleAndBias(ValidationContext& ctx, const OperandDesc& x, const Shape& expected, OptionalOperand scale,
                     OptionalOperand bias, std::vector<OperandId>* inputs) {
  for (auto [operand, name] : {std::pair{scale, "options.scale"}, std::pair{bias, "options.bias"}}) {
    if (!operand.desc) continue;
    if (!ctx.CheckSameType(name, *operand.desc, "input", x)) return false;
    if (operand.desc->shape != expected) {
      ctx.Fail(name, "shape should be " + ShapeToString(expected) + ", got " + ShapeToString(operand.desc->shape) + ".");
      return false;
    }
    inputs->push_back(operand.id);
  }
  return true;
}

Expected<NodeSpec> ValidateLayerNorm(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* scale = ctx.Operand("options.scale", false);
  OperandId scale_id = ctx.last_operand();
  const OperandDesc* bias = ctx.Operand("options.bias", false);
  OperandId bias_id = ctx.last_operand();
  auto axes = r.Uint32List("options.axes");
  double eps = r.Double("options.epsilon", 1e-5);
  if (!x || !ctx.ok()) return ctx.status();
  std::vector<uint32_t> ax;
  if (axes) {
    ax = *axes;
  } else {
    for (uint32_t i = 1; i < x->shape.size(); ++i) ax.push_back(i);
  }
  if (!ValidAxes(ctx, "options.axes", ax, x->shape.size())) return ctx.status();
  Shape expected;
  for (uint32_t a : ax) expected.push_back(x->shape[a]);
  auto attrs = std::make_shared<LayerNormAttrs>();
  attrs->params.axes = ax;
  attrs->params.epsilon = static_cast<float>(eps);
  std::vector<OperandId> inputs = {x_id};
  if (!AddScaleAndBias(ctx, *x, expected, {scale, scale_id}, {bias, bias_id}, &inputs)) return ctx.status();
  attrs->params.has_scale = scale != nullptr;
  attrs->params.has_bias = bias != nullptr;
  return ctx.Finish({inputs, attrs, {*x}});
}

Status LowerLayerNorm(LoweringContext& ctx, const Node& node) {
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  std::vector<compiler::ValueId> in;
  for (size_t i = 0; i < node.inputs.size(); ++i) in.push_back(f32.In(ctx.In(node, i)));
  compiler::ValueId out = ctx.Out(node);
  compiler::ValueId y = f32.Out(out);
  ctx.Emit(node.Attrs<LayerNormAttrs>().params, in, {y});
  f32.Finish(y, out);
  return Status::Ok();
}

// ---- batchNormalization ----

struct BatchNormAttrs : OpAttrs {
  uint32_t axis = 1;
  float epsilon = 1e-5f;
  bool has_scale = false, has_bias = false;
};

std::vector<OperandLimit> BatchNormLimits(std::string_view) {
  return {{"input", data_types::kFloat},         {"mean", data_types::kFloat, 1, 1},
          {"variance", data_types::kFloat, 1, 1}, {"scale", data_types::kFloat, 1, 1},
          {"bias", data_types::kFloat, 1, 1},     {"output", data_types::kFloat}};
}

Expected<NodeSpec> ValidateBatchNorm(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* mean = ctx.Operand("mean");
  OperandId mean_id = ctx.last_operand();
  const OperandDesc* var = ctx.Operand("variance");
  OperandId var_id = ctx.last_operand();
  const OperandDesc* scale = ctx.Operand("options.scale", false);
  OperandId scale_id = ctx.last_operand();
  const OperandDesc* bias = ctx.Operand("options.bias", false);
  OperandId bias_id = ctx.last_operand();
  auto attrs = std::make_shared<BatchNormAttrs>();
  attrs->axis = r.Uint32("options.axis", 1);
  attrs->epsilon = static_cast<float>(r.Double("options.epsilon", 1e-5));
  if (!x || !mean || !var || !ctx.ok()) return ctx.status();
  if (!CheckAxis(ctx, "options.axis", attrs->axis, x->shape.size())) return ctx.status();
  Shape expected{x->shape[attrs->axis]};
  std::vector<OperandId> inputs = {x_id, mean_id, var_id};
  for (auto [desc, id, name] : {std::tuple{mean, mean_id, "mean"}, std::tuple{var, var_id, "variance"},
                                std::tuple{scale, scale_id, "options.scale"}, std::tuple{bias, bias_id, "options.bias"}}) {
    if (!desc) continue;
    if (!ctx.CheckSameType(name, *desc, "input", *x)) return ctx.status();
    if (desc->shape != expected) {
      return ctx.Fail(name, "shape should be " + ShapeToString(expected) + ", got " + ShapeToString(desc->shape) + ".");
    }
    if (id != mean_id && id != var_id) inputs.push_back(id);
  }
  attrs->has_scale = scale != nullptr;
  attrs->has_bias = bias != nullptr;
  return ctx.Finish({inputs, attrs, {*x}});
}

// y = x * inv + shift with inv = scale / sqrt(var + eps) and shift = bias - mean * inv: the per-channel
// vectors fold to constants when the statistics are constants, leaving two broadcast ops at run time.
Status LowerBatchNorm(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<BatchNormAttrs>();
  using compiler::BinaryOp;
  using compiler::BinaryParams;
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  compiler::ValueId x = f32.In(ctx.In(node, 0));
  size_t rank = ctx.value(x).shape.size();
  uint32_t c = ctx.value(x).shape[a.axis];
  Shape bshape(rank, 1);
  bshape[a.axis] = c;
  auto vec = [&](size_t i) { return ctx.Reshape(f32.In(ctx.In(node, i)), bshape); };
  float eps = a.epsilon;
  compiler::ValueId eps_v = ctx.Constant(DataType::kFloat32, {}, &eps);
  compiler::ValueId std_dev = ctx.Unary({compiler::UnaryOp::kSqrt}, ctx.Binary(BinaryOp::kAdd, vec(2), eps_v));
  // The spec's order, (x - mean) / sqrt(variance + epsilon) * scale + bias: folding scale / std into
  // one multiplier rounds differently and misses the WPT bound (6 ULP) by a few ULP.
  compiler::ValueId out = ctx.Out(node);
  const Shape out_shape = ctx.value(out).shape;
  std::vector<std::pair<BinaryOp, compiler::ValueId>> stages{{BinaryOp::kSub, vec(1)}, {BinaryOp::kDiv, std_dev}};
  size_t next = 3;
  if (a.has_scale) stages.push_back({BinaryOp::kMul, vec(next++)});
  if (a.has_bias) stages.push_back({BinaryOp::kAdd, vec(next)});
  compiler::ValueId result = f32.Out(out), y = x;
  for (size_t i = 0; i < stages.size(); ++i) {
    compiler::ValueId dst = i + 1 == stages.size() ? result : ctx.NewValue(DataType::kFloat32, out_shape);
    ctx.Emit(BinaryParams{stages[i].first, {}}, {y, stages[i].second}, {dst});
    y = dst;
  }
  f32.Finish(result, out);
  return Status::Ok();
}

// ---- instanceNormalization ----

struct InstanceNormAttrs : OpAttrs {
  bool nhwc = false;
  float epsilon = 1e-5f;
  bool has_scale = false, has_bias = false;
};

std::vector<OperandLimit> InstanceNormLimits(std::string_view) {
  return {{"input", data_types::kFloat, 4, 4},
          {"scale", data_types::kFloat, 1, 1},
          {"bias", data_types::kFloat, 1, 1},
          {"output", data_types::kFloat, 4, 4}};
}

Expected<NodeSpec> ValidateInstanceNorm(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* scale = ctx.Operand("options.scale", false, "scale");
  OperandId scale_id = ctx.last_operand();
  const OperandDesc* bias = ctx.Operand("options.bias", false, "bias");
  OperandId bias_id = ctx.last_operand();
  double eps = r.Double("options.epsilon", 1e-5);
  InputLayout layout = ReadEnum(r, "options.layout", InputLayout::kNchw);
  if (!x || !ctx.ok()) return ctx.status();
  auto attrs = std::make_shared<InstanceNormAttrs>();
  attrs->nhwc = layout == InputLayout::kNhwc;
  attrs->epsilon = static_cast<float>(eps);
  Shape expected{x->shape[attrs->nhwc ? 3 : 1]};
  std::vector<OperandId> inputs = {x_id};
  if (!AddScaleAndBias(ctx, *x, expected, {scale, scale_id}, {bias, bias_id}, &inputs)) return ctx.status();
  attrs->has_scale = scale != nullptr;
  attrs->has_bias = bias != nullptr;
  return ctx.Finish({inputs, attrs, {*x}});
}

// A layerNormalization over the spatial axes with per-channel scale and bias: each output is evaluated
// in double and rounded once (WPT's tolerance is 0 ULP).
Status LowerInstanceNorm(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<InstanceNormAttrs>();
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  compiler::LayerNormParams p;
  p.axes = a.nhwc ? std::vector<uint32_t>{1, 2} : std::vector<uint32_t>{2, 3};
  p.epsilon = a.epsilon;
  p.has_scale = a.has_scale;
  p.has_bias = a.has_bias;
  p.channel_axis = a.nhwc ? 3 : 1;
  std::vector<compiler::ValueId> in;
  for (size_t i = 0; i < node.inputs.size(); ++i) in.push_back(f32.In(ctx.In(node, i)));
  compiler::ValueId out = ctx.Out(node);
  compiler::ValueId result = f32.Out(out);
  ctx.Emit(p, in, {result});
  f32.Finish(result, out);
  return Status::Ok();
}

}  // namespace

const OpFamily kInstanceNormalizationFamily = {ValidateInstanceNorm, InstanceNormLimits, LowerInstanceNorm};
const OpFamily kSoftmaxFamily = {ValidateSoftmax, SoftmaxLimits, LowerSoftmax};
const OpFamily kLayerNormalizationFamily = {ValidateLayerNorm, LayerNormLimits, LowerLayerNorm};
const OpFamily kBatchNormalizationFamily = {ValidateBatchNorm, BatchNormLimits, LowerBatchNorm};

}  // namespace webnn::graph
