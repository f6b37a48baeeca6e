// opSupportLimits(): built from the same limit rows that validation checks (op_registry.h), so what
// it reports is exactly what build() accepts. Spec: #api-mlcontext-opsupportlimits.
#pragma once

#include <string>
#include <vector>

#include "graph/op_registry.h"

namespace webnn::graph {

struct OpLimits {
  std::string op;
  std::vector<OperandLimit> operands;
};

struct SupportLimits {
  std::string preferred_input_layout;
  uint64_t max_tensor_byte_length;
  OperandLimit input, constant, output;
  std::vector<OpLimits> ops;
};

SupportLimits GetSupportLimits();

}  // namespace webnn::graph
