#include "compiler/passes/passes.h"

namespace webnn::compiler {

void ReplaceAllUses(Subgraph& g, ValueId from, ValueId to) {
  for (Node& n : g.nodes) {
    if (n.removed) continue;
    for (ValueId& v : n.inputs) {
      if (v == from) v = to;
    }
  }
}

std::vector<int> ConsumerCounts(const Subgraph& g) {
  std::vector<int> counts(g.values.size(), 0);
  for (const Node& n : g.nodes) {
    if (n.removed) continue;
    for (ValueId v : n.inputs) {
      if (v != kNoValue) ++counts[v];
    }
  }
  for (const GraphOutput& o : g.outputs) ++counts[o.value];
  return counts;
}

bool IsOneElementConstant(const Subgraph& g, ValueId v, DataType type) {
  return v != kNoValue && g.values[v].kind == ValueKind::kConstant && g.values[v].type == type &&
         *NumElements(g.values[v].shape) == 1;
}

bool IsPerTensorQuantization(const Subgraph& g, const Node& n, DataType type) {
  return n.inputs.size() == 3 && (type == DataType::kUint8 || type == DataType::kInt8) &&
         IsOneElementConstant(g, n.inputs[1], DataType::kFloat32) && IsOneElementConstant(g, n.inputs[2], type);
}

int ProducerOf(const Subgraph& g, ValueId v) {
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i].removed) continue;
    for (ValueId o : g.nodes[i].outputs) {
      if (o == v) return static_cast<int>(i);
    }
  }
  return -1;
}

void RemoveDeadNodes(Subgraph& g) {
  std::vector<bool> live_value(g.values.size(), false);
  for (const GraphOutput& o : g.outputs) live_value[o.value] = true;
  // Nodes are in topological order, so one backward sweep finds everything that reaches an output.
  for (size_t i = g.nodes.size(); i-- > 0;) {
    Node& n = g.nodes[i];
    if (n.removed) continue;
    bool live = false;
    for (ValueId o : n.outputs) live = live || live_value[o];
    if (!live) {
      n.removed = true;
      continue;
    }
    for (ValueId v : n.inputs) {
      if (v != kNoValue) live_value[v] = true;
    }
  }
}

}  // namespace webnn::compiler
