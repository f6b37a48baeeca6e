// The checks MLContext.dispatch() makes before it queues a compute (spec: #api-mlcontext-dispatch),
// and the binding of tensors to the plan's input and output slots.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "runtime/compiled_graph.h"
#include "runtime/tensor.h"

namespace webnn::runtime {

using NamedTensors = std::vector<std::pair<std::string, std::shared_ptr<Tensor>>>;

struct BoundTensors {
  std::vector<std::shared_ptr<Tensor>> inputs;   // in plan input order
  std::vector<std::shared_ptr<Tensor>> outputs;  // in plan output order
};

Expected<BoundTensors> BindDispatch(const CompiledGraph& graph, uint32_t context_id, const NamedTensors& inputs,
                                    const NamedTensors& outputs);

}  // namespace webnn::runtime
