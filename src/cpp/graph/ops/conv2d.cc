// Spec: #api-mlgraphbuilder-conv2d
#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

struct Conv2dAttrs : OpAttrs {
  compiler::Conv2dParams params;
  bool nhwc_input = false;
  Conv2dFilterLayout filter_layout = Conv2dFilterLayout::kOihw;
  bool has_bias = false;
};

std::vector<OperandLimit> Conv2dLimits(std::string_view) {
  return {{"input", data_types::kFloat, 4, 4}, {"filter", data_types::kFloat, 4, 4},
          {"bias", data_types::kFloat, 1, 1},  {"output", data_types::kFloat, 4, 4}};
}

// The permutation that takes a filter in `layout` to OHWI.
std::vector<uint32_t> FilterToOhwi(Conv2dFilterLayout layout) {
  switch (layout) {
    case Conv2dFilterLayout::kOihw: return {0, 2, 3, 1};
    case Conv2dFilterLayout::kHwio: return {3, 0, 1, 2};
    case Conv2dFilterLayout::kIhwo: return {3, 1, 2, 0};
    case Conv2dFilterLayout::kOhwi: break;
  }
  return {0, 1, 2, 3};
}

Expected<NodeSpec> ValidateConv2d(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* input = ctx.Operand("input");
  OperandId input_id = ctx.last_operand();
  const OperandDesc* filter = ctx.Operand("filter");
  OperandId filter_id = ctx.last_operand();
  const OperandDesc* bias = ctx.Operand("options.bias", false);
  OperandId bias_id = ctx.last_operand();
  auto padding = r.Uint32List("options.padding", {0, 0, 0, 0});
  auto strides = r.Uint32List("options.strides", {1, 1});
  auto dilations = r.Uint32List("options.dilations", {1, 1});
  uint32_t groups = r.Uint32("options.groups", 1);
  InputLayout input_layout = ReadEnum(r, "options.inputLayout", InputLayout::kNchw);
  Conv2dFilterLayout filter_layout = ReadEnum(r, "options.filterLayout", Conv2dFilterLayout::kOihw);
  if (!input || !filter || !ctx.ok()) return ctx.status();
  if (!ctx.CheckSameType("filter", *filter, "input", *input)) return ctx.status();
  if (!CheckConvWindow(ctx, padding, strides, dilations)) return ctx.status();
  if (groups == 0) return ctx.Fail("options.groups", "should be greater than 0.");

  bool nhwc = input_layout == InputLayout::kNhwc;
  const Shape& is = input->shape;
  uint32_t n = is[0], c = nhwc ? is[3] : is[1], ih = nhwc ? is[1] : is[2], iw = nhwc ? is[2] : is[3];
  auto perm = FilterToOhwi(filter_layout);
  const Shape& fs = filter->shape;
  uint32_t o = fs[perm[0]], kh = fs[perm[1]], kw = fs[perm[2]], fi = fs[perm[3]];
  if (c % groups != 0 || c / groups != fi) {
    return ctx.Fail("filter", "input channels (" + std::to_string(c) + ") / groups (" + std::to_string(groups) +
                                  ") must equal the filter's input channels (" + std::to_string(fi) + ").");
  }
  if (o % groups != 0) return ctx.Fail("options.groups", "must divide the output channels (" + std::to_string(o) + ").");
  if (bias) {
    if (!ctx.CheckSameType("options.bias", *bias, "input", *input)) return ctx.status();
    if (bias->shape[0] != o) {
      return ctx.Fail("options.bias", "shape should be [" + std::to_string(o) + "], got " + ShapeToString(bias->shape) + ".");
    }
  }
  auto out_size = [&](uint64_t in, uint64_t k, uint64_t pb, uint64_t pe, uint64_t s, uint64_t d, const char* what) -> int64_t {
    uint64_t effective = (k - 1) * d + 1;
    if (in + pb + pe < effective) {
      ctx.Fail("filter", std::string("the effective filter ") + what + " (" + std::to_string(effective) +
                             ") is larger than the padded input " + what + " (" + std::to_string(in + pb + pe) + ").");
      return -1;
    }
    return static_cast<int64_t>((in + pb + pe - effective) / s + 1);
  };
  int64_t oh = out_size(ih, kh, padding[0], padding[1], strides[0], dilations[0], "height");
  int64_t ow = out_size(iw, kw, padding[2], padding[3], strides[1], dilations[1], "width");
  if (oh < 0 || ow < 0) return ctx.status();
  if (oh > UINT32_MAX || ow > UINT32_MAX) return ctx.Fail("output", "is too large.");

  auto attrs = std::make_shared<Conv2dAttrs>();
  auto& p = attrs->params;
  SetConvWindow(p, padding, strides, dilations, groups);
  attrs->nhwc_input = nhwc;
  attrs->filter_layout = filter_layout;
  attrs->has_bias = bias != nullptr;
  Shape out = nhwc ? Shape{n, uint32_t(oh), uint32_t(ow), o} : Shape{n, o, uint32_t(oh), uint32_t(ow)};
  std::vector<OperandId> inputs = {input_id, filter_id};
  if (bias) inputs.push_back(bias_id);
  return ctx.Finish({inputs, attrs, {{input->type, out}}});
}

Status LowerConv2d(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<Conv2dAttrs>();
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  compiler::ValueId x = f32.In(ctx.In(node, 0));
  compiler::ValueId w = f32.In(ctx.In(node, 1));
  compiler::ValueId b = a.has_bias ? f32.In(ctx.In(node, 2)) : compiler::kNoValue;
  if (!a.nhwc_input) x = ctx.Transpose(x, kNchwToNhwc);
  auto perm = FilterToOhwi(a.filter_layout);
  if (perm != std::vector<uint32_t>{0, 1, 2, 3}) w = ctx.Transpose(w, perm);
  std::vector<compiler::ValueId> in = {x, w};
  if (b != compiler::kNoValue) in.push_back(b);
  EmitNhwcOp(ctx, f32, a.nhwc_input, a.params, std::move(in), ctx.Out(node));
  return Status::Ok();
}

}  // namespace

const OpFamily kConv2dFamily = {ValidateConv2d, Conv2dLimits, LowerConv2d};

}  // namespace webnn::graph
