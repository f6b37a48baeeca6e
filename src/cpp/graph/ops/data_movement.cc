// Spec: #api-mlgraphbuilder-transpose, -reshape-method, -slice, -concat, -split, -pad, -expand, -gather, -reverse-method, -tile, -triangular
#include <algorithm>
#include <numeric>

#include "graph/cast_number.h"
#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/ops/family_util.h"
#include "graph/op_registry.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

using data_types::kAll;

std::vector<OperandLimit> SingleInputAnyType(std::string_view) { return {{"input", kAll}, {"output", kAll}}; }
// transpose and reshape move 4-bit values too (Chromium lists int4 and uint4 for transpose; reshape only
// renames the shape, so it takes them as well: a graph may lay out a 4-bit constant before dequantizing it).
std::vector<OperandLimit> SingleInputAnyTypeOrFourBit(std::string_view) {
  return {{"input", kAll | data_types::kFourBit}, {"output", kAll | data_types::kFourBit}};
}

// ---- transpose ----

Expected<NodeSpec> ValidateTranspose(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto perm = ctx.args().Uint32List("options.permutation");
  if (!x || !ctx.ok()) return ctx.status();
  size_t rank = x->shape.size();
  std::vector<uint32_t> p(rank);
  if (perm) {
    p = *perm;
  } else {
    for (size_t i = 0; i < rank; ++i) p[i] = static_cast<uint32_t>(rank - 1 - i);
  }
  if (p.size() != rank) {
    return ctx.Fail("options.permutation", "should have length " + Str(rank) + ", got " + Str(p.size()) + ".");
  }
  std::vector<bool> seen(rank, false);
  for (uint32_t a : p) {
    if (a >= rank || seen[a]) return ctx.Fail("options.permutation", "must be a permutation of [0, " + Str(rank) + ").");
    seen[a] = true;
  }
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) out[i] = x->shape[p[i]];
  auto attrs = std::make_shared<ParamsAttrs<compiler::TransposeParams>>();
  attrs->params.perm = p;
  return ctx.Finish({{ctx.last_operand()}, attrs, {{x->type, out}}});
}

// ---- reshape ----

Expected<NodeSpec> ValidateReshape(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto shape = ctx.args().Uint32List("newShape");
  if (!shape && ctx.ok()) ctx.Fail("newShape", "is required.");
  if (!x || !ctx.ok()) return ctx.status();
  if (shape->size() > kMaxRank) return ctx.Fail("newShape", "rank exceeds " + Str(kMaxRank) + ".");
  for (uint32_t d : *shape) {
    if (d == 0) return ctx.Fail("newShape", "dimensions must be greater than 0.");
  }
  auto n = NumElements(*shape);
  if (!n || *n != *NumElements(x->shape)) {
    return ctx.Fail("newShape", "the number of elements of " + ShapeToString(*shape) +
                                    " does not match the input's " + ShapeToString(x->shape) + ".");
  }
  return ctx.Finish({{ctx.last_operand()}, std::make_shared<ParamsAttrs<compiler::CopyParams>>(), {{x->type, *shape}}});
}

// ---- slice ----

Expected<NodeSpec> ValidateSlice(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  auto starts = r.Uint32List("starts");
  auto sizes = r.Uint32List("sizes");
  auto strides = r.Uint32List("options.strides");
  if (ctx.ok() && !starts) ctx.Fail("starts", "is required.");
  if (ctx.ok() && !sizes) ctx.Fail("sizes", "is required.");
  if (!x || !ctx.ok()) return ctx.status();
  size_t rank = x->shape.size();
  if (starts->size() != rank) return ctx.Fail("starts", "should have length " + Str(rank) + ", got " + Str(starts->size()) + ".");
  if (sizes->size() != rank) return ctx.Fail("sizes", "should have length " + Str(rank) + ", got " + Str(sizes->size()) + ".");
  std::vector<uint32_t> st = strides ? *strides : std::vector<uint32_t>(rank, 1);
  if (st.size() != rank) return ctx.Fail("options.strides", "should have length " + Str(rank) + ", got " + Str(st.size()) + ".");
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    uint64_t start = (*starts)[i], size = (*sizes)[i], dim = x->shape[i];
    if (size == 0) return ctx.Fail("sizes", "must be greater than 0.");
    if (st[i] == 0) return ctx.Fail("options.strides", "must be greater than 0.");
    if (start > dim) return ctx.Fail("starts", "start (" + Str(start) + ") is beyond dimension " + Str(i) + " (" + Str(dim) + ").");
    if (start + size > dim) {
      return ctx.Fail("sizes", "start (" + Str(start) + ") + size (" + Str(size) + ") exceeds dimension " + Str(i) +
                                   " (" + Str(dim) + ").");
    }
    out[i] = static_cast<uint32_t>((size + st[i] - 1) / st[i]);
  }
  auto attrs = std::make_shared<ParamsAttrs<compiler::SliceParams>>();
  attrs->params = {*starts, out, st, {}};
  return ctx.Finish({{ctx.last_operand()}, attrs, {{x->type, out}}});
}

// ---- concat ----

std::vector<OperandLimit> ConcatLimits(std::string_view) {
  return {{"inputs", kAll, 1, kMaxRank}, {"output", kAll, 1, kMaxRank}};
}

Expected<NodeSpec> ValidateConcat(ValidationContext& ctx) {
  auto inputs = ctx.OperandList("inputs");
  auto ids = ctx.last_operand_list();
  uint32_t axis = ctx.args().Uint32("axis");
  if (!ctx.ok()) return ctx.status();
  if (inputs.empty() || inputs.size() > kMaxTensorCount) {
    return ctx.Fail("inputs", "the number of inputs (" + Str(inputs.size()) + ") should be between 1 and " + Str(kMaxTensorCount) + ".");
  }
  const OperandDesc& first = *inputs[0];
  if (!CheckAxis(ctx, "axis", axis, first.shape.size())) return ctx.status();
  Shape out = first.shape;
  uint64_t total = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const OperandDesc& d = *inputs[i];
    std::string arg = "inputs[" + Str(i) + "]";
    if (!ctx.CheckSameType(arg, d, "inputs[0]", first)) return ctx.status();
    if (d.shape.size() != first.shape.size()) return ctx.Fail(arg, "rank does not match inputs[0]'s.");
    for (size_t k = 0; k < d.shape.size(); ++k) {
      if (k != axis && d.shape[k] != first.shape[k]) {
        return ctx.Fail(arg, "shape " + ShapeToString(d.shape) + " differs from inputs[0]'s " +
                                 ShapeToString(first.shape) + " outside the concatenation axis.");
      }
    }
    total += d.shape[axis];
  }
  if (total > UINT32_MAX) return ctx.Fail("inputs", "the concatenated dimension is too large.");
  out[axis] = static_cast<uint32_t>(total);
  auto attrs = std::make_shared<ParamsAttrs<compiler::ConcatParams>>();
  attrs->params.axis = axis;
  return ctx.Finish({ids, attrs, {{first.type, out}}});
}

// ---- split ----

struct SplitAttrs : OpAttrs {
  uint32_t axis = 0;
  std::vector<uint32_t> sizes;
};

std::vector<OperandLimit> SplitLimits(std::string_view) {
  return {{"input", kAll, 1, kMaxRank}, {"outputs", kAll, 1, kMaxRank}};
}

Expected<NodeSpec> ValidateSplit(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  uint32_t axis = r.Uint32("options.axis", 0);
  std::vector<uint32_t> sizes;
  std::optional<uint32_t> count;
  if (r.Is("splits", ArgValue::Kind::kNumberList)) {
    if (auto list = r.Uint32List("splits")) sizes = *list;
  } else if (r.Has("splits")) {
    count = r.Uint32("splits");
  } else if (ctx.ok()) {
    ctx.Fail("splits", "is required.");
  }
  if (!x || !ctx.ok()) return ctx.status();
  if (!CheckAxis(ctx, "options.axis", axis, x->shape.size())) return ctx.status();
  uint32_t dim = x->shape[axis];
  // "If splits [or its size] is not a valid tensor count".
  const size_t outputs = count ? *count : sizes.size();
  if (outputs == 0 || outputs > kMaxTensorCount) {
    return ctx.Fail("splits", std::string("the number of ") + (count ? "outputs" : "sizes") + " (" + Str(outputs) +
                                  ") should be between 1 and " + Str(kMaxTensorCount) + ".");
  }
  if (count) {
    if (dim % *count != 0) {
      return ctx.Fail("splits", "(" + Str(*count) + ") must evenly divide the dimension size (" + Str(dim) + ").");
    }
    sizes.assign(*count, dim / *count);
  } else {
    uint64_t sum = 0;
    for (uint32_t s : sizes) {
      if (s == 0) return ctx.Fail("splits", "sizes must be greater than 0.");
      sum += s;
    }
    if (sum != dim) {
      return ctx.Fail("splits", "sizes must sum to the dimension size (" + Str(dim) + "), got " + Str(sum) + ".");
    }
  }
  auto attrs = std::make_shared<SplitAttrs>();
  attrs->axis = axis;
  attrs->sizes = sizes;
  NodeSpec spec{{ctx.last_operand()}, attrs, {}};
  for (uint32_t s : sizes) {
    Shape shape = x->shape;
    shape[axis] = s;
    spec.outputs.push_back({x->type, shape});
  }
  return ctx.Finish(std::move(spec), {"outputs"});
}

Status LowerSplit(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<SplitAttrs>();
  const Shape& in = ctx.desc(node.inputs[0]).shape;
  uint32_t offset = 0;
  for (size_t i = 0; i < a.sizes.size(); ++i) {
    compiler::SliceParams p{std::vector<uint32_t>(in.size(), 0), in, std::vector<uint32_t>(in.size(), 1), {}};
    p.starts[a.axis] = offset;
    p.sizes[a.axis] = a.sizes[i];
    offset += a.sizes[i];
    ctx.Emit(p, {ctx.In(node, 0)}, {ctx.Out(node, i)});
  }
  return Status::Ok();
}

// ---- pad ----

struct PadAttrs : OpAttrs {
  compiler::PadParams params;
};

Expected<NodeSpec> ValidatePad(ValidationContext& ctx) {
  auto& r = ctx.args();
  const OperandDesc* x = ctx.Operand("input");
  auto begin = r.Uint32List("beginningPadding");
  auto end = r.Uint32List("endingPadding");
  PaddingMode mode = ReadEnum(r, "options.mode", PaddingMode::kConstant);
  auto value = r.NumberArg("options.value");
  if (ctx.ok() && !begin) ctx.Fail("beginningPadding", "is required.");
  if (ctx.ok() && !end) ctx.Fail("endingPadding", "is required.");
  if (!x || !ctx.ok()) return ctx.status();
  if (!ctx.CheckNumberFor("options.value", value, x->type)) return ctx.status();
  size_t rank = x->shape.size();
  if (begin->size() != rank) return ctx.Fail("beginningPadding", "should have length " + Str(rank) + ", got " + Str(begin->size()) + ".");
  if (end->size() != rank) return ctx.Fail("endingPadding", "should have length " + Str(rank) + ", got " + Str(end->size()) + ".");
  auto attrs = std::make_shared<PadAttrs>();
  auto& p = attrs->params;
  p.begin = *begin;
  p.end = *end;
  p.mode = mode == PaddingMode::kEdge         ? compiler::PadMode::kEdge
           : mode == PaddingMode::kReflection ? compiler::PadMode::kReflection
                                              : compiler::PadMode::kConstant;
  p.value = value ? CastNumber(*value, x->type).AsDouble() : 0.0;
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    uint64_t size = uint64_t{x->shape[i]} + p.begin[i] + p.end[i];
    if (size > UINT32_MAX) return ctx.Fail("endingPadding", "the padded dimension is too large.");
    if (p.mode == compiler::PadMode::kReflection && (p.begin[i] >= x->shape[i] || p.end[i] >= x->shape[i])) {
      return ctx.Fail(p.begin[i] >= x->shape[i] ? "beginningPadding" : "endingPadding",
                      "reflection padding must be smaller than the dimension size.");
    }
    out[i] = static_cast<uint32_t>(size);
  }
  return ctx.Finish({{ctx.last_operand()}, attrs, {{x->type, out}}});
}

Status LowerPad(LoweringContext& ctx, const Node& node) {
  ctx.Emit(node.Attrs<PadAttrs>().params, {ctx.In(node, 0)}, {ctx.Out(node)});
  return Status::Ok();
}

// ---- expand ----

Expected<NodeSpec> ValidateExpand(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto shape = ctx.args().Uint32List("newShape");
  if (ctx.ok() && !shape) ctx.Fail("newShape", "is required.");
  if (!x || !ctx.ok()) return ctx.status();
  auto out = BroadcastShapes(x->shape, *shape);
  if (!out || *out != *shape) {
    return ctx.Fail("newShape", "the input shape " + ShapeToString(x->shape) + " cannot be broadcast to " +
                                    ShapeToString(*shape) + ".");
  }
  return ctx.Finish({{ctx.last_operand()}, std::make_shared<ParamsAttrs<compiler::ExpandParams>>(), {{x->type, *out}}});
}

// ---- gather ----

std::vector<OperandLimit> GatherLimits(std::string_view) {
  return {{"input", kAll, 1, kMaxRank}, {"indices", data_types::kIndices}, {"output", kAll}};
}

Expected<NodeSpec> ValidateGather(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  OperandId x_id = ctx.last_operand();
  const OperandDesc* indices = ctx.Operand("indices");
  OperandId i_id = ctx.last_operand();
  uint32_t axis = ctx.args().Uint32("options.axis", 0);
  if (!x || !indices || !ctx.ok()) return ctx.status();
  if (!CheckAxis(ctx, "options.axis", axis, x->shape.size())) return ctx.status();
  Shape out(x->shape.begin(), x->shape.begin() + axis);
  out.insert(out.end(), indices->shape.begin(), indices->shape.end());
  out.insert(out.end(), x->shape.begin() + axis + 1, x->shape.end());
  auto attrs = std::make_shared<ParamsAttrs<compiler::GatherParams>>();
  attrs->params.axis = axis;
  return ctx.Finish({{x_id, i_id}, attrs, {{x->type, out}}});
}

// ---- reverse ----

Expected<NodeSpec> ValidateReverse(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto axes = ctx.args().Uint32List("options.axes");
  if (!x || !ctx.ok()) return ctx.status();
  const size_t rank = x->shape.size();
  auto attrs = std::make_shared<ParamsAttrs<compiler::SliceParams>>();
  auto& p = attrs->params;
  p.starts.assign(rank, 0);
  p.sizes = x->shape;
  p.strides.assign(rank, 1);
  p.reverse.assign(rank, axes ? 0 : 1);
  for (uint32_t a : axes.value_or(std::vector<uint32_t>{})) {
    if (a >= rank) return ctx.Fail("options.axes", "axis " + Str(a) + " is out of range for rank " + Str(rank) + ".");
    if (p.reverse[a]) return ctx.Fail("options.axes", "axis " + Str(a) + " is duplicated.");
    p.reverse[a] = 1;
  }
  return ctx.Finish({{ctx.last_operand()}, attrs, {*x}});
}

// ---- tile ----

struct TileAttrs : OpAttrs {
  std::vector<uint32_t> repetitions;
};

Expected<NodeSpec> ValidateTile(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto reps = ctx.args().Uint32List("repetitions");
  if (ctx.ok() && !reps) ctx.Fail("repetitions", "is required.");
  if (!x || !ctx.ok()) return ctx.status();
  const size_t rank = x->shape.size();
  if (reps->size() != rank) return ctx.Fail("repetitions", "should have length " + Str(rank) + ", got " + Str(reps->size()) + ".");
  Shape out = x->shape;
  for (size_t i = 0; i < rank; ++i) {
    if ((*reps)[i] == 0) return ctx.Fail("repetitions", "values should be greater than 0.");
    uint64_t d = uint64_t{out[i]} * (*reps)[i];
    if (d > 0xffffffffu) return ctx.Fail("repetitions", "make dimension " + Str(i) + " too large.");
    out[i] = static_cast<uint32_t>(d);
  }
  auto attrs = std::make_shared<TileAttrs>();
  attrs->repetitions = *reps;
  return ctx.Finish({{ctx.last_operand()}, attrs, {{x->type, out}}});
}

// input [d0, d1, ...] viewed as [1, d0, 1, d1, ...] and broadcast to [r0, d0, r1, d1, ...]: row-major,
// that is the tiled tensor.
Status LowerTile(LoweringContext& ctx, const Node& node) {
  const auto& reps = node.Attrs<TileAttrs>().repetitions;
  compiler::ValueId x = ctx.In(node, 0), out = ctx.Out(node);
  const Shape& in = ctx.value(x).shape;
  Shape view, expanded;
  for (size_t i = 0; i < in.size(); ++i) {
    view.insert(view.end(), {1, in[i]});
    expanded.insert(expanded.end(), {reps[i], in[i]});
  }
  compiler::ValueId y = ctx.NewValue(ctx.value(x).type, expanded);
  ctx.Emit(compiler::ExpandParams{}, {ctx.Reshape(x, view)}, {y});
  ctx.Emit(compiler::CopyParams{}, {y}, {out});
  return Status::Ok();
}

// ---- triangular ----

struct TriangularAttrs : OpAttrs {
  bool upper = true;
  int32_t diagonal = 0;
};

std::vector<OperandLimit> TriangularLimits(std::string_view) { return {{"input", kAll, 2, kMaxRank}, {"output", kAll, 2, kMaxRank}}; }

Expected<NodeSpec> ValidateTriangular(ValidationContext& ctx) {
  const OperandDesc* x = ctx.Operand("input");
  auto attrs = std::make_shared<TriangularAttrs>();
  attrs->upper = ctx.args().Bool("options.upper", true);
  attrs->diagonal = ctx.args().Int32("options.diagonal", 0);
  if (!x || !ctx.ok()) return ctx.status();
  return ctx.Finish({{ctx.last_operand()}, attrs, {*x}});
}

// where(mask, input, 0) with the [rows, columns] mask a build-time constant: the upper triangle keeps
// column - row >= diagonal, the lower one column - row <= diagonal.
Status LowerTriangular(LoweringContext& ctx, const Node& node) {
  const auto& a = node.Attrs<TriangularAttrs>();
  compiler::ValueId x = ctx.In(node, 0);
  const Shape& s = ctx.value(x).shape;
  const uint32_t rows = s[s.size() - 2], cols = s[s.size() - 1];
  std::vector<uint8_t> mask(uint64_t{rows} * cols);
  for (uint32_t i = 0; i < rows; ++i) {
    for (uint32_t j = 0; j < cols; ++j) {
      int64_t k = int64_t{j} - int64_t{i};
      mask[uint64_t{i} * cols + j] = a.upper ? k >= a.diagonal : k <= a.diagonal;
    }
  }
  compiler::ValueId keep = ctx.Constant(DataType::kUint8, {rows, cols}, mask.data());
  compiler::ValueId zero = ctx.Zero(ctx.value(x).type);
  ctx.Emit(compiler::WhereParams{}, {keep, x, zero}, {ctx.Out(node)});
  return Status::Ok();
}

}  // namespace

const OpFamily kReverseFamily = {ValidateReverse, SingleInputAnyType, EmitParams<compiler::SliceParams>};
const OpFamily kTileFamily = {ValidateTile, SingleInputAnyType, LowerTile};
const OpFamily kTriangularFamily = {ValidateTriangular, TriangularLimits, LowerTriangular};
const OpFamily kTransposeFamily = {ValidateTranspose, SingleInputAnyTypeOrFourBit, EmitParams<compiler::TransposeParams>};
const OpFamily kReshapeFamily = {ValidateReshape, SingleInputAnyTypeOrFourBit, EmitParams<compiler::CopyParams>};
const OpFamily kSliceFamily = {ValidateSlice, SingleInputAnyType, EmitParams<compiler::SliceParams>};
const OpFamily kConcatFamily = {ValidateConcat, ConcatLimits, EmitParams<compiler::ConcatParams>};
const OpFamily kSplitFamily = {ValidateSplit, SplitLimits, LowerSplit};
const OpFamily kPadFamily = {ValidatePad, SingleInputAnyType, LowerPad};
const OpFamily kExpandFamily = {ValidateExpand, SingleInputAnyType, EmitParams<compiler::ExpandParams>};
const OpFamily kGatherFamily = {ValidateGather, GatherLimits, EmitParams<compiler::GatherParams>};

}  // namespace webnn::graph
