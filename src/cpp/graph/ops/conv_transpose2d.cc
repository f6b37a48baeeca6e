// Spec: #api-mlgraphbuilder-convtranspose2d
#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

struct ConvTranspose2dAttrs : OpAttrs {
  compiler::ConvTranspose2dParams params;
  bool nhwc_input = false;
  ConvTranspose2dFilterLayout filter_layout = ConvTranspose2dFilterLayout::kIohw;
  bool has_bias = false;
};

// MLConv2dSupportLimits.
std::vector<OperandLimit> ConvTranspose2dLimits(std::string_view) {
  return {{"input", data_types::kFloat, 4, 4}, {"filter", data_types::kFloat, 4, 4},
          {"bias", data_types::kFloat, 1, 1},  {"output", data_types::kFloat, 4, 4}};
}

// The permutation that takes a filter in `layout` to IHWO ([Cin, KH, KW, Cout/groups]).
std::vector<uint32_t> FilterToIhwo(ConvTranspose2dFilterLayout layout) {
  switch (layout) {
    case ConvTranspose2dFilterLayout::kIohw: return {0, 2, 3, 1};
    case ConvTranspose2dFilterLayout::kHwoi: return {3, 0, 1, 2};
    case ConvTranspose2dFilterLayout::kOhwi: return {3, 1, 2, 0};
  }
  return {0, 1, 2, 3};
}

Expected<NodeSpec> ValidateConvTranspose2d(ValidationContext& ctx) {
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
  auto output_padding = r.Uint32List("options.outputPadding", {0, 0});
  auto output_sizes = r.Uint32List("options.outputSizes");
  uint32_t groups = r.Uint32("options.groups", 1);
  InputLayout input_layout = ReadEnum(r, "options.inputLayout", InputLayout::kNchw);
  auto filter_layout = ReadEnum(r, "options.filterLayout", ConvTranspose2dFilterLayout::kIohw);
  if (!input || !filter || !ctx.ok()) return ctx.status();
  if (!ctx.CheckSameType("filter", *filter, "input", *input)) return ctx.status();
  auto length = [&](const char* arg, size_t got, size_t want) {
    ctx.Fail(arg, "should have length " + std::to_string(want) + ", got " + std::to_string(got) + ".");
  };
  if (!CheckConvWindow(ctx, padding, strides, dilations)) return ctx.status();
  if (output_padding.size() != 2) return length("options.outputPadding", output_padding.size(), 2), ctx.status();
  if (output_sizes) {
    if (output_sizes->size() != 2) return length("options.outputSizes", output_sizes->size(), 2), ctx.status();
  } else if (output_padding[0] >= strides[0] || output_padding[1] >= strides[1]) {
    return ctx.Fail("options.outputPadding", "should be smaller than the strides.");
  }
  if (groups == 0) return ctx.Fail("options.groups", "should be greater than 0.");

  bool nhwc = input_layout == InputLayout::kNhwc;
  const Shape& is = input->shape;
  uint32_t n = is[0], c = nhwc ? is[3] : is[1], ih = nhwc ? is[1] : is[2], iw = nhwc ? is[2] : is[3];
  auto perm = FilterToIhwo(filter_layout);
  const Shape& fs = filter->shape;
  uint32_t fi = fs[perm[0]], kh = fs[perm[1]], kw = fs[perm[2]], fo = fs[perm[3]];
  if (c != fi) {
    return ctx.Fail("filter", "input channels (" + std::to_string(c) + ") must equal the filter's input channels (" +
                                  std::to_string(fi) + ").");
  }
  uint64_t o = uint64_t{fo} * groups;
  if (o > UINT32_MAX) return ctx.Fail("options.groups", "the output channels (filter output channels x groups) are too many.");
  if (bias) {
    if (bias->shape != Shape{uint32_t(o)}) {
      return ctx.Fail("options.bias", "shape should be [" + std::to_string(o) + "], got " + ShapeToString(bias->shape) + ".");
    }
    if (!ctx.CheckSameType("options.bias", *bias, "input", *input)) return ctx.status();
  }
  // The spec's "calculate convtranspose output size".
  auto calculated = [](int64_t in, int64_t k, int64_t pb, int64_t pe, int64_t s, int64_t d) {
    return (in - 1) * s + (k - 1) * d + 1 - pb - pe;
  };
  int64_t ch = calculated(ih, kh, padding[0], padding[1], strides[0], dilations[0]);
  int64_t cw = calculated(iw, kw, padding[2], padding[3], strides[1], dilations[1]);
  int64_t oh, ow;
  if (output_sizes) {
    oh = (*output_sizes)[0];
    ow = (*output_sizes)[1];
    if (oh < ch || oh >= ch + strides[0]) {
      return ctx.Fail("options.outputSizes", "height " + std::to_string(oh) + " should be in [" + std::to_string(ch) +
                                                 ", " + std::to_string(ch + strides[0]) + ").");
    }
    if (ow < cw || ow >= cw + strides[1]) {
      return ctx.Fail("options.outputSizes", "width " + std::to_string(ow) + " should be in [" + std::to_string(cw) +
                                                 ", " + std::to_string(cw + strides[1]) + ").");
    }
  } else {
    oh = ch + output_padding[0];
    ow = cw + output_padding[1];
  }
  if (oh <= 0 || ow <= 0 || oh > UINT32_MAX || ow > UINT32_MAX) {
    return ctx.Fail("output", "size " + std::to_string(oh) + "x" + std::to_string(ow) + " is not a valid dimension.");
  }

  auto attrs = std::make_shared<ConvTranspose2dAttrs>();
  auto& p = attrs->params;
  SetConvWindow(p, padding, strides, dilations, groups);
  attrs->nhwc_input = nhwc;
  attrs->filter_layout = filter_layout;
  attrs->has_bias = bias != nullptr;
  uint32_t oc = static_cast<uint32_t>(o);
  Shape out = nhwc ? Shape{n, uint32_t(oh), uint32_t(ow), oc} : Shape{n, oc, uint32_t(oh), uint32_t(ow)};
  std::vector<OperandId> inputs = {input_id, filter_id};
  if (bias) inputs.push_back(bias_id);
  return ctx.Finish({inputs, attrs, {{input->type, out}}});
}

Status LowerConvTranspose2d(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<ConvTranspose2dAttrs>();
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  compiler::ValueId x = f32.In(ctx.In(node, 0));
  compiler::ValueId w = f32.In(ctx.In(node, 1));
  compiler::ValueId b = a.has_bias ? f32.In(ctx.In(node, 2)) : compiler::kNoValue;
  if (!a.nhwc_input) x = ctx.Transpose(x, kNchwToNhwc);
  w = ctx.Transpose(w, FilterToIhwo(a.filter_layout));
  std::vector<compiler::ValueId> in = {x, w};
  if (b != compiler::kNoValue) in.push_back(b);
  EmitNhwcOp(ctx, f32, a.nhwc_input, a.params, std::move(in), ctx.Out(node));
  return Status::Ok();
}

}  // namespace

const OpFamily kConvTranspose2dFamily = {ValidateConvTranspose2d, ConvTranspose2dLimits, LowerConvTranspose2d};

}  // namespace webnn::graph
