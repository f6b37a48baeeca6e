// Iteration over an output shape with N inputs broadcast to it (numpy rules, right-aligned). Adjacent
// dims that broadcast alike are merged, so the innermost run is as long as possible and a kernel on
// contiguous (stride 1) or scalar (stride 0) operands can take it.
#pragma once

#include <cstdint>
#include <vector>

#include "base/shape.h"
#include "compiler/lower/parallel.h"

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

// Runs run(row, offsets, from, count) over every row of `loop` on the pool: `count` elements of row `row` from
// element `from` on, the inputs' offsets at the row's start. With one row (no broadcasting, or only a
// scalar's), the whole tensor is one run shared out in pieces (a transformer's residual adds are 64K-element
// runs that ran on one thread while the other parked).
template <typename Run>
void ParallelBroadcastRows(runtime::ThreadPool* pool, const BroadcastLoop& loop, Run&& run) {
  const uint64_t rows = loop.rows(), inner = loop.inner;
  if (rows == 1) {
    constexpr uint64_t kPiece = 4096;
    const BroadcastRowCursor first(loop, 0);
    const int64_t* offsets = first.offsets();
    ParallelRows(pool, (inner + kPiece - 1) / kPiece, kPiece, [&](uint64_t begin, uint64_t end) {
      const uint64_t from = begin * kPiece;
      run(uint64_t{0}, offsets, from, std::min(inner, end * kPiece) - from);
    });
    return;
  }
  ParallelRows(pool, rows, inner, [&](uint64_t begin, uint64_t end) {
    BroadcastRowCursor cursor(loop, begin);
    for (uint64_t r = begin; r < end; ++r, cursor.Next()) run(r, cursor.offsets(), uint64_t{0}, inner);
  });
}

}  // namespace webnn::compiler
