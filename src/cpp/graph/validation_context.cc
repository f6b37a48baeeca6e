#include "graph/validation_context.h"

#include "graph/cast_number.h"

namespace webnn::graph {

bool ValidationContext::CheckNumberFor(const std::string& arg, const std::optional<Number>& n, DataType type) {
  if (!n || BigIntAllowed(*n, type)) return true;
  Fail(arg, BigIntRefusal(type));
  return false;
}

std::string DimensionsProblem(DataType type, const Shape& shape) {
  constexpr uint64_t kMaxDimension = INT32_MAX;  // the range of the IDL long
  for (uint32_t d : shape) {
    if (d == 0 || d > kMaxDimension) {
      return "dimensions must be between 1 and " + std::to_string(kMaxDimension) + ", got " + ShapeToString(shape) + ".";
    }
  }
  if (shape.size() > kMaxRank) return "rank " + std::to_string(shape.size()) + " exceeds the maximum of " + std::to_string(kMaxRank) + ".";
  uint64_t count = 1;
  for (uint32_t d : shape) {
    count *= d;
    if (count > kMaxDimension) return "a tensor of shape " + ShapeToString(shape) + " is too large (more than 2^31 - 1 elements).";
  }
  auto bytes = ByteLength(type, shape);
  if (!bytes || *bytes > kMaxTensorByteLength) return "a tensor of shape " + ShapeToString(shape) + " is too large.";
  return "";
}

std::string MessagePrefix(const std::string& op, const std::string& label) {
  return label.empty() ? op : "[" + label + "] " + op;
}

std::optional<Shape> BroadcastShapes(const Shape& a, const Shape& b) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    uint32_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    uint32_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1) return std::nullopt;
    out[i] = da == 1 ? db : da;
  }
  return out;
}

ValidationContext::ValidationContext(const Graph& graph, const OpInfo& op, const Arguments& args,
                                     const std::string& label)
    : graph_(graph), op_name_(op.name), limits_(op.family->limits(op.name)),
      reader_(args, MessagePrefix(op.name, label)) {}

const OperandLimit* ValidationContext::Limit(const std::string& name) const {
  for (const auto& l : limits_) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

bool ValidationContext::CheckLimits(const std::string& arg, const std::string& limit, const OperandDesc& desc) {
  const OperandLimit* l = Limit(limit);
  if (!l) return true;
  if (!l->types.Has(desc.type)) {
    Fail(arg, std::string("Unsupported data type ") + DataTypeName(desc.type) + ", must be one of " +
                  l->types.ToString() + ".");
    return false;
  }
  uint32_t rank = static_cast<uint32_t>(desc.shape.size());
  if (rank < l->min_rank || rank > l->max_rank) {
    if (l->min_rank == l->max_rank) {
      Fail(arg, "should be a " + std::to_string(l->min_rank) + "-D tensor, got " + std::to_string(rank) + "-D.");
    } else {
      Fail(arg, "rank " + std::to_string(rank) + " is outside the supported range [" + std::to_string(l->min_rank) +
                    ", " + std::to_string(l->max_rank) + "].");
    }
    return false;
  }
  return true;
}

bool ValidationContext::CheckSameType(const std::string& arg, const OperandDesc& desc, const std::string& other_arg,
                                      const OperandDesc& other) {
  if (desc.type == other.type) return true;
  Fail(arg, std::string("data type ") + DataTypeName(desc.type) + " does not match " + other_arg + "'s " +
                DataTypeName(other.type) + ".");
  return false;
}

const OperandDesc* ValidationContext::Operand(const std::string& arg, bool required, const std::string& limit) {
  auto id = reader_.Operand(arg, required);
  if (!id) return nullptr;
  if (*id >= graph_.operands.size()) {
    Fail(arg, "is not an operand of this builder.");
    return nullptr;
  }
  last_operand_ = *id;
  const OperandDesc& desc = graph_.operands[*id].desc;
  // The builder's argument name ("options.bias") maps to the limit row's name ("bias").
  std::string row = limit.empty() ? arg.substr(arg.rfind('.') + 1) : limit;
  return CheckLimits(arg, row, desc) ? &desc : nullptr;
}

std::vector<const OperandDesc*> ValidationContext::OperandList(const std::string& arg, const std::string& limit) {
  std::vector<const OperandDesc*> out;
  last_list_ = reader_.OperandList(arg);
  for (size_t i = 0; i < last_list_.size(); ++i) {
    if (last_list_[i] >= graph_.operands.size()) {
      Fail(arg, "is not an operand of this builder.");
      return {};
    }
    const OperandDesc& desc = graph_.operands[last_list_[i]].desc;
    if (!CheckLimits(arg + "[" + std::to_string(i) + "]", limit.empty() ? arg : limit, desc)) return {};
    out.push_back(&desc);
  }
  return out;
}

Expected<NodeSpec> ValidationContext::Finish(NodeSpec spec, std::vector<std::string> output_limits) {
  if (!ok()) return status();
  for (size_t i = 0; i < spec.outputs.size(); ++i) {
    const OperandDesc& d = spec.outputs[i];
    std::string problem = DimensionsProblem(d.type, d.shape);
    if (!problem.empty()) return Fail("output", problem);
    const std::string& row = output_limits[std::min(i, output_limits.size() - 1)];
    if (!CheckLimits("output", row, d)) return status();
  }
  return spec;
}

}  // namespace webnn::graph
