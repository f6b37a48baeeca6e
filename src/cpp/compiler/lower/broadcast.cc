#include "compiler/lower/broadcast.h"

namespace webnn::compiler {

uint64_t BroadcastLoop::rows() const {
  uint64_t r = 1;
  for (uint64_t d : outer) r *= d;
  return r;
}

void BroadcastLoop::RowOffsets(uint64_t row, int64_t* offsets) const {
  size_t n = outer_strides.size();
  for (size_t k = 0; k < n; ++k) offsets[k] = 0;
  for (size_t d = outer.size(); d-- > 0;) {
    uint64_t idx = row % outer[d];
    row /= outer[d];
    for (size_t k = 0; k < n; ++k) offsets[k] += static_cast<int64_t>(idx) * outer_strides[k][d];
  }
}

BroadcastRowCursor::BroadcastRowCursor(const BroadcastLoop& loop, uint64_t first_row)
    : loop_(loop), index_(loop.outer.size()) {
  loop.RowOffsets(first_row, offsets_);
  for (size_t d = loop.outer.size(); d-- > 0;) {
    index_[d] = first_row % loop.outer[d];
    first_row /= loop.outer[d];
  }
}

void BroadcastRowCursor::Next() {
  const size_t n = loop_.outer_strides.size();
  for (size_t d = index_.size(); d-- > 0;) {
    for (size_t k = 0; k < n; ++k) offsets_[k] += loop_.outer_strides[k][d];
    if (++index_[d] < loop_.outer[d]) return;
    // Carry: back to the start of this dim, on to the next outer one.
    for (size_t k = 0; k < n; ++k) offsets_[k] -= static_cast<int64_t>(loop_.outer[d]) * loop_.outer_strides[k][d];
    index_[d] = 0;
  }
}

BroadcastLoop MakeBroadcastLoop(const Shape& out, const std::vector<Shape>& inputs) {
  size_t rank = out.size();
  size_t n = inputs.size();
  // Per input, the stride of each output dim (0 where broadcast).
  std::vector<std::vector<int64_t>> strides(n, std::vector<int64_t>(rank, 0));
  for (size_t k = 0; k < n; ++k) {
    const Shape& s = inputs[k];
    int64_t stride = 1;
    for (size_t i = 0; i < s.size(); ++i) {
      size_t in_dim = s.size() - 1 - i;
      size_t out_dim = rank - 1 - i;
      strides[k][out_dim] = s[in_dim] == 1 && out[out_dim] != 1 ? 0 : stride;
      stride *= s[in_dim];
    }
  }
  // Merge dims from the inside out while every input's strides stay consistent.
  std::vector<uint64_t> dims;
  std::vector<std::vector<int64_t>> merged(n);
  for (size_t d = rank; d-- > 0;) {
    if (out[d] == 1) continue;  // size-1 dims carry no iteration
    if (!dims.empty()) {
      bool mergeable = true;
      for (size_t k = 0; k < n; ++k) {
        int64_t inner_stride = merged[k].back();
        int64_t expect = inner_stride * static_cast<int64_t>(dims.back());
        if (!(strides[k][d] == expect || (strides[k][d] == 0 && inner_stride == 0))) mergeable = false;
      }
      if (mergeable) {
        dims.back() *= out[d];
        continue;
      }
    }
    dims.push_back(out[d]);
    for (size_t k = 0; k < n; ++k) merged[k].push_back(strides[k][d]);
  }
  BroadcastLoop loop;
  loop.outer_strides.assign(n, {});
  loop.inner_strides.assign(n, 0);
  if (dims.empty()) return loop;  // a single element
  loop.inner = dims[0];
  for (size_t k = 0; k < n; ++k) loop.inner_strides[k] = merged[k][0];
  for (size_t d = dims.size(); d-- > 1;) {
    loop.outer.push_back(dims[d]);
    for (size_t k = 0; k < n; ++k) loop.outer_strides[k].push_back(merged[k][d]);
  }
  return loop;
}

}  // namespace webnn::compiler
