#include "graph/graph_builder.h"

#include <cstring>
#include <set>

#include "compiler/compiler.h"
#include "graph/cast_number.h"
#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/validation_context.h"

namespace webnn::graph {

Status ValidateDescriptor(const std::string& prefix, DataType type, const Shape& shape) {
  std::string problem = DimensionsProblem(type, shape);
  return problem.empty() ? Status::Ok() : TypeError(prefix + ": " + problem);
}

Status GraphBuilder::CheckUsable(const char* method) const {
  if (built_) return InvalidState(std::string(method) + ": the builder has already built a graph.");
  return Status::Ok();
}

Expected<OperandId> GraphBuilder::AddOperand(Operand operand) {
  graph_.operands.push_back(std::move(operand));
  return static_cast<OperandId>(graph_.operands.size() - 1);
}

const OperandDesc* GraphBuilder::Desc(OperandId id) const {
  return id < graph_.operands.size() ? &graph_.operands[id].desc : nullptr;
}

Expected<OperandId> GraphBuilder::Input(const std::string& name, DataType type, const Shape& shape) {
  RETURN_IF_ERROR(CheckUsable("input"));
  if (name.empty()) return TypeError("input name: should not be empty.");
  // A name used twice is refused by build() when both inputs are in the graph (as Chromium does and the WPT
  // validation tests expect), not here as the spec's input() step 3 says: see PrepareBuild.
  RETURN_IF_ERROR(ValidateDescriptor("input descriptor", type, shape));
  Operand op;
  op.desc = {type, shape};
  op.kind = OperandKind::kInput;
  op.name = name;
  return AddOperand(std::move(op));
}

Expected<OperandId> GraphBuilder::Constant(DataType type, const Shape& shape, const uint8_t* data, size_t bytes) {
  RETURN_IF_ERROR(CheckUsable("constant"));
  RETURN_IF_ERROR(ValidateDescriptor("constant descriptor", type, shape));
  RETURN_IF_ERROR(CheckConstantBytes(type, shape, bytes));
  ASSIGN_OR_RETURN(auto buffer, runtime::Buffer::AllocateForOverwrite(bytes));
  if (bytes) std::memcpy(buffer->data(), data, bytes);
  return AddConstant(type, shape, std::move(buffer));
}

Expected<OperandId> GraphBuilder::Constant(DataType type, const Shape& shape, std::shared_ptr<runtime::Buffer> buffer) {
  RETURN_IF_ERROR(CheckUsable("constant"));
  RETURN_IF_ERROR(ValidateDescriptor("constant descriptor", type, shape));
  RETURN_IF_ERROR(CheckConstantBytes(type, shape, buffer->size()));
  return AddConstant(type, shape, std::move(buffer));
}

Expected<OperandId> GraphBuilder::Constant(DataType type, const Shape& shape, std::shared_ptr<const runtime::WeightSource> source) {
  RETURN_IF_ERROR(CheckUsable("constant"));
  RETURN_IF_ERROR(ValidateDescriptor("constant descriptor", type, shape));
  RETURN_IF_ERROR(CheckConstantBytes(type, shape, source->size()));
  Operand op;
  op.desc = {type, shape};
  op.kind = OperandKind::kConstant;
  op.source = std::move(source);
  op.nibbles = IsFourBit(type);
  return AddOperand(std::move(op));
}

Status GraphBuilder::CheckConstantBytes(DataType type, const Shape& shape, size_t bytes) const {
  const size_t expected = static_cast<size_t>(*PackedByteLength(type, shape));
  if (bytes == expected) return Status::Ok();
  return TypeError("constant buffer: byte length " + std::to_string(bytes) + " does not match the descriptor's " +
                   std::to_string(expected) + ".");
}

Expected<OperandId> GraphBuilder::AddConstant(DataType type, const Shape& shape, std::shared_ptr<runtime::Buffer> buffer) {
  Operand op;
  op.desc = {type, shape};
  op.kind = OperandKind::kConstant;
  op.data = std::move(buffer);
  op.nibbles = IsFourBit(type);  // as the page gave them: two to a byte
  return AddOperand(std::move(op));
}

Expected<OperandId> GraphBuilder::ConstantNumber(DataType type, const Number& value) {
  RETURN_IF_ERROR(CheckUsable("constant"));
  if (!BigIntAllowed(value, type)) return TypeError("constant value: " + BigIntRefusal(type));
  std::vector<uint8_t> bytes = NumberBytes(value, type);
  // A 4-bit scalar's byte is also its packed form: the value is in the low nibble.
  return Constant(type, {}, bytes.data(), bytes.size());
}

Expected<OperandId> GraphBuilder::ConstantFromTensor(const std::shared_ptr<runtime::Tensor>& tensor) {
  // The spec's order: the tensor's context, destroyed, constant (TypeError), then "can not build".
  if (!tensor) return TypeError("constant tensor: the tensor is destroyed.");
  if (tensor->context_id() != context_id_) return TypeError("constant tensor: the tensor belongs to another context.");
  if (tensor->destroyed()) return TypeError("constant tensor: the tensor is destroyed.");
  if (!tensor->info().constant) return TypeError("constant tensor: the tensor was not created by createConstantTensor().");
  RETURN_IF_ERROR(CheckUsable("constant"));
  Operand op;
  op.desc = {tensor->info().type, tensor->info().shape};
  op.kind = OperandKind::kConstant;
  op.data = tensor->buffer();  // constant tensors are immutable: share the bytes
  return AddOperand(std::move(op));
}

Expected<std::vector<OperandId>> GraphBuilder::AddOperation(const std::string& op_name, const Arguments& args,
                                                            const std::string& label) {
  const OpInfo* op = FindOp(op_name);
  if (!op) return TypeError("'" + op_name + "' is not an MLGraphBuilder operator.");
  RETURN_IF_ERROR(CheckUsable(op->name));
  ValidationContext ctx(graph_, *op, args, label);
  ASSIGN_OR_RETURN(NodeSpec spec, op->family->validate(ctx));
  Node node;
  node.op = op;
  node.inputs = std::move(spec.inputs);
  node.attrs = std::move(spec.attrs);
  node.label = label;
  int index = static_cast<int>(graph_.nodes.size());
  for (OperandDesc& desc : spec.outputs) {
    Operand out;
    out.desc = std::move(desc);
    out.kind = OperandKind::kOutput;
    out.producer = index;
    node.outputs.push_back(static_cast<OperandId>(graph_.operands.size()));
    graph_.operands.push_back(std::move(out));
  }
  graph_.nodes.push_back(std::move(node));
  return graph_.nodes.back().outputs;
}

Expected<std::shared_ptr<runtime::CompiledGraph>> GraphBuilder::Build(const NamedOutputs& outputs) {
  RETURN_IF_ERROR(PrepareBuild(outputs));
  auto compiled = Compile(outputs);
  ReleaseGraph();
  return compiled;
}

Status GraphBuilder::PrepareBuild(const NamedOutputs& outputs) {
  RETURN_IF_ERROR(CheckUsable("build"));
  if (outputs.empty()) return TypeError("build outputs: should not be empty.");
  std::set<std::string> names;
  for (const auto& [name, id] : outputs) {
    if (name.empty()) return TypeError("build outputs: names should not be empty.");
    if (!names.insert(name).second) return TypeError("build outputs: '" + name + "' is used twice.");
    if (id >= graph_.operands.size()) return TypeError("build outputs['" + name + "']: is not an operand of this builder.");
    OperandKind kind = graph_.operands[id].kind;
    if (kind != OperandKind::kOutput) {
      return TypeError("build outputs['" + name + "']: should not be an input or a constant.");
    }
  }
  std::vector<bool> reachable = Reachable(outputs);
  std::set<std::string> input_names;
  for (OperandId id = 0; id < graph_.operands.size(); ++id) {
    const Operand& o = graph_.operands[id];
    if (reachable[id] && o.kind == OperandKind::kInput && !input_names.insert(o.name).second) {
      return TypeError("build inputs: two inputs of the graph are named '" + o.name + "'.");
    }
  }
  built_ = true;
  return Status::Ok();
}

// Operands reachable from the outputs; only those inputs become the graph's inputs (spec).
std::vector<bool> GraphBuilder::Reachable(const NamedOutputs& outputs) const {
  std::vector<bool> reachable(graph_.operands.size(), false);
  std::vector<OperandId> stack;
  for (const auto& [name, id] : outputs) stack.push_back(id);
  while (!stack.empty()) {
    OperandId id = stack.back();
    stack.pop_back();
    if (reachable[id]) continue;
    reachable[id] = true;
    int p = graph_.operands[id].producer;
    if (p >= 0) {
      for (OperandId in : graph_.nodes[p].inputs) stack.push_back(in);
    }
  }
  return reachable;
}

Expected<std::shared_ptr<runtime::CompiledGraph>> GraphBuilder::Compile(const NamedOutputs& outputs) {
  std::vector<bool> reachable = Reachable(outputs);
  // Every output of a live node gets a value, used or not: a lowering writes all of its outputs.
  for (const Node& node : graph_.nodes) {
    bool live = false;
    for (OperandId out : node.outputs) live = live || reachable[out];
    if (live) {
      for (OperandId out : node.outputs) reachable[out] = true;
    }
  }

  compiler::Subgraph sub;
  std::vector<compiler::ValueId> values(graph_.operands.size(), compiler::kNoValue);
  for (OperandId id = 0; id < graph_.operands.size(); ++id) {
    if (!reachable[id]) continue;
    Operand& o = graph_.operands[id];
    switch (o.kind) {
      case OperandKind::kInput: values[id] = sub.AddInput(o.name, o.desc.type, o.desc.shape); break;
      // The compile takes the constants' bytes: it frees each as soon as what it packs from it is built.
      case OperandKind::kConstant:
        values[id] = sub.AddConstant(o.desc.type, o.desc.shape, std::move(o.data), o.nibbles);
        sub.values[values[id]].source = std::move(o.source);
        break;
      case OperandKind::kOutput: values[id] = sub.AddValue(o.desc.type, o.desc.shape); break;
    }
  }
  LoweringContext lowering(graph_, sub, values);
  for (const Node& node : graph_.nodes) {
    bool live = false;
    for (OperandId out : node.outputs) live = live || reachable[out];
    if (!live) continue;
    lowering.set_label(MessagePrefix(node.op->name, node.label));
    Status s = node.op->family->lower(lowering, node);
    if (!s.ok()) return Status(s.code(), std::string(node.op->name) + ": " + s.message());
  }
  for (const auto& [name, id] : outputs) sub.AddOutput(name, values[id]);
  // Nothing reads the operands and nodes from here on: their small allocations, which lie between the constants'
  // buffers in the heap, go before the compile frees the constants one by one.
  ReleaseGraph();

  auto compiled = compiler::Compile(std::move(sub), options_);
  if (!compiled.ok()) {
    const Status& s = compiled.status();
    // A lowering we lack is NotSupportedError; anything else at this stage is the spec's OperationError.
    return s.code() == StatusCode::kNotSupported || s.code() == StatusCode::kUnknownError
               ? s
               : OperationError("build: " + s.message());
  }
  auto graph = std::make_shared<runtime::CompiledGraph>();
  graph->context_id = context_id_;
  graph->plan = std::move(compiled).value();
  return graph;
}

}  // namespace webnn::graph
