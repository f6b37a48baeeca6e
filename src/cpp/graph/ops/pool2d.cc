// Spec: #api-mlgraphbuilder-pool2d (averagePool2d, l2Pool2d, maxPool2d)
#include <cmath>

#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

struct Pool2dAttrs : OpAttrs {
  compiler::Pool2dParams params;
  bool nhwc = false;
};

// maxPool2d takes any data type (the spec's allowed types; integers are compared in their own type);
// averagePool2d and l2Pool2d are floating point only.
std::vector<OperandLimit> Pool2dLimits(std::string_view op) {
  DataTypeSet types = op == "maxPool2d" ? data_types::kAll : data_types::kFloat;
  return {{"input", types, 4, 4}, {"output", types, 4, 4}};
}

Expected<NodeSpec> ValidatePool2d(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* input = ctx.Operand("input");
  OperandId input_id = ctx.last_operand();
  auto window = r.Uint32List("options.windowDimensions");
  auto padding = r.Uint32List("options.padding", {0, 0, 0, 0});
  auto strides = r.Uint32List("options.strides", {1, 1});
  auto dilations = r.Uint32List("options.dilations", {1, 1});
  InputLayout layout = ReadEnum(r, "options.layout", InputLayout::kNchw);
  RoundingType rounding = ReadEnum(r, "options.outputShapeRounding", RoundingType::kFloor);
  auto output_sizes = r.Uint32List("options.outputSizes");
  if (!input || !ctx.ok()) return ctx.status();
  bool nhwc = layout == InputLayout::kNhwc;
  const Shape& s = input->shape;
  uint32_t n = s[0], c = nhwc ? s[3] : s[1], ih = nhwc ? s[1] : s[2], iw = nhwc ? s[2] : s[3];
  std::vector<uint32_t> win = window ? *window : std::vector<uint32_t>{ih, iw};
  if (win.size() != 2) return ctx.Fail("options.windowDimensions", "should have length 2, got " + std::to_string(win.size()) + ".");
  if (win[0] == 0 || win[1] == 0) return ctx.Fail("options.windowDimensions", "should be greater than 0.");
  if (padding.size() != 4) return ctx.Fail("options.padding", "should have length 4, got " + std::to_string(padding.size()) + ".");
  if (strides.size() != 2) return ctx.Fail("options.strides", "should have length 2, got " + std::to_string(strides.size()) + ".");
  if (dilations.size() != 2) return ctx.Fail("options.dilations", "should have length 2, got " + std::to_string(dilations.size()) + ".");
  for (uint32_t v : strides) if (v == 0) return ctx.Fail("options.strides", "should be greater than 0.");
  for (uint32_t v : dilations) if (v == 0) return ctx.Fail("options.dilations", "should be greater than 0.");

  // Output size per spatial dim for floor and ceil rounding: the spec's (padded - effective) / stride + 1
  // is a real number, and may be below 1 when the dilated window overhangs the padded input (only a
  // result that is not a valid dimension is an error).
  int64_t floor_size[2], ceil_size[2];
  uint64_t in_size[2] = {ih, iw};
  for (int d = 0; d < 2; ++d) {
    int64_t padded = int64_t(in_size[d]) + padding[2 * d] + padding[2 * d + 1];
    int64_t effective = (int64_t{win[d]} - 1) * dilations[d] + 1;
    int64_t num = padded - effective, stride = strides[d];
    int64_t q = num / stride, r = num % stride;  // C++ truncates toward zero
    floor_size[d] = (r < 0 ? q - 1 : q) + 1;
    ceil_size[d] = (r > 0 ? q + 1 : q) + 1;
  }
  int64_t oh, ow;
  if (output_sizes) {
    if (output_sizes->size() != 2) return ctx.Fail("options.outputSizes", "should have length 2.");
    int64_t h = (*output_sizes)[0], w = (*output_sizes)[1];
    bool floor_match = h == floor_size[0] && w == floor_size[1], ceil_match = h == ceil_size[0] && w == ceil_size[1];
    if (!floor_match && !ceil_match) {
      return ctx.Fail("options.outputSizes", "should be the floor sizes [" + std::to_string(floor_size[0]) + ", " +
                                                 std::to_string(floor_size[1]) + "] or the ceil sizes [" +
                                                 std::to_string(ceil_size[0]) + ", " + std::to_string(ceil_size[1]) + "].");
    }
    oh = h;
    ow = w;
  } else {
    bool ceil = rounding == RoundingType::kCeil;
    oh = ceil ? ceil_size[0] : floor_size[0];
    ow = ceil ? ceil_size[1] : floor_size[1];
  }
  for (int64_t size : {oh, ow}) {
    if (size < 1 || size > int64_t{UINT32_MAX}) {
      return ctx.Fail("options.windowDimensions", "the output size " + std::to_string(size) +
                                                      " (window, padding, strides, dilations) is not a valid dimension.");
    }
  }
  auto attrs = std::make_shared<Pool2dAttrs>();
  auto& p = attrs->params;
  const std::string& op = ctx.op();
  p.kind = op == "maxPool2d" ? compiler::PoolKind::kMax : op == "l2Pool2d" ? compiler::PoolKind::kL2 : compiler::PoolKind::kAverage;
  p.window_h = win[0]; p.window_w = win[1];
  p.pad_top = padding[0]; p.pad_bottom = padding[1]; p.pad_left = padding[2]; p.pad_right = padding[3];
  p.stride_h = strides[0]; p.stride_w = strides[1];
  p.dilation_h = dilations[0]; p.dilation_w = dilations[1];
  attrs->nhwc = nhwc;
  Shape out = nhwc ? Shape{n, uint32_t(oh), uint32_t(ow), c} : Shape{n, c, uint32_t(oh), uint32_t(ow)};
  return ctx.Finish({{input_id}, attrs, {{input->type, out}}});
}

Status LowerPool2d(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<Pool2dAttrs>();
  DataType type = ctx.desc(node.inputs[0]).type;
  Float32Compute f32{ctx, type, /*native=*/!IsFloatingPoint(type)};
  compiler::ValueId x = f32.In(ctx.In(node, 0));
  if (!a.nhwc) x = ctx.Transpose(x, kNchwToNhwc);
  EmitNhwcOp(ctx, f32, a.nhwc, a.params, {x}, ctx.Out(node));
  return Status::Ok();
}

}  // namespace

const OpFamily kPool2dFamily = {ValidatePool2d, Pool2dLimits, LowerPool2d};

}  // namespace webnn::graph
