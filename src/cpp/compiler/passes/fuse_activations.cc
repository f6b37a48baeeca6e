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
  // After a fused activation the clamp would apply before it: not the graph's order.
  if (auto* p = std::get_if<Conv2dParams>(&n.params)) return p->activation == UnaryOp::kIdentity ? &p->clamp : nullptr;
  if (auto* p = std::get_if<ConvTranspose2dParams>(&n.params)) return &p->clamp;
  if (auto* p = std::get_if<GemmParams>(&n.params)) return &p->clamp;
  if (auto* p = std::get_if<ConvIntegerParams>(&n.params)) {
    return p->float_output && !p->quantized_output && p->activation == UnaryOp::kIdentity ? &p->clamp : nullptr;
  }
  if (auto* p = std::get_if<MatMulIntegerParams>(&n.params)) return p->float_output && !p->quantized_output ? &p->clamp : nullptr;
  if (auto* p = std::get_if<BinaryParams>(&n.params)) {
    if (p->op <= BinaryOp::kPow) return &p->clamp;
  }
  return nullptr;
}

bool IsUnary(const Node& n, UnaryOp op) {
  const auto* u = std::get_if<UnaryParams>(&n.params);
  return u && u->op == op;
}

// mul(x, s) or mul(s, x) with s = sigmoid(x) seen by nothing else -> swish(x), in place of the mul (whose
// clamp is still unset: the relu/clamp fusion runs after this).
void FuseSwish(Subgraph& g, std::vector<int>& consumers, const std::vector<int>& producer) {
  for (Node& mul : g.nodes) {
    const auto* b = std::get_if<BinaryParams>(&mul.params);
    if (mul.removed || !b || b->op != BinaryOp::kMul || mul.inputs.size() != 2) continue;
    for (int side = 0; side < 2; ++side) {
      const ValueId s = mul.inputs[side], x = mul.inputs[1 - side];
      if (producer[s] < 0 || g.values[s].type != DataType::kFloat32) continue;
      Node& sigmoid = g.nodes[producer[s]];
      if (sigmoid.removed || !IsUnary(sigmoid, UnaryOp::kSigmoid) || sigmoid.inputs[0] != x) continue;
      if (consumers[s] != 1 || !g.values[s].output_indices.empty()) continue;
      UnaryParams swish;
      swish.op = UnaryOp::kSwish;
      mul.params = swish;
      mul.inputs = {x};
      mul.label = sigmoid.label + "+" + mul.label;
      sigmoid.removed = true;
      --consumers[x];  // x fed both; the swish reads it once
      break;
    }
  }
}

// The node producing x if an activation reading x could fold into it: x is float32 and unobservable (one consumer,
// not a graph output). Null otherwise.
Node* FusableProducer(Subgraph& g, const std::vector<int>& consumers, const std::vector<int>& producer, ValueId x) {
  if (g.values[x].type != DataType::kFloat32 || producer[x] < 0) return nullptr;
  if (consumers[x] != 1 || !g.values[x].output_indices.empty()) return nullptr;
  Node& prev = g.nodes[producer[x]];
  return prev.removed ? nullptr : &prev;
}

// `prev` takes `act` in: it writes the activation's output value directly, and `act` goes.
void FoldInto(Node& prev, Node& act, std::vector<int>& producer) {
  const ValueId y = act.outputs[0];
  producer[y] = producer[act.inputs[0]];
  prev.outputs[0] = y;
  act.removed = true;
  prev.label += "+" + act.label;
}

// The unary activations a conv2d applies to its output blocks: elementwise float32 kernels taking at most
// alpha and beta (kernels/vunary.h), as models follow their convolutions with them.
bool IsConvActivation(UnaryOp op) {
  switch (op) {
    case UnaryOp::kSwish: case UnaryOp::kHardSwish: case UnaryOp::kSigmoid: case UnaryOp::kTanh:
    case UnaryOp::kGelu: case UnaryOp::kElu: case UnaryOp::kLeakyRelu: case UnaryOp::kHardSigmoid:
    case UnaryOp::kSoftplus:
      return true;
    default:
      return false;
  }
}

// conv2d (or a convInteger with its float epilogue) -> one of those activations, alone reading the conv's float32
// output (not a graph output): the activation moves into the conv (after its clamp), which writes its output.
void FuseConvActivations(Subgraph& g, std::vector<int>& consumers, std::vector<int>& producer) {
  for (Node& act : g.nodes) {
    const auto* u = std::get_if<UnaryParams>(&act.params);
    if (act.removed || !u || !IsConvActivation(u->op)) continue;
    Node* conv = FusableProducer(g, consumers, producer, act.inputs[0]);
    if (!conv || g.values[act.outputs[0]].type != DataType::kFloat32) continue;
    ConvActivationParams* p = std::get_if<Conv2dParams>(&conv->params);
    if (auto* q = std::get_if<ConvIntegerParams>(&conv->params); q && q->float_output && !q->quantized_output) p = q;
    if (!p || p->activation != UnaryOp::kIdentity) continue;
    p->activation = u->op;
    p->activation_alpha = u->alpha;
    p->activation_beta = u->beta;
    FoldInto(*conv, act, producer);
  }
}

}  // namespace

void FuseActivations(Subgraph& g) {
  std::vector<int> consumers = ConsumerCounts(g);
  std::vector<int> producer(g.values.size(), -1);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i].removed) continue;
    for (ValueId o : g.nodes[i].outputs) producer[o] = static_cast<int>(i);
  }
  FuseSwish(g, consumers, producer);
  for (Node& act : g.nodes) {
    MinMax range;
    if (act.removed || !AsMinMax(act, &range)) continue;
    Node* prev = FusableProducer(g, consumers, producer, act.inputs[0]);
    MinMax* clamp = prev ? FusableClamp(*prev) : nullptr;
    if (!clamp) continue;
    // The activation after the node's own clamp: clamp(clamp(v, a1, b1), a2, b2) is clamp(v, lo, hi) with
    // lo, hi = a1, b1 each clamped to [a2, b2]. (Intersecting the ranges instead gave an inverted range when
    // they do not overlap: clamp to [-1.6, -0.73] then relu came out -0.73, not 0; fuzz seed 81.)
    const MinMax before = *clamp;
    clamp->min = std::min(std::max(before.min, range.min), range.max);
    clamp->max = std::min(std::max(before.max, range.min), range.max);
    FoldInto(*prev, act, producer);
  }
  // After the clamps: a relu between a conv and its swish is the conv's clamp by now, applied first.
  FuseConvActivations(g, consumers, producer);
}

}  // namespace webnn::compiler
