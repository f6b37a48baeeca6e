// The WebNN-level graph an MLGraphBuilder records: operands with their descriptors and operators with
// typed attributes, exactly as validated. Compilation lowers it into compiler IR at build().
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/data_type.h"
#include "base/shape.h"
#include "graph/arguments.h"
#include "runtime/buffer.h"
#include "runtime/weight_sources.h"

namespace webnn::graph {

struct OperandDesc {
  DataType type = DataType::kFloat32;
  Shape shape;
};

enum class OperandKind : uint8_t { kInput, kConstant, kOutput };

struct Operand {
  OperandDesc desc;
  OperandKind kind = OperandKind::kOutput;
  std::string name;                          // kInput
  std::shared_ptr<runtime::Buffer> data;     // kConstant
  bool nibbles = false;                      // kConstant of int4 / uint4 from constant(): data two to a byte
  // kConstant recognised as the bytes an earlier build packed (runtime/weight_sources.h): no data, read back in build().
  std::shared_ptr<const runtime::WeightSource> source;
  int producer = -1;                         // kOutput: node index
};

// Base of every operator's attribute struct (graph/ops/*.h).
struct OpAttrs {
  virtual ~OpAttrs() = default;
};

struct OpInfo;  // graph/op_registry.h

struct Node {
  const OpInfo* op = nullptr;
  std::vector<OperandId> inputs;  // in the order the operator's file defines (optional ones may be absent)
  std::vector<OperandId> outputs;
  std::shared_ptr<const OpAttrs> attrs;
  std::string label;

  template <typename T>
  const T& Attrs() const {
    return static_cast<const T&>(*attrs);
  }
};

struct Graph {
  std::vector<Operand> operands;
  std::vector<Node> nodes;
};

}  // namespace webnn::graph
