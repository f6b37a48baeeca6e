#include "compiler/ir.h"

namespace webnn::compiler {

const char* NodeTypeName(const NodeParams& params) {
  static constexpr const char* kNames[] = {
#define WEBNN_NODE(kind, name) #name,
#include "compiler/nodes.def"
#undef WEBNN_NODE
  };
  static_assert(std::size(kNames) == std::variant_size_v<NodeParams>);
  return kNames[params.index()];
}

ValueId Subgraph::AddValue(DataType type, Shape shape) {
  Value v;
  v.type = type;
  v.shape = std::move(shape);
  values.push_back(std::move(v));
  return static_cast<ValueId>(values.size() - 1);
}

ValueId Subgraph::AddInput(const std::string& name, DataType type, Shape shape) {
  ValueId id = AddValue(type, std::move(shape));
  values[id].kind = ValueKind::kInput;
  values[id].input_index = static_cast<uint32_t>(inputs.size());
  inputs.push_back({name, id});
  return id;
}

Status ReadSourceBytes(Value& value) {
  if (value.data || !value.source) return Status::Ok();
  ASSIGN_OR_RETURN(value.data, value.source->ReadAll());
  value.source.reset();
  return Status::Ok();
}

ValueId Subgraph::AddConstant(DataType type, Shape shape, std::shared_ptr<runtime::Buffer> data, bool nibbles) {
  ValueId id = AddValue(type, std::move(shape));
  values[id].kind = ValueKind::kConstant;
  values[id].data = std::move(data);
  values[id].nibbles = nibbles;
  return id;
}

void Subgraph::AddNode(NodeParams params, std::vector<ValueId> in, std::vector<ValueId> out, std::string label) {
  nodes.push_back(Node{std::move(params), std::move(in), std::move(out), std::move(label)});
}

void Subgraph::AddOutput(const std::string& name, ValueId value) {
  values[value].output_indices.push_back(static_cast<uint32_t>(outputs.size()));
  outputs.push_back({name, value});
}

}  // namespace webnn::compiler
