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

// Walks the rows of a BroadcastLoop in order, keeping each input's offset up to date by adding strides
// (an odometer) instead of RowOffsets' divisions per row: a squeeze-excite mul in NHWC ([1, 112, 112, 32]
// by [1, 1, 1, 32]) is 12,544 rows of 32 floats; with the kernel looked up once per step too, it went
// from 0.39 to 0.28 ms (one thread, Node).
// kMaxInputs bounds the operands (binary ops and where() use up to 3).
class BroadcastRowCursor {
 public:
  static constexpr size_t kMaxInputs = 3;
  BroadcastRowCursor(const BroadcastLoop& loop, uint64_t first_row);
  const int64_t* offsets() const { return offsets_; }
  void Next();

 private:
  const BroadcastLoop& loop_;
  std::vector<uint64_t> index_;  // position in each outer dim
  int64_t offsets_[kMaxInputs] = {};
};

}  // namespace webnn::compiler
