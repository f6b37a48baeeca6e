// The arguments of one builder call after WebIDL conversion, as the bindings marshal them: positional
// arguments by IDL name ("input", "axis"), dictionary members by path ("options.strides"). Readers
// re-validate every value (the Wasm module is callable directly, so JS checks are not trusted) and
// report the first problem as "<op> <argument>: <reason>".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/status.h"

namespace webnn::graph {

using OperandId = uint32_t;

struct ArgValue {
  enum class Kind : uint8_t { kUndefined, kBool, kNumber, kBigInt, kString, kOperand, kNumberList, kStringList, kOperandList };
  Kind kind = Kind::kUndefined;
  bool boolean = false;
  double number = 0;
  __int128 bigint = 0;
  std::string string;
  OperandId operand = 0;
  std::vector<double> numbers;
  std::vector<std::string> strings;
  std::vector<OperandId> operands;
};

class Arguments {
 public:
  void Set(const std::string& name, ArgValue value) { values_[name] = std::move(value); }
  const ArgValue* Get(const std::string& name) const;
  const std::map<std::string, ArgValue>& all() const { return values_; }

 private:
  std::map<std::string, ArgValue> values_;
};

// A numeric argument of IDL type MLNumber: a double, or a BigInt kept exact.
struct Number {
  bool is_bigint = false;
  double value = 0;
  __int128 bigint = 0;
  double AsDouble() const { return is_bigint ? static_cast<double>(bigint) : value; }
};
// The MLNumber a value holds, or nullopt when it is neither a number nor a BigInt.
std::optional<Number> NumberFrom(const ArgValue& v);

// Reads arguments with defaults; the first error is kept and later reads return defaults, so an op
// reads all it needs and checks status() once.
class ArgReader {
 public:
  ArgReader(const Arguments& args, std::string prefix) : args_(args), prefix_(std::move(prefix)) {}

  bool Has(const std::string& name) const;
  // Whether the argument was passed as the given kind (for IDL unions such as `unsigned long or sequence`).
  bool Is(const std::string& name, ArgValue::Kind kind) const;
  std::optional<OperandId> Operand(const std::string& name, bool required = true);
  std::vector<OperandId> OperandList(const std::string& name);
  uint32_t Uint32(const std::string& name, std::optional<uint32_t> default_value = std::nullopt);
  int32_t Int32(const std::string& name, int32_t default_value);
  bool Bool(const std::string& name, bool default_value);
  double Double(const std::string& name, double default_value, bool allow_non_finite = false);
  std::optional<Number> NumberArg(const std::string& name);
  std::optional<std::vector<uint32_t>> Uint32List(const std::string& name);
  std::vector<uint32_t> Uint32List(const std::string& name, std::vector<uint32_t> default_value);
  // A sequence<float> / sequence<double> argument (nullopt when absent); non-finite values are an error.
  std::optional<std::vector<double>> DoubleList(const std::string& name);
  std::optional<std::vector<std::string>> StringList(const std::string& name);
  // A string argument as passed (nullopt when absent or not a string: the latter records an error).
  std::optional<std::string> String(const std::string& name);
  // An enum value; `allowed` lists the IDL values.
  std::string Enum(const std::string& name, const std::string& default_value, std::initializer_list<const char*> allowed);

  // Records the first error and returns it; callers that carry on reading may ignore the result.
  const Status& Fail(const std::string& name, const std::string& reason);
  const Status& status() const { return status_; }
  const std::string& prefix() const { return prefix_; }

 private:
  const ArgValue* Typed(const std::string& name, ArgValue::Kind kind, const char* what);
  const Arguments& args_;
  std::string prefix_;
  Status status_;
};

}  // namespace webnn::graph
