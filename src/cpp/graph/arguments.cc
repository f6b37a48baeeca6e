#include "graph/arguments.h"

#include <cmath>

namespace webnn::graph {

const ArgValue* Arguments::Get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end() || it->second.kind == ArgValue::Kind::kUndefined) return nullptr;
  return &it->second;
}

bool ArgReader::Has(const std::string& name) const { return args_.Get(name) != nullptr; }

bool ArgReader::Is(const std::string& name, ArgValue::Kind kind) const {
  const ArgValue* v = args_.Get(name);
  return v != nullptr && v->kind == kind;
}

const Status& ArgReader::Fail(const std::string& name, const std::string& reason) {
  if (status_.ok()) status_ = TypeError(prefix_ + " " + name + ": " + reason);
  return status_;
}

const ArgValue* ArgReader::Typed(const std::string& name, ArgValue::Kind kind, const char* what) {
  const ArgValue* v = args_.Get(name);
  if (!v) return nullptr;
  if (v->kind != kind) {
    Fail(name, std::string("must be ") + what + ".");
    return nullptr;
  }
  return v;
}

std::optional<OperandId> ArgReader::Operand(const std::string& name, bool required) {
  const ArgValue* v = args_.Get(name);
  if (!v) {
    if (required) Fail(name, "is required.");
    return std::nullopt;
  }
  if (v->kind != ArgValue::Kind::kOperand) {
    Fail(name, "must be an MLOperand.");
    return std::nullopt;
  }
  return v->operand;
}

std::vector<OperandId> ArgReader::OperandList(const std::string& name) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kOperandList, "a sequence of MLOperand");
  if (!v) {
    if (!Has(name)) Fail(name, "is required.");
    return {};
  }
  return v->operands;
}

static bool IsUint32(double d) { return d >= 0 && d <= 4294967295.0 && std::trunc(d) == d; }

uint32_t ArgReader::Uint32(const std::string& name, std::optional<uint32_t> default_value) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kNumber, "a number");
  if (!v) {
    if (!Has(name) && !default_value) Fail(name, "is required.");
    return default_value.value_or(0);
  }
  if (!IsUint32(v->number)) {
    Fail(name, "must be an integer in the range of unsigned long.");
    return 0;
  }
  return static_cast<uint32_t>(v->number);
}

int32_t ArgReader::Int32(const std::string& name, int32_t default_value) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kNumber, "a number");
  if (!v) return default_value;
  if (!(v->number >= -2147483648.0 && v->number <= 2147483647.0) || std::trunc(v->number) != v->number) {
    Fail(name, "must be an integer in the range of long.");
    return default_value;
  }
  return static_cast<int32_t>(v->number);
}

bool ArgReader::Bool(const std::string& name, bool default_value) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kBool, "a boolean");
  return v ? v->boolean : default_value;
}

double ArgReader::Double(const std::string& name, double default_value, bool allow_non_finite) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kNumber, "a number");
  if (!v) return default_value;
  if (!allow_non_finite && !std::isfinite(v->number)) {
    Fail(name, "must be a finite number.");
    return default_value;
  }
  return v->number;
}

std::optional<Number> NumberFrom(const ArgValue& v) {
  if (v.kind == ArgValue::Kind::kNumber) return Number{false, v.number, 0};
  if (v.kind == ArgValue::Kind::kBigInt) return Number{true, 0, v.bigint};
  return std::nullopt;
}

std::optional<Number> ArgReader::NumberArg(const std::string& name) {
  const ArgValue* v = args_.Get(name);
  if (!v) return std::nullopt;
  std::optional<Number> n = NumberFrom(*v);
  if (!n) Fail(name, "must be a number or a bigint.");
  return n;
}

std::optional<std::vector<uint32_t>> ArgReader::Uint32List(const std::string& name) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kNumberList, "a sequence of numbers");
  if (!v) return std::nullopt;
  std::vector<uint32_t> out;
  for (double d : v->numbers) {
    if (!IsUint32(d)) {
      Fail(name, "must hold integers in the range of unsigned long.");
      return std::nullopt;
    }
    out.push_back(static_cast<uint32_t>(d));
  }
  return out;
}

std::vector<uint32_t> ArgReader::Uint32List(const std::string& name, std::vector<uint32_t> default_value) {
  auto v = Uint32List(name);
  return v ? *v : default_value;
}

std::optional<std::vector<double>> ArgReader::DoubleList(const std::string& name) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kNumberList, "a sequence of numbers");
  if (!v) return std::nullopt;
  for (double d : v->numbers) {
    if (!std::isfinite(d)) {
      Fail(name, "must hold finite numbers.");
      return std::nullopt;
    }
  }
  return v->numbers;
}

std::optional<std::vector<std::string>> ArgReader::StringList(const std::string& name) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kStringList, "a sequence of strings");
  if (!v) return std::nullopt;
  return v->strings;
}

std::optional<std::string> ArgReader::String(const std::string& name) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kString, "a string");
  if (!v) return std::nullopt;
  return v->string;
}

std::string ArgReader::Enum(const std::string& name, const std::string& default_value,
                            std::initializer_list<const char*> allowed) {
  const ArgValue* v = Typed(name, ArgValue::Kind::kString, "a string");
  if (!v) return default_value;
  for (const char* a : allowed) {
    if (v->string == a) return v->string;
  }
  Fail(name, "'" + v->string + "' is not a valid value.");
  return default_value;
}

}  // namespace webnn::graph
