// Convolutions and pools run NHWC; an NCHW graph reaches them through transposes that lowering puts
// around each one. This pass removes what the layout change cost: it cancels inverse pairs, composes
// chains, turns transposes that only move size-1 dims into copies, and pushes transposes down through
// elementwise nodes and concat so that the pairs meet and cancel.
#include <algorithm>

#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

using Perm = std::vector<uint32_t>;

Shape Permute(const Shape& s, const Perm& p) {
  Shape out(p.size());
  for (size_t i = 0; i < p.size(); ++i) out[i] = s[p[i]];
  return out;
}

Perm Inverse(const Perm& p) {
  Perm inv(p.size());
  for (size_t i = 0; i < p.size(); ++i) inv[p[i]] = static_cast<uint32_t>(i);
  return inv;
}

bool IsIdentity(const Perm& p) {
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] != i) return false;
  }
  return true;
}

// True when the transpose keeps the non-1 dims in order, so its bytes equal its input's.
bool IsReshapeLike(const Shape& in, const Perm& p) {
  int last = -1;
  for (uint32_t axis : p) {
    if (in[axis] == 1) continue;
    if (static_cast<int>(axis) < last) return false;
    last = static_cast<int>(axis);
  }
  return true;
}

// `s` with leading 1s up to `rank` dims (broadcasting's alignment).
Shape FullRank(const Shape& s, size_t rank) {
  Shape full(rank - s.size(), 1);
  full.insert(full.end(), s.begin(), s.end());
  return full;
}

bool IsElementwiseUnary(const Node& n) {
  return std::holds_alternative<UnaryParams>(n.params) || std::holds_alternative<CastParams>(n.params);
}

class LayoutOptimizer {
 public:
  explicit LayoutOptimizer(Subgraph& g) : g_(g) {}

  // Sweeps the nodes in order, applying at each the rewrites that match (a rewrite changes the node it matched,
  // its operands' producers' uses and nodes it inserts beside it, so the sweep goes on after it), until a sweep
  // changes nothing. A producer index replaces a search of the graph per operand: with a restart from the first
  // node after every rewrite, and a search per lookup, a 25-conv dynamic-int8 U-Net (700 nodes, ~400 rewrites)
  // took 1.7 s here.
  void Run() {
    for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
      RemoveDeadNodes(g_);
      Reindex();
      bool changed = false;
      for (size_t i = 0; i < g_.nodes.size(); ++i) {
        for (int again = 0; again < kMaxRewritesPerNode && !g_.nodes[i].removed && Rewrite(i); ++again) {
          changed = true;
          Reindex();
        }
      }
      if (!changed) break;
    }
    RemoveDeadNodes(g_);
  }

 private:
  static constexpr int kMaxSweeps = 64;
  static constexpr int kMaxRewritesPerNode = 16;

  bool Rewrite(size_t i) {
    return SimplifyTranspose(i) || SimplifyCopy(i) || PushThroughUnary(i) || PushThroughBinary(i) || PushThroughConcat(i) ||
           PushThroughReduce(i);
  }

  // producer_[v]: the index of the live node producing value v, or -1.
  void Reindex() {
    producer_.assign(g_.values.size(), -1);
    for (size_t i = 0; i < g_.nodes.size(); ++i) {
      if (g_.nodes[i].removed) continue;
      for (ValueId o : g_.nodes[i].outputs) producer_[o] = static_cast<int>(i);
    }
  }

  int Producer(ValueId v) const { return v < producer_.size() ? producer_[v] : -1; }

  // The live transpose node producing v, or nullptr.
  const TransposeParams* TransposeOf(ValueId v, ValueId* source) {
    int p = Producer(v);
    if (p < 0) return nullptr;
    const Node& n = g_.nodes[p];
    const auto* t = std::get_if<TransposeParams>(&n.params);
    if (t) *source = n.inputs[0];
    return t;
  }

  bool SimplifyTranspose(size_t i) {
    Node& n = g_.nodes[i];
    auto* t = std::get_if<TransposeParams>(&n.params);
    if (!t) return false;
    ValueId x = n.inputs[0];
    ValueId y = n.outputs[0];
    if (IsIdentity(t->perm) && g_.values[y].output_indices.empty()) {
      ReplaceAllUses(g_, y, x);
      n.removed = true;
      return true;
    }
    if (IsIdentity(t->perm) || IsReshapeLike(g_.values[x].shape, t->perm)) {
      n.params = CopyParams{};
      return true;
    }
    ValueId src;
    const TransposeParams* inner = TransposeOf(x, &src);
    if (!inner) return false;
    Perm composed(t->perm.size());
    for (size_t k = 0; k < composed.size(); ++k) composed[k] = inner->perm[t->perm[k]];
    n.inputs[0] = src;
    t->perm = composed;
    return true;
  }

  // copy(copy(x)) -> copy(x); a copy that changes nothing disappears.
  bool SimplifyCopy(size_t i) {
    Node& n = g_.nodes[i];
    if (!std::holds_alternative<CopyParams>(n.params)) return false;
    ValueId x = n.inputs[0], y = n.outputs[0];
    if (g_.values[x].shape == g_.values[y].shape && g_.values[y].output_indices.empty()) {
      ReplaceAllUses(g_, y, x);
      n.removed = true;
      return true;
    }
    int p = Producer(x);
    if (p >= 0 && std::holds_alternative<CopyParams>(g_.nodes[p].params)) {
      n.inputs[0] = g_.nodes[p].inputs[0];
      return true;
    }
    return false;
  }

  // unary(transpose(x)) -> transpose(unary(x)), reusing the two nodes in place (order stays topological).
  bool PushThroughUnary(size_t i) {
    Node& u = g_.nodes[i];
    if (!IsElementwiseUnary(u)) return false;
    ValueId src;
    const TransposeParams* t = TransposeOf(u.inputs[0], &src);
    if (!t) return false;
    const Perm perm = t->perm;
    ValueId y = u.outputs[0];
    ValueId z = g_.AddValue(g_.values[y].type, g_.values[src].shape);
    Node moved{TransposeParams{perm}, {z}, {y}, g_.nodes[i].label + "/layout"};
    g_.nodes[i].inputs[0] = src;
    g_.nodes[i].outputs[0] = z;
    g_.nodes.insert(g_.nodes.begin() + i + 1, std::move(moved));
    return true;
  }

  // An elementwise node whose operands broadcast (binary, quantizeLinear / dequantizeLinear with their
  // scale and zero point) over transposed operands with equal perms, or with constants/scalars beside them,
  // or with operands whose untransposed form differs in size-1 dims only.
  bool PushThroughBinary(size_t i) {
    Node& n = g_.nodes[i];
    if (!std::holds_alternative<BinaryParams>(n.params) && !std::holds_alternative<QuantizeParams>(n.params)) return false;
    ValueId y = n.outputs[0];
    size_t rank = g_.values[y].shape.size();
    const size_t operands = n.inputs.size();
    std::vector<ValueId> src(operands);
    std::vector<const TransposeParams*> t(operands);
    const Perm* perm = nullptr;
    for (size_t k = 0; k < operands; ++k) {
      t[k] = TransposeOf(n.inputs[k], &src[k]);
      if (!perm && t[k]) perm = &t[k]->perm;
    }
    if (!perm || perm->size() != rank) return false;
    Perm p = *perm;
    std::vector<Node> prologue;
    std::vector<ValueId> new_inputs(operands);
    for (size_t k = 0; k < operands; ++k) {
      ValueId in = n.inputs[k];
      const Value& v = g_.values[in];
      if (t[k] && t[k]->perm == p) {
        new_inputs[k] = src[k];
      } else if (v.shape.empty() || (v.kind == ValueKind::kConstant && NumElements(v.shape) == 1u)) {
        new_inputs[k] = in;  // a scalar broadcasts the same either way
      } else if (v.shape.size() <= rank &&
                 (v.kind == ValueKind::kConstant || IsReshapeLike(FullRank(v.shape, rank), Inverse(p)))) {
        // Bring the operand to full rank, then into the untransposed layout: for a constant both fold at
        // build; for a computed one this is allowed only where the transpose moves size-1 dims alone (it
        // becomes a copy, or nothing): a squeeze-excite block's [N, C, 1, 1] scale, whose mul with the
        // NCHW activation otherwise kept that activation in NCHW, two full transposes per block
        // (efficientnet_b0: 32 of its 33 transposes).
        const Shape full = FullRank(v.shape, rank);
        ValueId reshaped = g_.AddValue(v.type, full);
        Perm inv = Inverse(p);
        ValueId moved = g_.AddValue(v.type, Permute(full, inv));
        prologue.push_back(Node{CopyParams{}, {in}, {reshaped}, n.label + "/layout"});
        prologue.push_back(Node{TransposeParams{inv}, {reshaped}, {moved}, n.label + "/layout"});
        new_inputs[k] = moved;
      } else {
        return false;
      }
    }
    Shape out_shape = Permute(g_.values[y].shape, Inverse(p));
    ValueId z = g_.AddValue(g_.values[y].type, out_shape);
    Node& node = g_.nodes[i];
    node.inputs = new_inputs;
    node.outputs = {z};
    Node after{TransposeParams{p}, {z}, {y}, node.label + "/layout"};
    g_.nodes.insert(g_.nodes.begin() + i + 1, std::move(after));
    g_.nodes.insert(g_.nodes.begin() + i, prologue.begin(), prologue.end());
    return true;
  }

  // reduce(transpose(x), axes) -> transpose(reduce(x, the same axes of x)): the reduceMin / reduceMax over
  // all axes with which a dynamically quantized conv starts (DynamicQuantizeLinear) otherwise kept a full
  // transpose of the NHWC activation alive beside the quantizeLinear (a 32-channel 512x512 stack of 12:
  // 87 ms of 1200 per run); over all axes the moved transpose moves size-1 dims only and goes away.
  bool PushThroughReduce(size_t i) {
    Node& n = g_.nodes[i];
    auto* r = std::get_if<ReduceParams>(&n.params);
    if (!r) return false;
    ValueId src;
    const TransposeParams* t = TransposeOf(n.inputs[0], &src);
    if (!t) return false;
    const Perm p = t->perm;
    for (uint32_t& axis : r->axes) axis = p[axis];
    ValueId y = n.outputs[0];
    ValueId z = g_.AddValue(g_.values[y].type, Permute(g_.values[y].shape, Inverse(p)));
    n.inputs[0] = src;
    n.outputs = {z};
    Node after{TransposeParams{p}, {z}, {y}, n.label + "/layout"};
    g_.nodes.insert(g_.nodes.begin() + i + 1, std::move(after));
    return true;
  }

  bool PushThroughConcat(size_t i) {
    Node& n = g_.nodes[i];
    auto* c = std::get_if<ConcatParams>(&n.params);
    if (!c) return false;
    std::vector<ValueId> sources;
    Perm p;
    for (ValueId in : n.inputs) {
      ValueId s;
      const TransposeParams* t = TransposeOf(in, &s);
      if (!t || (!p.empty() && t->perm != p)) return false;
      p = t->perm;
      sources.push_back(s);
    }
    ValueId y = n.outputs[0];
    ValueId z = g_.AddValue(g_.values[y].type, Permute(g_.values[y].shape, Inverse(p)));
    c->axis = p[c->axis];
    n.inputs = sources;
    n.outputs = {z};
    Node after{TransposeParams{p}, {z}, {y}, n.label + "/layout"};
    g_.nodes.insert(g_.nodes.begin() + i + 1, std::move(after));
    return true;
  }

  Subgraph& g_;
  std::vector<int> producer_;
};

}  // namespace

void OptimizeLayout(Subgraph& g) { LayoutOptimizer(g).Run(); }

}  // namespace webnn::compiler
