// Spec: #api-mlgraphbuilder-unary, #api-mlgraphbuilder-binary, #api-mlgraphbuilder-logical,
// #api-mlgraphbuilder-elu ... (activations), #api-mlgraphbuilder-clamp, #api-mlgraphbuilder-cast,
// #api-mlgraphbuilder-where, #api-mlgraphbuilder-prelu.
#include <cmath>
#include <map>

#include "graph/cast_number.h"
#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

using compiler::BinaryOp;
using compiler::UnaryOp;
using data_types::kAll;
using data_types::kFloat;

const DataTypeSet kSignedNumeric{DataType::kFloat32, DataType::kFloat16, DataType::kInt64, DataType::kInt32,
                                 DataType::kInt8};
const DataTypeSet kUint8{DataType::kUint8};

struct UnaryAttrs : OpAttrs {
  compiler::UnaryParams params;
};

// ---- unary: one operand in, same shape out ----

struct UnaryInfo {
  UnaryOp op;
  DataTypeSet types;
  const char* arg;  // "input", or "a" for the logical ones
  bool uint8_output = false;
};

const std::map<std::string_view, UnaryInfo>& UnaryOps() {
  static const std::map<std::string_view, UnaryInfo> ops = {
      {"abs", {UnaryOp::kAbs, kSignedNumeric, "input"}},
      {"neg", {UnaryOp::kNeg, kSignedNumeric, "input"}},
      {"sign", {UnaryOp::kSign, kSignedNumeric, "input"}},
      {"relu", {UnaryOp::kRelu, kSignedNumeric, "input"}},
      {"identity", {UnaryOp::kIdentity, kAll | data_types::kFourBit, "input"}},
      {"ceil", {UnaryOp::kCeil, kFloat, "input"}},
      {"cos", {UnaryOp::kCos, kFloat, "input"}},
      {"erf", {UnaryOp::kErf, kFloat, "input"}},
      {"exp", {UnaryOp::kExp, kFloat, "input"}},
      {"floor", {UnaryOp::kFloor, kFloat, "input"}},
      {"log", {UnaryOp::kLog, kFloat, "input"}},
      {"reciprocal", {UnaryOp::kReciprocal, kFloat, "input"}},
      {"roundEven", {UnaryOp::kRoundEven, kFloat, "input"}},
      {"sin", {UnaryOp::kSin, kFloat, "input"}},
      {"sqrt", {UnaryOp::kSqrt, kFloat, "input"}},
      {"tan", {UnaryOp::kTan, kFloat, "input"}},
      {"sigmoid", {UnaryOp::kSigmoid, kFloat, "input"}},
      {"tanh", {UnaryOp::kTanh, kFloat, "input"}},
      {"softplus", {UnaryOp::kSoftplus, kFloat, "input"}},
      {"softsign", {UnaryOp::kSoftsign, kFloat, "input"}},
      {"logicalNot", {UnaryOp::kLogicalNot, kUint8, "a"}},
      {"isNaN", {UnaryOp::kIsNaN, kFloat, "a", true}},
      {"isInfinite", {UnaryOp::kIsInfinite, kFloat, "a", true}},
  };
  return ops;
}

std::vector<OperandLimit> UnaryLimits(std::string_view op) {
  const UnaryInfo& info = UnaryOps().at(op);
  return {{info.arg, info.types}, {"output", info.uint8_output ? kUint8 : info.types}};
}

Expected<NodeSpec> ValidateUnary(ValidationContext& ctx) {
  const UnaryInfo& info = UnaryOps().at(ctx.op());
  const OperandDesc* x = ctx.Operand(info.arg);
  if (!x) return ctx.status();
  auto attrs = std::make_shared<UnaryAttrs>();
  attrs->params.op = info.op;
  OperandDesc out{info.uint8_output ? DataType::kUint8 : x->type, x->shape};
  return ctx.Finish({{ctx.last_operand()}, attrs, {out}});
}

Status LowerUnary(LoweringContext& ctx, const Node& node) {
  ctx.Emit(node.Attrs<UnaryAttrs>().params, {ctx.In(node, 0)}, {ctx.Out(node)});
  return Status::Ok();
}

// ---- activations with options ----

std::vector<OperandLimit> ActivationLimits(std::string_view) { return {{"input", kFloat}, {"output", kFloat}}; }

Expected<NodeSpec> ValidateActivation(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto attrs = std::make_shared<UnaryAttrs>();
  auto& p = attrs->params;
  auto& r = ctx.args();
  const std::string& op = ctx.op();
  if (op == "elu") {
    p.op = UnaryOp::kElu;
    p.alpha = static_cast<float>(r.Double("options.alpha", 1.0));
  } else if (op == "gelu") {
    p.op = UnaryOp::kGelu;
  } else if (op == "hardSigmoid") {
    p.op = UnaryOp::kHardSigmoid;
    p.alpha = static_cast<float>(r.Double("options.alpha", 0.2));
    p.beta = static_cast<float>(r.Double("options.beta", 0.5));
  } else if (op == "hardSwish") {
    p.op = UnaryOp::kHardSwish;
  } else if (op == "leakyRelu") {
    p.op = UnaryOp::kLeakyRelu;
    p.alpha = static_cast<float>(r.Double("options.alpha", 0.01));
  } else if (op == "linear") {
    p.op = UnaryOp::kLinear;
    p.alpha = static_cast<float>(r.Double("options.alpha", 1.0));
    p.beta = static_cast<float>(r.Double("options.beta", 0.0));
  }
  if (!x) return ctx.status();
  return ctx.Finish({{ctx.last_operand()}, attrs, {*x}});
}

// ---- clamp ----

std::vector<OperandLimit> ClampLimits(std::string_view) { return {{"input", kAll}, {"output", kAll}}; }

// The bound as the spec casts it to the input's type; a NaN bound (kept by the cast for floating point types)
// bounds nothing, as IEEE maxNum / minNum ignore NaN.
double CastBound(const Number& n, DataType type, double none) {
  double v = CastNumber(n, type).AsDouble();
  return std::isnan(v) ? none : v;
}

Expected<NodeSpec> ValidateClamp(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto min = ctx.args().NumberArg("options.minValue");
  auto max = ctx.args().NumberArg("options.maxValue");
  if (!x) return ctx.status();
  if (!ctx.CheckNumberFor("options.minValue", min, x->type) || !ctx.CheckNumberFor("options.maxValue", max, x->type)) {
    return ctx.status();
  }
  auto attrs = std::make_shared<UnaryAttrs>();
  attrs->params.op = UnaryOp::kClamp;
  attrs->params.min = min ? CastBound(*min, x->type, -INFINITY) : -INFINITY;
  attrs->params.max = max ? CastBound(*max, x->type, INFINITY) : INFINITY;
  if (attrs->params.min > attrs->params.max) {
    return ctx.Fail("options.minValue", "must be less than or equal to options.maxValue.");
  }
  return ctx.Finish({{ctx.last_operand()}, attrs, {*x}});
}

// ---- binary ----

struct BinaryInfo {
  BinaryOp op;
  DataTypeSet types;
  bool uint8_output;
};

const std::map<std::string_view, BinaryInfo>& BinaryOps() {
  static const std::map<std::string_view, BinaryInfo> ops = {
      {"add", {BinaryOp::kAdd, kAll, false}},
      {"sub", {BinaryOp::kSub, kAll, false}},
      {"mul", {BinaryOp::kMul, kAll, false}},
      {"div", {BinaryOp::kDiv, kAll, false}},
      {"max", {BinaryOp::kMax, kAll, false}},
      {"min", {BinaryOp::kMin, kAll, false}},
      {"pow", {BinaryOp::kPow, kAll, false}},
      {"equal", {BinaryOp::kEqual, kAll, true}},
      {"notEqual", {BinaryOp::kNotEqual, kAll, true}},
      {"greater", {BinaryOp::kGreater, kAll, true}},
      {"greaterOrEqual", {BinaryOp::kGreaterOrEqual, kAll, true}},
      {"lesser", {BinaryOp::kLesser, kAll, true}},
      {"lesserOrEqual", {BinaryOp::kLesserOrEqual, kAll, true}},
      {"logicalAnd", {BinaryOp::kLogicalAnd, kUint8, true}},
      {"logicalOr", {BinaryOp::kLogicalOr, kUint8, true}},
      {"logicalXor", {BinaryOp::kLogicalXor, kUint8, true}},
  };
  return ops;
}

struct BinaryAttrs : OpAttrs {
  BinaryOp op;
};

std::vector<OperandLimit> BinaryLimits(std::string_view op) {
  const BinaryInfo& info = BinaryOps().at(op);
  return {{"a", info.types}, {"b", info.types}, {"output", info.uint8_output ? kUint8 : info.types}};
}

Expected<NodeSpec> ValidateBinary(ValidationContext& ctx) {
  const BinaryInfo& info = BinaryOps().at(ctx.op());
  const OperandDesc* a = ctx.Operand("a");
  OperandId a_id = ctx.last_operand();
  const OperandDesc* b = ctx.Operand("b");
  OperandId b_id = ctx.last_operand();
  if (!a || !b) return ctx.status();
  if (!ctx.CheckSameType("b", *b, "a", *a)) return ctx.status();
  auto shape = BroadcastShapes(a->shape, b->shape);
  if (!shape) {
    return ctx.Fail("b", "shape " + ShapeToString(b->shape) + " cannot be broadcast with a's shape " +
                             ShapeToString(a->shape) + ".");
  }
  auto attrs = std::make_shared<BinaryAttrs>();
  attrs->op = info.op;
  return ctx.Finish({{a_id, b_id}, attrs, {{info.uint8_output ? DataType::kUint8 : a->type, *shape}}});
}

Status LowerBinary(LoweringContext& ctx, const Node& node) {
  compiler::BinaryParams p;
  p.op = node.Attrs<BinaryAttrs>().op;
  ctx.Emit(p, {ctx.In(node, 0), ctx.In(node, 1)}, {ctx.Out(node)});
  return Status::Ok();
}

// ---- cast ----

struct CastAttrs : OpAttrs {};

// Casts to and from int4 and uint4 too, as Chromium has them (beyond the spec snapshot).
std::vector<OperandLimit> CastLimits(std::string_view) {
  return {{"input", kAll | data_types::kFourBit}, {"output", kAll | data_types::kFourBit}};
}

Expected<NodeSpec> ValidateCast(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  std::optional<DataType> type = ReadDataType(ctx.args(), "dataType");
  if (!x || !type) return ctx.status();
  return ctx.Finish({{ctx.last_operand()}, std::make_shared<CastAttrs>(), {{*type, x->shape}}});
}

Status LowerCast(LoweringContext& ctx, const Node& node) {
  ctx.Emit(compiler::CastParams{}, {ctx.In(node, 0)}, {ctx.Out(node)});
  return Status::Ok();
}

// ---- where ----

std::vector<OperandLimit> WhereLimits(std::string_view) {
  return {{"condition", kUint8}, {"trueValue", kAll}, {"falseValue", kAll}, {"output", kAll}};
}

Expected<NodeSpec> ValidateWhere(ValidationContext& ctx) {
  const OperandDesc* c = ctx.Operand("condition");
  OperandId c_id = ctx.last_operand();
  const OperandDesc* t = ctx.Operand("trueValue");
  OperandId t_id = ctx.last_operand();
  const OperandDesc* f = ctx.Operand("falseValue");
  OperandId f_id = ctx.last_operand();
  if (!c || !t || !f) return ctx.status();
  if (!ctx.CheckSameType("falseValue", *f, "trueValue", *t)) return ctx.status();
  auto tf = BroadcastShapes(t->shape, f->shape);
  if (!tf) return ctx.Fail("falseValue", "shape cannot be broadcast with trueValue's shape.");
  auto shape = BroadcastShapes(c->shape, *tf);
  if (!shape) return ctx.Fail("condition", "shape cannot be broadcast with the values' shape.");
  return ctx.Finish({{c_id, t_id, f_id}, std::make_shared<CastAttrs>(), {{t->type, *shape}}});
}

Status LowerWhere(LoweringContext& ctx, const Node& node) {
  ctx.Emit(compiler::WhereParams{}, {ctx.In(node, 0), ctx.In(node, 1), ctx.In(node, 2)}, {ctx.Out(node)});
  return Status::Ok();
}

// ---- prelu ----

const DataTypeSet kPreluTypes{DataType::kFloat32, DataType::kFloat16, DataType::kInt64, DataType::kInt32,
                              DataType::kInt8};

std::vector<OperandLimit> PreluLimits(std::string_view) {
  return {{"input", kPreluTypes}, {"slope", kPreluTypes}, {"output", kPreluTypes}};
}

Expected<NodeSpec> ValidatePrelu(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* slope = ctx.Operand("slope");
  OperandId s_id = ctx.last_operand();
  if (!x || !slope) return ctx.status();
  if (!ctx.CheckSameType("slope", *slope, "input", *x)) return ctx.status();
  auto shape = BroadcastShapes(slope->shape, x->shape);
  if (!shape) {
    return ctx.Fail("slope", "shape " + ShapeToString(slope->shape) + " cannot be broadcast with the input's shape " +
                                 ShapeToString(x->shape) + ".");
  }
  return ctx.Finish({{x_id, s_id}, std::make_shared<UnaryAttrs>(), {{x->type, *shape}}});
}

// where(input >= 0, input, input * slope): every type, NaN and -0 kept as the input has them.
Status LowerPrelu(LoweringContext& ctx, const Node& node) {
  compiler::ValueId x = ctx.In(node, 0);
  compiler::ValueId zero = ctx.Zero(ctx.value(x).type);
  compiler::ValueId scaled = ctx.Binary(BinaryOp::kMul, x, ctx.In(node, 1));
  compiler::ValueId keep = ctx.Binary(BinaryOp::kGreaterOrEqual, x, zero);
  ctx.Emit(compiler::WhereParams{}, {keep, x, scaled}, {ctx.Out(node)});
  return Status::Ok();
}

}  // namespace

const OpFamily kPreluFamily = {ValidatePrelu, PreluLimits, LowerPrelu};
const OpFamily kElementwiseUnaryFamily = {ValidateUnary, UnaryLimits, LowerUnary};
const OpFamily kActivationFamily = {ValidateActivation, ActivationLimits, LowerUnary};
const OpFamily kClampFamily = {ValidateClamp, ClampLimits, LowerUnary};
const OpFamily kElementwiseBinaryFamily = {ValidateBinary, BinaryLimits, LowerBinary};
const OpFamily kCastFamily = {ValidateCast, CastLimits, LowerCast};
const OpFamily kWhereFamily = {ValidateWhere, WhereLimits, LowerWhere};

}  // namespace webnn::graph
