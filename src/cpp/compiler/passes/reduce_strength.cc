// Cheaper forms of nodes that compute the same bits.
#include <algorithm>

#include "compiler/passes/passes.h"

namespace webnn::compiler {

namespace {

// Whether transposing `shape` by `perm` keeps every element where it lies: the axes of more than one element come in
// the same order (a decoder's [1, 1, heads, d] -> [1, heads, 1, d] for one token).
bool MovesOnlyUnitAxes(const Shape& shape, const std::vector<uint32_t>& perm) {
  int64_t last = -1;
  for (uint32_t axis : perm) {
    if (axis >= shape.size()) return false;
    if (shape[axis] == 1) continue;
    if (static_cast<int64_t>(axis) < last) return false;
    last = axis;
  }
  return true;
}

}  // namespace

// pow(x, 2) -> mul(x, x) for float32, when the exponent is a constant of 2s that does not broadcast x: the
// double square of a float is exact, so pow's correctly rounded result is the float multiply's. pow ran
// libm's pow per element (1x64x56x56: 19 ns each); RMSNorm and hand-written layer norms square this way.
// A transpose that only moves axes of one element -> a copy, which the plan then makes no step at all (its output
// names its input's bytes, compiler.cc): batch-1 and one-token graphs move such axes ([1, 1, heads, d] -> [1, heads,
// 1, d]) where a layout needs it, and each was a step of its own, a parallel loop over a plain copy.
void ReduceStrength(Subgraph& g) {
  for (Node& n : g.nodes) {
    const auto* t = std::get_if<TransposeParams>(&n.params);
    if (!n.removed && t && n.inputs.size() == 1 && MovesOnlyUnitAxes(g.values[n.inputs[0]].shape, t->perm)) n.params = CopyParams{};
  }
  for (Node& n : g.nodes) {
    const auto* b = std::get_if<BinaryParams>(&n.params);
    if (n.removed || !b || b->op != BinaryOp::kPow || n.inputs.size() != 2) continue;
    const ValueId x = n.inputs[0];
    const Value& base = g.values[x];
    const Value& exponent = g.values[n.inputs[1]];
    if (base.type != DataType::kFloat32 || exponent.type != DataType::kFloat32) continue;
    if (exponent.kind != ValueKind::kConstant || !exponent.data) continue;
    if (g.values[n.outputs[0]].shape != base.shape) continue;
    const auto count = NumElements(exponent.shape);
    if (!count || *count == 0 || exponent.data->size() < *count * sizeof(float)) continue;
    const float* e = reinterpret_cast<const float*>(exponent.data->data());
    if (!std::all_of(e, e + *count, [](float v) { return v == 2.0f; })) continue;
    BinaryParams mul = *b;
    mul.op = BinaryOp::kMul;
    n.params = mul;
    n.inputs = {x, x};
  }
}

}  // namespace webnn::compiler
