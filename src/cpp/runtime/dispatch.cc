#include "runtime/dispatch.h"

#include <set>

namespace webnn::runtime {
namespace {

Status Bind(const char* what, const std::vector<IoDesc>& descs, const NamedTensors& named,
            std::vector<std::shared_ptr<Tensor>>* out) {
  if (named.size() != descs.size()) {
    return TypeError(std::string("dispatch ") + what + ": expected " + std::to_string(descs.size()) +
                     " tensors, got " + std::to_string(named.size()) + ".");
  }
  out->assign(descs.size(), nullptr);
  for (const auto& [name, tensor] : named) {
    size_t i = 0;
    while (i < descs.size() && descs[i].name != name) ++i;
    std::string where = std::string("dispatch ") + what + "['" + name + "']";
    if (i == descs.size()) return TypeError(where + ": the graph has no " + what + " of that name.");
    if (tensor->info().constant) return TypeError(where + ": a constant tensor cannot be bound.");
    if (tensor->info().type != descs[i].type || tensor->info().shape != descs[i].shape) {
      return TypeError(where + ": the tensor (" + DataTypeName(tensor->info().type) + " " +
                       ShapeToString(tensor->info().shape) + ") does not match the graph's descriptor (" +
                       DataTypeName(descs[i].type) + " " + ShapeToString(descs[i].shape) + ").");
    }
    (*out)[i] = tensor;
  }
  return Status::Ok();
}

}  // namespace

Expected<BoundTensors> BindDispatch(const CompiledGraph& graph, uint32_t context_id, const NamedTensors& inputs,
                                    const NamedTensors& outputs) {
  if (graph.context_id != context_id) return TypeError("dispatch graph: the graph belongs to another context.");
  if (graph.destroyed) return InvalidState("dispatch graph: the graph is destroyed.");
  std::set<const Tensor*> seen;
  for (const NamedTensors* list : {&inputs, &outputs}) {
    for (const auto& [name, tensor] : *list) {
      if (!tensor) return TypeError("dispatch: '" + name + "' is not an MLTensor.");
      if (!seen.insert(tensor.get()).second) {
        return TypeError("dispatch: the same MLTensor is bound twice ('" + name + "').");
      }
      if (tensor->context_id() != context_id) return TypeError("dispatch: '" + name + "' belongs to another context.");
      if (tensor->destroyed()) return TypeError("dispatch: '" + name + "' is destroyed.");
    }
  }
  BoundTensors bound;
  RETURN_IF_ERROR(Bind("inputs", graph.plan->inputs, inputs, &bound.inputs));
  RETURN_IF_ERROR(Bind("outputs", graph.plan->outputs, outputs, &bound.outputs));
  return bound;
}

}  // namespace webnn::runtime
