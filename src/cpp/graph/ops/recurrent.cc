// Spec: #api-mlgraphbuilder-gru, #api-mlgraphbuilder-grucell, #api-mlgraphbuilder-lstm, #api-mlgraphbuilder-lstmcell
//
// The recurrent networks lower to compositions of existing IR nodes: gate matmuls as Gemm (weights
// transposed by the GEMM packing), gate activations as Unary and state updates as Binary. gru and lstm
// unroll their `steps` at lowering time and call the cell helpers (the same ones gruCell and lstmCell
// use) once per step and direction; the input projection of all steps of a direction is one Gemm
// ([steps * batchSize, inputSize] x weightᵀ).
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <tuple>

#include "graph/idl_enums.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/ops/layout.h"
#include "graph/validation_context.h"

namespace webnn::graph {
namespace {

using compiler::kNoValue;
using compiler::ValueId;

enum class Kind : uint8_t { kGru, kGruCell, kLstm, kLstmCell };

bool IsLstm(Kind k) { return k == Kind::kLstm || k == Kind::kLstmCell; }
bool IsCell(Kind k) { return k == Kind::kGruCell || k == Kind::kLstmCell; }
uint32_t GateCount(Kind k) { return IsLstm(k) ? 4 : 3; }

struct RecurrentAttrs : OpAttrs {
  uint32_t steps = 1, hidden_size = 0;
  bool reset_after = true, return_sequence = false;
  RecurrentDirection direction = RecurrentDirection::kForward;
  GruWeightLayout gru_layout = GruWeightLayout::kZrn;
  LstmWeightLayout lstm_layout = LstmWeightLayout::kIofg;
  std::vector<RecurrentActivation> activations;
  // Which optional inputs follow the required ones, in this order.
  bool has_bias = false, has_recurrent_bias = false, has_peephole = false;
  bool has_initial_hidden = false, has_initial_cell = false;
};

// ---- limits ----

std::vector<OperandLimit> LimitRows(std::initializer_list<std::pair<const char*, uint32_t>> rows) {
  std::vector<OperandLimit> out;
  for (const auto& [name, rank] : rows) out.push_back({name, data_types::kFloat, rank, rank});
  return out;
}

std::vector<OperandLimit> GruLimits(std::string_view) {
  return LimitRows({{"input", 3}, {"weight", 3}, {"recurrentWeight", 3}, {"bias", 2}, {"recurrentBias", 2},
               {"initialHiddenState", 3}, {"output0", 3}, {"output1", 4}});
}
std::vector<OperandLimit> GruCellLimits(std::string_view) {
  return LimitRows({{"input", 2}, {"weight", 2}, {"recurrentWeight", 2}, {"hiddenState", 2}, {"bias", 1},
               {"recurrentBias", 1}, {"output", 2}});
}
std::vector<OperandLimit> LstmLimits(std::string_view) {
  return LimitRows({{"input", 3}, {"weight", 3}, {"recurrentWeight", 3}, {"bias", 2}, {"recurrentBias", 2},
               {"peepholeWeight", 2}, {"initialHiddenState", 3}, {"initialCellState", 3}, {"output0", 3},
               {"output1", 3}, {"output2", 4}});
}
std::vector<OperandLimit> LstmCellLimits(std::string_view) {
  return LimitRows({{"input", 2}, {"weight", 2}, {"recurrentWeight", 2}, {"hiddenState", 2}, {"cellState", 2},
               {"bias", 1}, {"recurrentBias", 1}, {"peepholeWeight", 1}, {"output0", 2}, {"output1", 2}});
}

// ---- validation ----

// One operand argument: read first (the spec's "validating operand" step), checked later in the
// order of the spec's steps.
struct Arg {
  std::string name;  // "input", "options.bias", ...
  const OperandDesc* desc = nullptr;
  OperandId id = 0;
};

std::string DimsToString(const std::vector<uint64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

class RecurrentValidator {
 public:
  RecurrentValidator(ValidationContext& ctx, Kind kind) : ctx_(ctx), kind_(kind) {}

  Arg Read(const std::string& name, bool required) {
    Arg a{name};
    // A limit row that does not exist: only "is an operand of this builder" is checked here.
    a.desc = ctx_.Operand(name, required, "-");
    if (a.desc) a.id = ctx_.last_operand();
    return a;
  }

  // The data type is allowed (float32/float16) and, for all but `input`, the same as the input's.
  bool CheckType(const Arg& a, const Arg& input) {
    const OperandDesc& d = *a.desc;
    if (!data_types::kFloat.Has(d.type)) {
      ctx_.Fail(a.name, std::string("Unsupported data type ") + DataTypeName(d.type) + ", must be one of " +
                            data_types::kFloat.ToString() + ".");
      return false;
    }
    return &a == &input || ctx_.CheckSameType(a.name, d, "input", *input.desc);
  }

  bool CheckRank(const Arg& a, uint32_t rank) {
    if (a.desc->shape.size() == rank) return true;
    ctx_.Fail(a.name, "should be a " + std::to_string(rank) + "-D tensor, got " +
                          std::to_string(a.desc->shape.size()) + "-D.");
    return false;
  }

  bool CheckShape(const Arg& a, const std::vector<uint64_t>& expected) {
    const Shape& s = a.desc->shape;
    bool equal = s.size() == expected.size();
    for (size_t i = 0; equal && i < s.size(); ++i) equal = s[i] == expected[i];
    if (equal) return true;
    ctx_.Fail(a.name, "shape should be " + DimsToString(expected) + ", got " + ShapeToString(s) + ".");
    return false;
  }

  // An optional operand (bias, ...): data type, then shape (which implies the rank).
  bool CheckOptional(const Arg& a, const Arg& input, const std::vector<uint64_t>& expected) {
    if (!a.desc) return true;
    return CheckType(a, input) && CheckShape(a, expected);
  }

  Expected<NodeSpec> Run();

 private:
  ValidationContext& ctx_;
  Kind kind_;
};

Expected<NodeSpec> RecurrentValidator::Run() {
  auto& r = ctx_.args();
  const bool cell = IsCell(kind_), lstm = IsLstm(kind_);
  const uint64_t gates = GateCount(kind_);
  // Arguments after WebIDL conversion.
  Arg input = Read("input", true);
  Arg weight = Read("weight", true);
  Arg recurrent_weight = Read("recurrentWeight", true);
  Arg hidden_state, cell_state;
  if (cell) hidden_state = Read("hiddenState", true);
  if (kind_ == Kind::kLstmCell) cell_state = Read("cellState", true);
  auto attrs = std::make_shared<RecurrentAttrs>();
  if (!cell) attrs->steps = r.Uint32("steps");
  attrs->hidden_size = r.Uint32("hiddenSize");
  Arg bias = Read("options.bias", false);
  Arg recurrent_bias = Read("options.recurrentBias", false);
  Arg peephole, initial_hidden, initial_cell;
  if (lstm) peephole = Read("options.peepholeWeight", false);
  if (!cell) initial_hidden = Read("options.initialHiddenState", false);
  if (kind_ == Kind::kLstm) initial_cell = Read("options.initialCellState", false);
  if (!lstm) attrs->reset_after = r.Bool("options.resetAfter", true);
  if (!cell) {
    attrs->return_sequence = r.Bool("options.returnSequence", false);
    attrs->direction = ReadEnum(r, "options.direction", RecurrentDirection::kForward);
  }
  if (lstm) {
    attrs->lstm_layout = ReadEnum(r, "options.layout", LstmWeightLayout::kIofg);
  } else {
    attrs->gru_layout = ReadEnum(r, "options.layout", GruWeightLayout::kZrn);
  }
  std::optional<std::vector<std::string>> activations = r.StringList("options.activations");
  if (!input.desc || !weight.desc || !recurrent_weight.desc || (cell && !hidden_state.desc) ||
      (kind_ == Kind::kLstmCell && !cell_state.desc) || !ctx_.ok()) {
    return ctx_.status();
  }
  // Each activation is an MLRecurrentNetworkActivation (checked by the bindings too; the module is
  // callable directly).
  std::vector<RecurrentActivation> acts;
  if (activations) {
    for (size_t i = 0; i < activations->size(); ++i) {
      const std::string& s = (*activations)[i];
      const auto& values = IdlEnum<RecurrentActivation>::kValues;
      size_t v = 0;
      while (v < std::size(values) && s != values[v]) ++v;
      if (v == std::size(values)) {
        return ctx_.Fail("options.activations[" + std::to_string(i) + "]",
                         "'" + s + "' is not a valid value for enum MLRecurrentNetworkActivation.");
      }
      acts.push_back(static_cast<RecurrentActivation>(v));
    }
  }

  const uint64_t num_directions = attrs->direction == RecurrentDirection::kBoth ? 2 : 1;
  const uint64_t hidden = attrs->hidden_size;
  // Data types, then ranks, of the required operands.
  std::vector<const Arg*> required = {&input, &weight, &recurrent_weight};
  if (cell) required.push_back(&hidden_state);
  if (kind_ == Kind::kLstmCell) required.push_back(&cell_state);
  for (const Arg* a : required) {
    if (!CheckType(*a, input)) return ctx_.status();
  }
  const uint32_t rank = cell ? 2 : 3;
  for (const Arg* a : required) {
    if (!CheckRank(*a, rank)) return ctx_.status();
  }
  uint64_t batch, input_size;
  if (cell) {
    batch = input.desc->shape[0];
    input_size = input.desc->shape[1];
    if (!CheckShape(weight, {gates * hidden, input_size})) return ctx_.status();
    if (!CheckShape(recurrent_weight, {gates * hidden, hidden})) return ctx_.status();
    if (!CheckShape(hidden_state, {batch, hidden})) return ctx_.status();
    if (cell_state.desc && !CheckShape(cell_state, {batch, hidden})) return ctx_.status();
  } else {
    if (attrs->steps == 0) return ctx_.Fail("steps", "should be greater than 0.");
    if (input.desc->shape[0] != attrs->steps) {
      return ctx_.Fail("input", "shape[0] (" + std::to_string(input.desc->shape[0]) + ") should be equal to steps (" +
                                    std::to_string(attrs->steps) + ").");
    }
    batch = input.desc->shape[1];
    input_size = input.desc->shape[2];
    if (!CheckShape(weight, {num_directions, gates * hidden, input_size})) return ctx_.status();
    if (!CheckShape(recurrent_weight, {num_directions, gates * hidden, hidden})) return ctx_.status();
  }
  // hiddenSize * 6 (gru) or * 8 (lstm) is a valid dimension.
  uint64_t twice = 2 * gates * hidden;
  if (twice == 0 || twice > static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) {
    return ctx_.Fail("hiddenSize", "hiddenSize * " + std::to_string(2 * gates) + " (" + std::to_string(twice) +
                                       ") is not a valid dimension.");
  }
  std::vector<uint64_t> lead = cell ? std::vector<uint64_t>{} : std::vector<uint64_t>{num_directions};
  auto with_lead = [&](std::vector<uint64_t> dims) {
    dims.insert(dims.begin(), lead.begin(), lead.end());
    return dims;
  };
  if (!CheckOptional(bias, input, with_lead({gates * hidden}))) return ctx_.status();
  if (!CheckOptional(recurrent_bias, input, with_lead({gates * hidden}))) return ctx_.status();
  if (!CheckOptional(peephole, input, with_lead({3 * hidden}))) return ctx_.status();
  if (!CheckOptional(initial_hidden, input, {num_directions, batch, hidden})) return ctx_.status();
  if (!CheckOptional(initial_cell, input, {num_directions, batch, hidden})) return ctx_.status();
  const size_t act_count = lstm ? 3 : 2;
  if (activations) {
    if (acts.size() != act_count) {
      return ctx_.Fail("options.activations", "should have " + std::to_string(act_count) + " items, got " +
                                                  std::to_string(acts.size()) + ".");
    }
    attrs->activations = acts;
  } else if (lstm) {
    attrs->activations = {RecurrentActivation::kSigmoid, RecurrentActivation::kTanh, RecurrentActivation::kTanh};
  } else {
    attrs->activations = {RecurrentActivation::kSigmoid, RecurrentActivation::kTanh};
  }

  // Shapes of the outputs.
  DataType type = input.desc->type;
  uint32_t b32 = static_cast<uint32_t>(batch), h32 = attrs->hidden_size;
  uint32_t nd32 = static_cast<uint32_t>(num_directions);
  std::vector<OperandDesc> outputs;
  std::vector<std::string> rows;
  switch (kind_) {
    case Kind::kGruCell:
      outputs = {{type, {b32, h32}}};
      rows = {"output"};
      break;
    case Kind::kLstmCell:
      outputs = {{type, {b32, h32}}, {type, {b32, h32}}};
      rows = {"output0", "output1"};
      break;
    case Kind::kGru:
      outputs = {{type, {nd32, b32, h32}}};
      rows = {"output0", "output1"};
      break;
    case Kind::kLstm:
      outputs = {{type, {nd32, b32, h32}}, {type, {nd32, b32, h32}}};
      rows = {"output0", "output1", "output2"};
      break;
  }
  if (attrs->return_sequence) outputs.push_back({type, {attrs->steps, nd32, b32, h32}});

  std::vector<OperandId> inputs;
  for (const Arg* a : required) inputs.push_back(a->id);
  for (auto [a, flag] : {std::pair{&bias, &attrs->has_bias}, std::pair{&recurrent_bias, &attrs->has_recurrent_bias},
                         std::pair{&peephole, &attrs->has_peephole},
                         std::pair{&initial_hidden, &attrs->has_initial_hidden},
                         std::pair{&initial_cell, &attrs->has_initial_cell}}) {
    if (!a->desc) continue;
    inputs.push_back(a->id);
    *flag = true;
  }
  return ctx_.Finish({inputs, attrs, outputs}, rows);
}

Expected<NodeSpec> ValidateGru(ValidationContext& ctx) { return RecurrentValidator(ctx, Kind::kGru).Run(); }
Expected<NodeSpec> ValidateGruCell(ValidationContext& ctx) { return RecurrentValidator(ctx, Kind::kGruCell).Run(); }
Expected<NodeSpec> ValidateLstm(ValidationContext& ctx) { return RecurrentValidator(ctx, Kind::kLstm).Run(); }
Expected<NodeSpec> ValidateLstmCell(ValidationContext& ctx) { return RecurrentValidator(ctx, Kind::kLstmCell).Run(); }

// ---- lowering ----

// Emits float32 IR. kNoValue stands for a tensor of zeros (an absent bias or initial state), so that
// terms it would contribute are left out: Add(x, none) = x, Mul(x, none) = none.
class Emitter {
 public:
  explicit Emitter(LoweringContext& ctx) : ctx_(ctx) {}

  const Shape& shape(ValueId v) const { return ctx_.value(v).shape; }

  ValueId Binary(compiler::BinaryOp op, ValueId a, ValueId b, ValueId dst = kNoValue) {
    if (dst == kNoValue) dst = ctx_.NewValue(DataType::kFloat32, *BroadcastShapes(shape(a), shape(b)));
    ctx_.Emit(compiler::BinaryParams{op, {}}, {a, b}, {dst});
    return dst;
  }
  ValueId Add(ValueId a, ValueId b, ValueId dst = kNoValue) {
    if (a == kNoValue || b == kNoValue) return Store(a == kNoValue ? b : a, dst);
    return Binary(compiler::BinaryOp::kAdd, a, b, dst);
  }
  ValueId Mul(ValueId a, ValueId b, ValueId dst = kNoValue) {
    if (a == kNoValue || b == kNoValue) return kNoValue;
    return Binary(compiler::BinaryOp::kMul, a, b, dst);
  }
  ValueId Activation(RecurrentActivation act, ValueId x, ValueId dst = kNoValue) {
    static constexpr compiler::UnaryOp kOps[] = {compiler::UnaryOp::kRelu, compiler::UnaryOp::kSigmoid,
                                                 compiler::UnaryOp::kTanh};
    if (dst == kNoValue) dst = ctx_.NewValue(DataType::kFloat32, shape(x));
    compiler::UnaryParams p;
    p.op = kOps[static_cast<size_t>(act)];
    ctx_.Emit(p, {x}, {dst});
    return dst;
  }
  // x copied into dst (when given and different).
  ValueId Store(ValueId x, ValueId dst) {
    if (dst == kNoValue || x == kNoValue || x == dst) return x;
    ctx_.Emit(compiler::CopyParams{}, {x}, {dst});
    return dst;
  }
  // x[:, start : start + size] of a 2-D value.
  ValueId Columns(ValueId x, uint32_t start, uint32_t size) {
    if (x == kNoValue) return kNoValue;
    uint32_t rows = shape(x)[0];
    if (start == 0 && size == shape(x)[1]) return x;
    ValueId y = ctx_.NewValue(DataType::kFloat32, {rows, size});
    ctx_.Emit(compiler::SliceParams{{0, start}, {rows, size}, {1, 1}, {}}, {x}, {y});
    return y;
  }
  // x[start : start + size, :] of a 2-D value.
  ValueId Rows(ValueId x, uint32_t start, uint32_t size) {
    if (x == kNoValue) return kNoValue;
    uint32_t cols = shape(x)[1];
    if (start == 0 && size == shape(x)[0]) return x;
    ValueId y = ctx_.NewValue(DataType::kFloat32, {size, cols});
    ctx_.Emit(compiler::SliceParams{{start, 0}, {size, cols}, {1, 1}, {}}, {x}, {y});
    return y;
  }
  // x[index] of a value with a leading dimension, as a value of shape `shape`.
  ValueId Index(ValueId x, uint32_t index, Shape out_shape) {
    if (x == kNoValue) return kNoValue;
    Shape s = shape(x);
    if (s[0] == 1) return ctx_.Reshape(x, std::move(out_shape));
    std::vector<uint32_t> starts(s.size(), 0), strides(s.size(), 1);
    starts[0] = index;
    Shape sizes = s;
    sizes[0] = 1;
    ValueId y = ctx_.NewValue(DataType::kFloat32, sizes);
    ctx_.Emit(compiler::SliceParams{starts, sizes, strides, {}}, {x}, {y});
    return ctx_.Reshape(y, std::move(out_shape));
  }
  // a [M, K] x b [N, K]ᵀ.
  ValueId GemmBt(ValueId a, ValueId b) {
    ValueId y = ctx_.NewValue(DataType::kFloat32, {shape(a)[0], shape(b)[0]});
    compiler::GemmParams p;
    p.b_transpose = true;
    ctx_.Emit(p, {a, b}, {y});
    return y;
  }
  ValueId One() {
    if (one_ == kNoValue) {
      float one = 1.0f;
      one_ = ctx_.Constant(DataType::kFloat32, {}, &one);
    }
    return one_;
  }

 private:
  LoweringContext& ctx_;
  ValueId one_ = kNoValue;
};

// The cells follow the spec's order of operations, (bias + recurrentBias) + (x·Wᵀ + h·Rᵀ), so that
// results round as the reference does (a bias folded into the GEMM's accumulator differs by a few
// ULP after a few steps). The sum of the biases is computed once per direction (folded when constant).
struct CellWeights {
  ValueId r_weight;             // [G * H, H]
  ValueId bias, r_bias;         // [1, G * H] or none
  ValueId bias_sum;             // bias + r_bias, [1, G * H] or none
  ValueId peephole = kNoValue;  // lstm: [1, 3H] (i, o, f) or none
};

CellWeights MakeCellWeights(Emitter& e, ValueId r_weight, ValueId bias, ValueId r_bias, ValueId peephole) {
  return {r_weight, bias, r_bias, e.Add(bias, r_bias), peephole};
}

// One GRU step. xw: x·Wᵀ, [B, 3H]. h: [B, H] or none (zeros). Writes the new hidden state to `dst`
// when given; returns it.
struct GruCellArgs {
  uint32_t hidden;
  GruWeightLayout layout;
  bool reset_after;
  RecurrentActivation gate_act, new_act;
};

ValueId EmitGruCell(Emitter& e, const GruCellArgs& a, const CellWeights& w, ValueId xw, ValueId h, ValueId dst) {
  const uint32_t H = a.hidden;
  // z and r are the first 2H rows in both layouts.
  const uint32_t z_off = a.layout == GruWeightLayout::kZrn ? 0 : H;
  const uint32_t r_off = a.layout == GruWeightLayout::kZrn ? H : 0;
  ValueId hr = kNoValue;  // h·Rᵀ for the gates computed from h directly
  if (h != kNoValue) hr = a.reset_after ? e.GemmBt(h, w.r_weight) : e.GemmBt(h, e.Rows(w.r_weight, 0, 2 * H));
  ValueId zr = e.Activation(
      a.gate_act, e.Add(e.Columns(w.bias_sum, 0, 2 * H), e.Add(e.Columns(xw, 0, 2 * H), e.Columns(hr, 0, 2 * H))));
  ValueId z = e.Columns(zr, z_off, H), r = e.Columns(zr, r_off, H);
  ValueId n_pre;
  if (a.reset_after) {
    // n = act(bn + (x·Wnᵀ + r * (rbn + h·Rnᵀ)))
    ValueId hn = e.Add(e.Columns(w.r_bias, 2 * H, H), e.Columns(hr, 2 * H, H));
    n_pre = e.Add(e.Columns(w.bias, 2 * H, H), e.Add(e.Columns(xw, 2 * H, H), e.Mul(r, hn)));
  } else {
    // n = act((bn + rbn) + (x·Wnᵀ + (r * h)·Rnᵀ))
    ValueId rh = e.Mul(r, h);
    ValueId hn = rh == kNoValue ? kNoValue : e.GemmBt(rh, e.Rows(w.r_weight, 2 * H, H));
    n_pre = e.Add(e.Columns(w.bias_sum, 2 * H, H), e.Add(e.Columns(xw, 2 * H, H), hn));
  }
  ValueId n = e.Activation(a.new_act, n_pre);
  // h' = z * h + n * (1 - z)
  ValueId one_minus_z = e.Binary(compiler::BinaryOp::kSub, e.One(), z);
  return e.Add(e.Mul(z, h), e.Mul(n, one_minus_z), dst);
}

// One LSTM step. xw: x·Wᵀ, [B, 4H]. h, c: [B, H] or none. Writes the new states to h_dst / c_dst
// when given; returns {h', c'}.
struct LstmCellArgs {
  uint32_t hidden;
  LstmWeightLayout layout;
  RecurrentActivation gate_act, cell_act, out_act;
};

std::pair<ValueId, ValueId> EmitLstmCell(Emitter& e, const LstmCellArgs& a, const CellWeights& w, ValueId xw,
                                         ValueId h, ValueId c, ValueId h_dst, ValueId c_dst) {
  const uint32_t H = a.hidden;
  const bool iofg = a.layout == LstmWeightLayout::kIofg;
  const uint32_t i_off = 0, o_off = iofg ? H : 3 * H, f_off = iofg ? 2 * H : H, g_off = iofg ? 3 * H : 2 * H;
  ValueId hr = h == kNoValue ? kNoValue : e.GemmBt(h, w.r_weight);
  ValueId pre = e.Add(w.bias_sum, e.Add(xw, hr));
  // gate = act(c * peephole + pre); the peephole terms use the incoming cell state (i, o, f packing).
  auto gate = [&](RecurrentActivation act, uint32_t off, int peephole_index) {
    ValueId p = peephole_index < 0 ? kNoValue : e.Mul(c, e.Columns(w.peephole, peephole_index * H, H));
    return e.Activation(act, e.Add(p, e.Columns(pre, off, H)));
  };
  ValueId i = gate(a.gate_act, i_off, 0);
  ValueId f = gate(a.gate_act, f_off, 2);
  ValueId g = gate(a.cell_act, g_off, -1);
  ValueId o = gate(a.gate_act, o_off, 1);
  // c' = f * c + i * g; h' = o * act(c')
  ValueId c_new = e.Add(e.Mul(f, c), e.Mul(i, g), c_dst);
  ValueId h_new = e.Mul(o, e.Activation(a.out_act, c_new), h_dst);
  return {h_new, c_new};
}

// The node's optional inputs, by the flags the validation recorded.
struct Inputs {
  ValueId x, weight, recurrent_weight, hidden = kNoValue, cell = kNoValue;
  ValueId bias = kNoValue, recurrent_bias = kNoValue, peephole = kNoValue;
  ValueId initial_hidden = kNoValue, initial_cell = kNoValue;
};

Inputs ReadInputs(LoweringContext& ctx, Float32Compute& f32, const Node& node, Kind kind) {
  const auto& a = node.Attrs<RecurrentAttrs>();
  size_t next = 0;
  auto in = [&] { return f32.In(ctx.In(node, next++)); };
  Inputs r;
  r.x = in();
  r.weight = in();
  r.recurrent_weight = in();
  if (IsCell(kind)) r.hidden = in();
  if (kind == Kind::kLstmCell) r.cell = in();
  if (a.has_bias) r.bias = in();
  if (a.has_recurrent_bias) r.recurrent_bias = in();
  if (a.has_peephole) r.peephole = in();
  if (a.has_initial_hidden) r.initial_hidden = in();
  if (a.has_initial_cell) r.initial_cell = in();
  return r;
}

Status LowerCell(LoweringContext& ctx, const Node& node, Kind kind) {
  const auto& a = node.Attrs<RecurrentAttrs>();
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  Emitter e(ctx);
  Inputs in = ReadInputs(ctx, f32, node, kind);
  const uint32_t H = a.hidden_size, gates = GateCount(kind);
  auto row = [&](ValueId v, uint32_t size) { return v == kNoValue ? v : ctx.Reshape(v, {1, size}); };
  ValueId xw = e.GemmBt(in.x, in.weight);
  CellWeights w = MakeCellWeights(e, in.recurrent_weight, row(in.bias, gates * H), row(in.recurrent_bias, gates * H),
                                  row(in.peephole, 3 * H));
  if (kind == Kind::kGruCell) {
    ValueId out = ctx.Out(node);
    ValueId y = f32.Out(out);
    GruCellArgs args{H, a.gru_layout, a.reset_after, a.activations[0], a.activations[1]};
    EmitGruCell(e, args, w, xw, in.hidden, y);
    f32.Finish(y, out);
  } else {
    ValueId h_out = ctx.Out(node, 0), c_out = ctx.Out(node, 1);
    ValueId h = f32.Out(h_out), c = f32.Out(c_out);
    LstmCellArgs args{H, a.lstm_layout, a.activations[0], a.activations[1], a.activations[2]};
    EmitLstmCell(e, args, w, xw, in.hidden, in.cell, h, c);
    f32.Finish(h, h_out);
    f32.Finish(c, c_out);
  }
  return Status::Ok();
}

Status LowerSequence(LoweringContext& ctx, const Node& node, Kind kind) {
  const auto& a = node.Attrs<RecurrentAttrs>();
  Float32Compute f32{ctx, ctx.desc(node.inputs[0]).type};
  Emitter e(ctx);
  Inputs in = ReadInputs(ctx, f32, node, kind);
  const bool lstm = kind == Kind::kLstm;
  const uint32_t H = a.hidden_size, gates = GateCount(kind), steps = a.steps;
  const Shape xs = e.shape(in.x);
  const uint32_t B = xs[1], I = xs[2];
  const uint32_t num_directions = a.direction == RecurrentDirection::kBoth ? 2 : 1;
  ValueId x2d = ctx.Reshape(in.x, {steps * B, I});

  // Per direction: the final states, and the hidden state of each time step (indexed by time).
  std::vector<ValueId> final_h(num_directions), final_c(num_directions);
  std::vector<std::vector<ValueId>> sequence(num_directions, std::vector<ValueId>(steps));
  for (uint32_t d = 0; d < num_directions; ++d) {
    const bool backward = d == 1 || a.direction == RecurrentDirection::kBackward;
    ValueId w = e.Index(in.weight, d, {gates * H, I});
    ValueId rw = e.Index(in.recurrent_weight, d, {gates * H, H});
    CellWeights cw = MakeCellWeights(e, rw, e.Index(in.bias, d, {1, gates * H}),
                                     e.Index(in.recurrent_bias, d, {1, gates * H}),
                                     e.Index(in.peephole, d, {1, 3 * H}));
    ValueId h = e.Index(in.initial_hidden, d, {B, H});
    ValueId c = e.Index(in.initial_cell, d, {B, H});
    // x·Wᵀ for every step at once: [steps * B, gates * H].
    ValueId xw_all = e.GemmBt(x2d, w);
    for (uint32_t s = 0; s < steps; ++s) {
      uint32_t t = backward ? steps - 1 - s : s;
      ValueId xw = e.Rows(xw_all, t * B, B);
      if (lstm) {
        LstmCellArgs args{H, a.lstm_layout, a.activations[0], a.activations[1], a.activations[2]};
        std::tie(h, c) = EmitLstmCell(e, args, cw, xw, h, c, kNoValue, kNoValue);
      } else {
        GruCellArgs args{H, a.gru_layout, a.reset_after, a.activations[0], a.activations[1]};
        h = EmitGruCell(e, args, cw, xw, h, kNoValue);
      }
      sequence[d][t] = h;
    }
    final_h[d] = h;
    final_c[d] = c;
  }

  // Concatenates [B, H] states (as [1, B, H]) along axis 0 into `out` (shape [count, ...]).
  auto concat_into = [&](const std::vector<ValueId>& parts, ValueId out) {
    if (parts.size() == 1) {
      e.Store(parts[0], out);
      return;
    }
    std::vector<ValueId> ins;
    for (ValueId p : parts) ins.push_back(ctx.Reshape(p, {1, B, H}));
    uint32_t count = static_cast<uint32_t>(parts.size());
    ValueId y = e.shape(out).size() == 3 ? out : ctx.NewValue(DataType::kFloat32, {count, B, H});
    ctx.Emit(compiler::ConcatParams{0}, ins, {y});
    e.Store(y, out);
  };
  size_t next_out = 0;
  auto output = [&](const std::vector<ValueId>& parts) {
    ValueId out = ctx.Out(node, next_out++);
    ValueId y = f32.Out(out);
    concat_into(parts, y);
    f32.Finish(y, out);
  };
  output(final_h);
  if (lstm) output(final_c);
  if (a.return_sequence) {
    std::vector<ValueId> parts;  // [steps, numDirections] order
    for (uint32_t t = 0; t < steps; ++t) {
      for (uint32_t d = 0; d < num_directions; ++d) parts.push_back(sequence[d][t]);
    }
    output(parts);
  }
  return Status::Ok();
}

Status LowerGru(LoweringContext& ctx, const Node& node) { return LowerSequence(ctx, node, Kind::kGru); }
Status LowerGruCell(LoweringContext& ctx, const Node& node) { return LowerCell(ctx, node, Kind::kGruCell); }
Status LowerLstm(LoweringContext& ctx, const Node& node) { return LowerSequence(ctx, node, Kind::kLstm); }
Status LowerLstmCell(LoweringContext& ctx, const Node& node) { return LowerCell(ctx, node, Kind::kLstmCell); }

}  // namespace

const OpFamily kGruFamily = {ValidateGru, GruLimits, LowerGru};
const OpFamily kGruCellFamily = {ValidateGruCell, GruCellLimits, LowerGruCell};
const OpFamily kLstmFamily = {ValidateLstm, LstmLimits, LowerLstm};
const OpFamily kLstmCellFamily = {ValidateLstmCell, LstmCellLimits, LowerLstmCell};

}  // namespace webnn::graph
