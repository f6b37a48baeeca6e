// Helpers for graph tests: build Arguments the way the bindings do.
#pragma once

#include <string>
#include <vector>

#include "graph/arguments.h"

namespace webnn::graph::testing {

inline ArgValue Op(OperandId id) {
  ArgValue v;
  v.kind = ArgValue::Kind::kOperand;
  v.operand = id;
  return v;
}

inline ArgValue Num(double d) {
  ArgValue v;
  v.kind = ArgValue::Kind::kNumber;
  v.number = d;
  return v;
}

inline ArgValue Nums(std::vector<double> d) {
  ArgValue v;
  v.kind = ArgValue::Kind::kNumberList;
  v.numbers = std::move(d);
  return v;
}

inline ArgValue Str(std::string s) {
  ArgValue v;
  v.kind = ArgValue::Kind::kString;
  v.string = std::move(s);
  return v;
}

inline ArgValue Bool(bool b) {
  ArgValue v;
  v.kind = ArgValue::Kind::kBool;
  v.boolean = b;
  return v;
}

inline Arguments Args(std::initializer_list<std::pair<const char*, ArgValue>> list) {
  Arguments a;
  for (const auto& [k, v] : list) a.Set(k, v);
  return a;
}

}  // namespace webnn::graph::testing
