// Pieces many operator families share: attributes that are just the compiler node's parameters, the
// lowering that emits that one node, and message formatting.
#pragma once

#include <string>
#include <vector>

#include "graph/lowering_context.h"
#include "graph/op_registry.h"
#include "graph/validation_context.h"

namespace webnn::graph {

inline std::string Str(uint64_t v) { return std::to_string(v); }

// An axis argument of an operator on a tensor of rank `rank`: false (TypeError recorded) unless
// axis < rank.
inline bool CheckAxis(ValidationContext& ctx, const std::string& arg, uint32_t axis, size_t rank) {
  if (axis < rank) return true;
  ctx.Fail(arg, "should be in the range [0, " + Str(rank) + "), got " + Str(axis) + ".");
  return false;
}

// Attributes of an operator that lowers to one compiler node with these parameters.
template <typename Params>
struct ParamsAttrs : OpAttrs {
  Params params;
};

// Lowering of such an operator: the node, on the operator's inputs and outputs, unchanged.
template <typename Params>
Status EmitParams(LoweringContext& ctx, const Node& node) {
  std::vector<compiler::ValueId> in;
  for (size_t i = 0; i < node.inputs.size(); ++i) in.push_back(ctx.In(node, i));
  std::vector<compiler::ValueId> out;
  for (size_t i = 0; i < node.outputs.size(); ++i) out.push_back(ctx.Out(node, i));
  ctx.Emit(node.Attrs<ParamsAttrs<Params>>().params, in, out);
  return Status::Ok();
}

}  // namespace webnn::graph
