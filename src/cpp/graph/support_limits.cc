#include "graph/support_limits.h"

namespace webnn::graph {

SupportLimits GetSupportLimits() {
  SupportLimits limits;
  // Convolutions and pools compute in NHWC: an NHWC graph needs no layout transposes.
  limits.preferred_input_layout = "nhwc";
  limits.max_tensor_byte_length = kMaxTensorByteLength;
  // int4 and uint4 (Chromium's, beyond the spec snapshot) as inputs, constants and outputs too.
  const DataTypeSet any = data_types::kAll | data_types::kFourBit;
  limits.input = {"input", any, 0, kMaxRank};
  limits.constant = {"constant", any, 0, kMaxRank};
  limits.output = {"output", any, 0, kMaxRank};
  for (const OpInfo& op : AllOps()) limits.ops.push_back({op.name, op.family->limits(op.name)});
  return limits;
}

}  // namespace webnn::graph
