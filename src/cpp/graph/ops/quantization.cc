// Spec: #api-mlgraphbuilder-quantizelinear, #api-mlgraphbuilder-dequantizelinear
// Both compute in float32 on the shared elementwise kernels: scale and zeroPoint are blockwise
// broadcast by viewing the input with each blocked axis split in two ([s, d / s] against the scale's
// [s, 1]), so ordinary broadcasting repeats every scale element over its block.
#include <limits>

#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/family_util.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

// int4 and uint4 as Chromium has them (beyond the spec snapshot): what 4-bit weights dequantize from.
const DataTypeSet kQuantized{DataType::kUint8, DataType::kInt8, DataType::kUint32, DataType::kInt32, DataType::kInt4,
                             DataType::kUint4};

std::vector<OperandLimit> DequantizeLimits(std::string_view) {
  return {{"input", kQuantized}, {"scale", data_types::kFloat}, {"zeroPoint", kQuantized}, {"output", data_types::kFloat}};
}
std::vector<OperandLimit> QuantizeLimits(std::string_view) {
  return {{"input", data_types::kFloat}, {"scale", data_types::kFloat}, {"zeroPoint", kQuantized}, {"output", kQuantized}};
}

struct QuantizeAttrs : OpAttrs {};

// The spec's checks on scale and zeroPoint against input, in its order (after the type checks), with
// two relaxations where Chromium and its clients go beyond the spec snapshot (docs/conformance.md, "Validation: where we follow Chromium"):
// - scale (and zeroPoint) may have a lower rank than input, its sizes aligned with input's trailing axes
//   (Chromium's graph_validation_utils; the upstream WPT validation tests expect it);
// - a one-element zeroPoint beside a one-element scale of another shape: onnxruntime-web's WebNN EP sends
//   a per-tensor DequantizeLinear/QuantizeLinear without a zero point as scale [1, ..., 1] and a zero
//   point of shape [], which Chromium's broadcasting rule accepts; refusing it fails the whole session.
bool OneElement(const Shape& shape) {
  for (uint32_t d : shape) {
    if (d != 1) return false;
  }
  return true;
}

bool CheckBlockwise(ValidationContext& ctx, const OperandDesc& x, const OperandDesc& scale, const OperandDesc& zero_point) {
  if (scale.shape.size() > x.shape.size() || zero_point.shape.size() > x.shape.size()) {
    ctx.Fail(scale.shape.size() > x.shape.size() ? "scale" : "zeroPoint",
             "rank should be at most the input's rank " + Str(x.shape.size()) + ".");
    return false;
  }
  if (scale.shape != zero_point.shape && !(OneElement(scale.shape) && OneElement(zero_point.shape))) {
    ctx.Fail("zeroPoint", "shape " + ShapeToString(zero_point.shape) + " should equal the scale's shape " +
                              ShapeToString(scale.shape) + ".");
    return false;
  }
  const size_t lead = x.shape.size() - scale.shape.size();
  for (size_t i = 0; i < scale.shape.size(); ++i) {
    if (x.shape[lead + i] % scale.shape[i] != 0) {
      ctx.Fail("scale", "shape " + ShapeToString(scale.shape) + " is not blockwise broadcastable to the input's shape " +
                            ShapeToString(x.shape) + ".");
      return false;
    }
  }
  return true;
}

Expected<NodeSpec> ValidateQuantization(ValidationContext& ctx) {
  const bool quantize = ctx.op() == "quantizeLinear";
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* scale = ctx.Operand("scale");
  OperandId s_id = ctx.last_operand();
  const OperandDesc* zero_point = ctx.Operand("zeroPoint");
  OperandId z_id = ctx.last_operand();
  if (!x || !scale || !zero_point) return ctx.status();
  if (quantize ? !ctx.CheckSameType("scale", *scale, "input", *x) : !ctx.CheckSameType("zeroPoint", *zero_point, "input", *x)) {
    return ctx.status();
  }
  if (!CheckBlockwise(ctx, *x, *scale, *zero_point)) return ctx.status();
  DataType out = quantize ? zero_point->type : scale->type;
  return ctx.Finish({{x_id, s_id, z_id}, std::make_shared<QuantizeAttrs>(), {{out, x->shape}}});
}

// Shapes that turn blockwise broadcasting of `block` over `full` into ordinary broadcasting.
void BlockwiseViews(const Shape& full, const Shape& block, Shape* full_view, Shape* block_view) {
  for (size_t i = 0; i < full.size(); ++i) {
    if (block[i] == full[i] || block[i] == 1) {
      full_view->push_back(full[i]);
      block_view->push_back(block[i]);
    } else {
      full_view->insert(full_view->end(), {block[i], full[i] / block[i]});
      block_view->insert(block_view->end(), {block[i], 1});
    }
  }
}

// dequantizeLinear: (input - zeroPoint) * scale. quantizeLinear: clamp(roundEven(input / scale) +
// zeroPoint) to the output type's range. One compiler node (QuantizeParams) over the blockwise views.
Status LowerQuantization(LoweringContext& ctx, const Node& node) {
  const bool quantize = node.op->name == std::string_view("quantizeLinear");
  compiler::ValueId out = ctx.Out(node);
  const Shape shape = ctx.value(out).shape;  // a copy: values grow (and move) as nodes are added
  // A scale of lower rank covers input's trailing axes: it is [1, ..., 1, scale] against input.
  Shape block = ctx.desc(node.inputs[1]).shape;
  block.insert(block.begin(), shape.size() - block.size(), 1);
  Shape x_view, s_view;
  BlockwiseViews(shape, block, &x_view, &s_view);
  compiler::ValueId x = ctx.Reshape(ctx.In(node, 0), x_view);
  compiler::ValueId scale = ctx.Reshape(ctx.In(node, 1), s_view), zero_point = ctx.Reshape(ctx.In(node, 2), s_view);
  compiler::ValueId y = ctx.NewValue(ctx.value(out).type, x_view);
  ctx.Emit(compiler::QuantizeParams{!quantize}, {x, scale, zero_point}, {y});
  ctx.Emit(compiler::CopyParams{}, {y}, {out});
  return Status::Ok();
}

}  // namespace

const OpFamily kQuantizeLinearFamily = {ValidateQuantization, QuantizeLimits, LowerQuantization};
const OpFamily kDequantizeLinearFamily = {ValidateQuantization, DequantizeLimits, LowerQuantization};

}  // namespace webnn::graph
