#include "graph/support_limits.h"

namespace webnn::graph {

SupportLimits GetSupportLimits() {
  SupportLimits limits;
  // Convolutions and pools compute in NHWC: an NHWC graph needs no layout transposes.
  limits.preferred_input_layout = "nhwc";
  limits.max_tensor_byte_length = kMaxTensorByteLength;
  limits.input = {"input", data_types::kAll, 0, kMaxRank};
  limits.constant = {"constant", data_types::kAll, 0, kMaxRank};
  limits.output = {"output", data_types::kAll, 0, kMaxRank};
  for (const OpInfo& op : AllOps()) limits.ops.push_back({op.name, op.family->limits(op.name)});
  return limits;
}

}  // namespace webnn::graph
