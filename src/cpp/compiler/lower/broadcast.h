// Iteration over an output shape with N inputs broadcast to it (numpy rules, right-aligned). Adjacent
// dims that broadcast alike are merged, so the innermost run is as long as possible and a kernel on
// contiguous (stride 1) or scalar (stride 0) operands can take it.
#pragma once

#include <cstdint>
#include <vector>

#include "base/shape.h"

namespace webnn::compiler {

struct BroadcastLoop {
  std::vector<uint64_t> outer;                    // merged outer dims (row-major)
  std::vector<std::vector<int64_t>> outer_strides;  // per input: element stride per outer dim
  uint64_t inner = 1;                             // length of the innermost merged dim
  std::vector<int64_t> inner_strides;             // per input: 0 (broadcast) or 1
  uint64_t rows() const;
  // Element offset of each input at the start of `row`.
  void RowOffsets(uint64_t row, int64_t* offsets) const;
};

BroadcastLoop MakeBroadcastLoop(const Shape& out, const std::vector<Shape>& inputs);

}  // namespace webnn::compiler
