// Spec: #api-mlgraphbuilder-gemm, #api-mlgraphbuilder-matmul
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

struct GemmAttrs : OpAttrs {
  compiler::GemmParams params;
  bool has_c = false;
};

std::vector<OperandLimit> GemmLimits(std::string_view) {
  return {{"a", data_types::kFloat, 2, 2}, {"b", data_types::kFloat, 2, 2}, {"c", data_types::kFloat, 0, 2},
          {"output", data_types::kFloat, 2, 2}};
}

Expected<NodeSpec> ValidateGemm(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* a = ctx.Operand("a");
  OperandId a_id = ctx.last_operand();
  const OperandDesc* b = ctx.Operand("b");
  OperandId b_id = ctx.last_operand();
  const OperandDesc* c = ctx.Operand("options.c", false);
  OperandId c_id = ctx.last_operand();
  auto attrs = std::make_shared<GemmAttrs>();
  auto& p = attrs->params;
  p.alpha = static_cast<float>(r.Double("options.alpha", 1.0));
  p.beta = static_cast<float>(r.Double("options.beta", 1.0));
  p.a_transpose = r.Bool("options.aTranspose", false);
  p.b_transpose = r.Bool("options.bTranspose", false);
  if (!a || !b || !ctx.ok()) return ctx.status();
  if (!ctx.CheckSameType("b", *b, "a", *a)) return ctx.status();
  uint32_t m = p.a_transpose ? a->shape[1] : a->shape[0];
  uint32_t k = p.a_transpose ? a->shape[0] : a->shape[1];
  uint32_t kb = p.b_transpose ? b->shape[1] : b->shape[0];
  uint32_t n = p.b_transpose ? b->shape[0] : b->shape[1];
  if (k != kb) {
    return ctx.Fail("b", "number of rows (" + std::to_string(kb) + ") does not match the columns of a (" +
                             std::to_string(k) + ").");
  }
  std::vector<OperandId> inputs = {a_id, b_id};
  if (c) {
    if (!ctx.CheckSameType("options.c", *c, "a", *a)) return ctx.status();
    auto shape = BroadcastShapes(c->shape, {m, n});
    if (!shape || *shape != Shape{m, n}) {
      return ctx.Fail("options.c", "shape " + ShapeToString(c->shape) + " cannot be broadcast to [" +
                                       std::to_string(m) + ", " + std::to_string(n) + "].");
    }
    inputs.push_back(c_id);
    attrs->has_c = true;
  }
  return ctx.Finish({inputs, attrs, {{a->type, {m, n}}}});
}

Status LowerGemm(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<GemmAttrs>();
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  std::vector<compiler::ValueId> in = {f32.In(ctx.In(node, 0)), f32.In(ctx.In(node, 1))};
  if (a.has_c) in.push_back(f32.In(ctx.In(node, 2)));
  compiler::ValueId out = ctx.Out(node);
  compiler::ValueId y = f32.Out(out);
  ctx.Emit(a.params, in, {y});
  f32.Finish(y, out);
  return Status::Ok();
}

struct MatMulAttrs : OpAttrs {};

std::vector<OperandLimit> MatMulLimits(std::string_view) {
  return {{"a", data_types::kFloat, 2, kMaxRank}, {"b", data_types::kFloat, 2, kMaxRank},
          {"output", data_types::kFloat, 2, kMaxRank}};
}

Expected<NodeSpec> ValidateMatMul(ValidationContext& ctx) {
  const OperandDesc* a = ctx.Operand("a");
  OperandId a_id = ctx.last_operand();
  const OperandDesc* b = ctx.Operand("b");
  OperandId b_id = ctx.last_operand();
  if (!a || !b) return ctx.status();
  if (!ctx.CheckSameType("b", *b, "a", *a)) return ctx.status();
  const Shape& as = a->shape;
  const Shape& bs = b->shape;
  uint32_t k = as[as.size() - 1], kb = bs[bs.size() - 2];
  if (k != kb) {
    return ctx.Fail("b", "number of rows (" + std::to_string(kb) + ") does not match the columns of a (" +
                             std::to_string(k) + ").");
  }
  auto batch = BroadcastShapes(Shape(as.begin(), as.end() - 2), Shape(bs.begin(), bs.end() - 2));
  if (!batch) return ctx.Fail("b", "batch dimensions cannot be broadcast with a's.");
  Shape out = *batch;
  out.push_back(as[as.size() - 2]);
  out.push_back(bs[bs.size() - 1]);
  return ctx.Finish({{a_id, b_id}, std::make_shared<MatMulAttrs>(), {{a->type, out}}});
}

Status LowerMatMul(LoweringContext& ctx, const Node& node) {
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  compiler::ValueId out = ctx.Out(node);
  compiler::ValueId y = f32.Out(out);
  ctx.Emit(compiler::MatMulParams{}, {f32.In(ctx.In(node, 0)), f32.In(ctx.In(node, 1))}, {y});
  f32.Finish(y, out);
  return Status::Ok();
}

}  // namespace

const OpFamily kGemmFamily = {ValidateGemm, GemmLimits, LowerGemm};
const OpFamily kMatMulFamily = {ValidateMatMul, MatMulLimits, LowerMatMul};

}  // namespace webnn::graph
