// See passes.h. The widening is the one writeTensor() does for 4-bit tensors (runtime/four_bit.h).
#include <vector>

#include "compiler/lower/lower.h"
#include "compiler/passes/passes.h"
#include "runtime/buffer.h"
#include "runtime/four_bit.h"

namespace webnn::compiler {

Status UnpackFourBitConstants(Subgraph& g) {
  // Per value: whether something reads it as a byte per element (a blockwise step reads its weights and zero points
  // as they are), and whether something reads it other than a blockwise step's quantized input or scale. Widening
  // the zero points here freed their nibbles amid the weights before the compile began: the small allocations the
  // compile keeps landed in those holes and kept each layer's freed weights from joining the next, which no
  // packing then fitted (four-bit-build-peak read 1.55x one run in three, 1.12x otherwise).
  std::vector<bool> widen(g.values.size(), false), read_back(g.values.size(), false);
  for (const Node& node : g.nodes) {
    if (node.removed) continue;
    const bool blockwise = std::holds_alternative<BlockwiseMatMulParams>(node.params) ||
                           std::holds_alternative<BlockwiseGatherParams>(node.params);
    for (size_t i = 0; i < node.inputs.size(); ++i) {
      if (node.inputs[i] == kNoValue) continue;
      if (!(blockwise && (i == 1 || i == 3))) widen[node.inputs[i]] = true;
      if (!TakesWeightSource(node, i)) read_back[node.inputs[i]] = true;
    }
  }
  for (const GraphOutput& out : g.outputs) widen[out.value] = read_back[out.value] = true;
  for (ValueId v = 0; v < g.values.size(); ++v) {
    Value& value = g.values[v];
    if (value.source && read_back[v]) RETURN_IF_ERROR(ReadSourceBytes(value));
    if (!value.nibbles || !widen[v]) continue;
    ASSIGN_OR_RETURN(auto bytes, runtime::Buffer::AllocateForOverwrite(static_cast<size_t>(*ByteLength(value.type, value.shape))));
    runtime::UnpackFourBit(value.type, bytes->size(), value.data->data(), bytes->data());
    value.data = std::move(bytes);
    value.nibbles = false;
  }
  return Status::Ok();
}

}  // namespace webnn::compiler
