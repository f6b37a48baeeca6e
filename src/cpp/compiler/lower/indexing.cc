// Element-wise and N-D gather and scatter. They move bytes, so every data type takes the same path;
// indices are read through indices.h (negative from the end, out of range clamped).
#include <cstring>

#include "compiler/lower/indices.h"
#include "compiler/lower/lower.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// x viewed as [outer, axis_dim, inner] and the indices as [outer, count, inner] (the spec requires
// the indices to match x on every other axis).
struct AxisView {
  uint64_t outer, axis_dim, count, inner;
};

AxisView ViewAround(const Shape& x, const Shape& indices, uint32_t axis) {
  return {Product(x, 0, axis), x[axis], indices[axis], Product(x, axis + 1, x.size())};
}

// indices [..., k] over x: the number of index tuples, k, and the element offset strides of x's dims.
struct NdView {
  uint64_t tuples, k, slice;  // slice: elements addressed by one tuple (x's dims after the first k)
  std::vector<uint64_t> strides;
};

NdView ViewNd(const Shape& x, const Shape& indices) {
  NdView v;
  v.k = indices.back();
  v.tuples = Product(indices, 0, indices.size() - 1);
  v.slice = Product(x, v.k, x.size());
  v.strides = Strides(x);
  return v;
}

uint64_t TupleOffset(const NdView& v, const Shape& x, DataType type, const uint8_t* idx, uint64_t t) {
  uint64_t off = 0;
  for (uint64_t d = 0; d < v.k; ++d) off += ClampIndex(ReadIndex(type, idx, t * v.k + d), x[d]) * v.strides[d];
  return off;
}

void CopyUnlessSame(uint8_t* y, const uint8_t* x, uint64_t bytes) {
  if (y != x) std::memmove(y, x, bytes);
}

}  // namespace

Expected<StepPtr> LowerGatherElements(const LowerArgs& a) {
  const auto& p = std::get<GatherElementsParams>(a.node.params);
  size_t es = ByteSize(a.input(0).type);
  AxisView v = ViewAround(a.input(0).shape, a.input(1).shape, p.axis);
  DataType index_type = a.input(1).type;
  TensorRef rx = a.in[0], ri = a.in[1], ry = a.out[0];
  return MakeStep("gatherElements", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    const uint8_t* idx = ctx.Ptr(ri);
    uint8_t* y = ctx.Ptr(ry);
    for (uint64_t o = 0; o < v.outer; ++o) {
      for (uint64_t j = 0; j < v.count; ++j) {
        for (uint64_t i = 0; i < v.inner; ++i) {
          uint64_t at = (o * v.count + j) * v.inner + i;
          uint64_t k = ClampIndex(ReadIndex(index_type, idx, at), v.axis_dim);
          std::memcpy(y + at * es, x + ((o * v.axis_dim + k) * v.inner + i) * es, es);
        }
      }
    }
  });
}

Expected<StepPtr> LowerScatterElements(const LowerArgs& a) {
  const auto& p = std::get<ScatterElementsParams>(a.node.params);
  size_t es = ByteSize(a.input(0).type);
  uint64_t bytes = *ByteLength(a.input(0).type, a.input(0).shape);
  AxisView v = ViewAround(a.input(0).shape, a.input(1).shape, p.axis);
  DataType index_type = a.input(1).type;
  TensorRef rx = a.in[0], ri = a.in[1], ru = a.in[2], ry = a.out[0];
  return MakeStep("scatterElements", [=](const ExecContext& ctx) {
    const uint8_t* idx = ctx.Ptr(ri);
    const uint8_t* u = ctx.Ptr(ru);
    uint8_t* y = ctx.Ptr(ry);
    CopyUnlessSame(y, ctx.Ptr(rx), bytes);
    for (uint64_t o = 0; o < v.outer; ++o) {
      for (uint64_t j = 0; j < v.count; ++j) {
        for (uint64_t i = 0; i < v.inner; ++i) {
          uint64_t at = (o * v.count + j) * v.inner + i;
          uint64_t k = ClampIndex(ReadIndex(index_type, idx, at), v.axis_dim);
          std::memcpy(y + ((o * v.axis_dim + k) * v.inner + i) * es, u + at * es, es);
        }
      }
    }
  });
}

Expected<StepPtr> LowerGatherND(const LowerArgs& a) {
  size_t es = ByteSize(a.input(0).type);
  Shape xs = a.input(0).shape;
  NdView v = ViewNd(xs, a.input(1).shape);
  DataType index_type = a.input(1).type;
  TensorRef rx = a.in[0], ri = a.in[1], ry = a.out[0];
  return MakeStep("gatherND", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    const uint8_t* idx = ctx.Ptr(ri);
    uint8_t* y = ctx.Ptr(ry);
    for (uint64_t t = 0; t < v.tuples; ++t) {
      std::memcpy(y + t * v.slice * es, x + TupleOffset(v, xs, index_type, idx, t) * es, v.slice * es);
    }
  });
}

Expected<StepPtr> LowerScatterND(const LowerArgs& a) {
  size_t es = ByteSize(a.input(0).type);
  uint64_t bytes = *ByteLength(a.input(0).type, a.input(0).shape);
  Shape xs = a.input(0).shape;
  NdView v = ViewNd(xs, a.input(1).shape);
  DataType index_type = a.input(1).type;
  TensorRef rx = a.in[0], ri = a.in[1], ru = a.in[2], ry = a.out[0];
  return MakeStep("scatterND", [=](const ExecContext& ctx) {
    const uint8_t* idx = ctx.Ptr(ri);
    const uint8_t* u = ctx.Ptr(ru);
    uint8_t* y = ctx.Ptr(ry);
    CopyUnlessSame(y, ctx.Ptr(rx), bytes);
    for (uint64_t t = 0; t < v.tuples; ++t) {
      std::memcpy(y + TupleOffset(v, xs, index_type, idx, t) * es, u + t * v.slice * es, v.slice * es);
    }
  });
}

}  // namespace webnn::compiler
