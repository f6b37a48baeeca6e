#include <algorithm>

#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

// The clamp range an activation node stands for, if it is a pure min/max activation on float32.
bool AsMinMax(const Node& n, MinMax* out) {
  const auto* u = std::get_if<UnaryParams>(&n.params);
  if (!u) return false;
  if (u->op == UnaryOp::kRelu) {
    *out = MinMax{0.0f, INFINITY};
    return true;
  }
  if (u->op == UnaryOp::kClamp) {
    *out = MinMax{static_cast<float>(u->min), static_cast<float>(u->max)};
    return true;
  }
  return false;
}

MinMax* FusableClamp(Node& n) {
  if (auto* p = std::get_if<Conv2dParams>(&n.params)) return &p->clamp;
  if (auto* p = std::get_if<ConvTranspose2dParams>(&n.params)) return &p->clamp;
  if (auto* p = std::get_if<GemmParams>(&n.params)) return &p->clamp;
  if (auto* p = std::get_if<BinaryParams>(&n.params)) {
    if (p->op <= BinaryOp::kPow) return &p->clamp;
  }
  return nullptr;
}

}  // namespace

void FuseActivations(Subgraph& g) {
  std::vector<int> consumers = ConsumerCounts(g);
  std::vector<int> producer(g.values.size(), -1);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i].removed) continue;
    for (ValueId o : g.nodes[i].outputs) producer[o] = static_cast<int>(i);
  }
  for (Node& act : g.nodes) {
    MinMax range;
    if (act.removed || !AsMinMax(act, &range)) continue;
    ValueId x = act.inputs[0];
    if (g.values[x].type != DataType::kFloat32 || producer[x] < 0) continue;
    // The intermediate must not be observable: one consumer and not a graph output.
    if (consumers[x] != 1 || !g.values[x].output_indices.empty()) continue;
    Node& prev = g.nodes[producer[x]];
    MinMax* clamp = FusableClamp(prev);
    if (!clamp) continue;
    clamp->min = std::max(clamp->min, range.min);
    clamp->max = std::min(clamp->max, range.max);
    ValueId y = act.outputs[0];
    // The fused node now writes the activation's output value directly.
    prev.outputs[0] = y;
    producer[y] = producer[x];
    act.removed = true;
    prev.label += "+" + act.label;
  }
}

}  // namespace webnn::compiler
