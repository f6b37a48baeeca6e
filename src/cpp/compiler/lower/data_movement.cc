// Data movement: transpose, copy (reshape), slice, concat, pad, gather. All work on bytes, so every
// data type takes the same path; only the element size matters.
#include <algorithm>
#include <cstring>

#include "compiler/lower/element_types.h"
#include "compiler/lower/indices.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/copy_rows.h"
#include "kernels/transpose.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

// Calls fn(out_index, multi_index) for every element of `shape` in row-major order.
template <typename Fn>
void ForEachIndex(const Shape& shape, Fn&& fn) {
  uint64_t n = *NumElements(shape);
  std::vector<uint32_t> idx(shape.size(), 0);
  for (uint64_t i = 0; i < n; ++i) {
    fn(i, idx);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

}  // namespace

Expected<StepPtr> LowerTranspose(const LowerArgs& a) {
  const auto& p = std::get<TransposeParams>(a.node.params);
  const Shape& in_shape = a.input(0).shape;
  // Planned once; the units (row copies, or tiles of 2-D planes) are shared out to the pool.
  const kernels::TransposeNdPlan plan = kernels::PlanTransposeNd(ByteSize(a.input(0).type), in_shape.size(), in_shape.data(), p.perm.data());
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("transpose", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    uint8_t* y = ctx.Ptr(ry);
    // A unit's cost: a sixteenth per byte it moves, so that a transpose under 512 KiB runs on one thread. 48 cache
    // transposes of 128 KiB ran 0.47-0.61 ms at 1 thread and 0.60-0.88 at 2 when each was split four to a thread;
    // on one thread at 2, 0.49-0.51 (Node, one process).
    ParallelRows(ctx.pool, plan.units, plan.unit_bytes / 16, [&](uint64_t b, uint64_t e) { kernels::RunTransposeNd(plan, x, y, b, e); });
  });
}

Expected<StepPtr> LowerCopy(const LowerArgs& a) {
  size_t bytes = *ByteLength(a.input(0).type, a.input(0).shape);
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("copy", [=](const ExecContext& ctx) {
    uint8_t* y = ctx.Ptr(ry);
    const uint8_t* x = ctx.Ptr(rx);
    if (x != y) std::memmove(y, x, bytes);
  });
}

Expected<StepPtr> LowerSlice(const LowerArgs& a) {
  const auto& p = std::get<SliceParams>(a.node.params);
  size_t es = ByteSize(a.input(0).type);
  std::vector<uint64_t> in_strides = Strides(a.input(0).shape);
  Shape out_shape = a.output(0).shape;
  TensorRef rx = a.in[0], ry = a.out[0];
  // Rows along the last axis are contiguous when its stride is 1: copy them whole.
  size_t rank = out_shape.size();
  std::vector<uint8_t> rev = p.reverse;
  rev.resize(rank, 0);
  bool contiguous_rows = rank > 0 && p.strides[rank - 1] == 1 && !rev[rank - 1];
  return MakeStep("slice", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    uint8_t* y = ctx.Ptr(ry);
    if (rank == 0) {
      std::memcpy(y, x, es);
      return;
    }
    Shape rows_shape(out_shape.begin(), out_shape.end() - (contiguous_rows ? 1 : 0));
    uint64_t row_len = contiguous_rows ? out_shape[rank - 1] : 1;
    ForEachIndex(rows_shape, [&](uint64_t row, const std::vector<uint32_t>& idx) {
      uint64_t off = 0;
      for (size_t d = 0; d < idx.size(); ++d) {
        uint64_t i = rev[d] ? out_shape[d] - 1 - idx[d] : idx[d];
        off += (p.starts[d] + i * p.strides[d]) * in_strides[d];
      }
      if (contiguous_rows) off += p.starts[rank - 1] * in_strides[rank - 1];
      std::memcpy(y + row * row_len * es, x + off * es, row_len * es);
    });
  });
}

Expected<StepPtr> LowerConcat(const LowerArgs& a) {
  const auto& p = std::get<ConcatParams>(a.node.params);
  size_t es = ByteSize(a.output(0).type);
  const Shape& out = a.output(0).shape;
  uint64_t outer = Product(out, 0, p.axis);
  std::vector<uint64_t> chunk;  // bytes per outer row, per input
  for (size_t i = 0; i < a.node.inputs.size(); ++i) {
    chunk.push_back(Product(a.input(i).shape, p.axis, a.input(i).shape.size()) * es);
  }
  std::vector<TensorRef> ins = a.in;
  TensorRef ry = a.out[0];
  uint64_t row_bytes = 0;
  for (uint64_t c : chunk) row_bytes += c;
  // Outer rows shared out between the threads (squeezenet's fire modules concatenate 55x55 pixels of 128
  // channels, a serial step between two parallel convolutions otherwise).
  return MakeStep("concat", [=](const ExecContext& ctx) {
    uint8_t* y = ctx.Ptr(ry);
    ParallelRows(ctx.pool, outer, row_bytes / es, [&](uint64_t begin, uint64_t end) {
      uint64_t col = 0;
      for (size_t i = 0; i < ins.size(); ++i) {
        const uint8_t* x = ctx.Ptr(ins[i]);
        kernels::CopyRows(end - begin, chunk[i], x + begin * chunk[i], chunk[i], y + begin * row_bytes + col, row_bytes);
        col += chunk[i];
      }
    });
  });
}

// The source index along one axis of a padded output index `src` (output index minus the leading pad),
// or -1 where the output takes the constant.
inline int64_t PadSource(PadMode mode, int64_t src, int64_t size) {
  if (src >= 0 && src < size) return src;
  if (mode == PadMode::kConstant) return -1;
  if (mode == PadMode::kEdge) return src < 0 ? 0 : size - 1;
  return src < 0 ? -src : 2 * (size - 1) - src;  // reflection, excluding the edge; padding < size is validated
}

// Writes `count` copies of the `es`-byte value `fill`: one memset when its bytes are all alike (zero, as the pads
// of every model seen are), else stores of the element's width.
void FillElements(uint8_t* dst, uint64_t count, const uint8_t* fill, size_t es) {
  if (std::all_of(fill, fill + es, [&](uint8_t b) { return b == fill[0]; })) {
    std::memset(dst, fill[0], count * es);
    return;
  }
  const auto typed = [&](auto v) {
    std::memcpy(&v, fill, sizeof v);
    auto* d = reinterpret_cast<decltype(v)*>(dst);
    for (uint64_t j = 0; j < count; ++j) std::memcpy(d + j, &v, sizeof v);
  };
  switch (es) {
    case 2: return typed(uint16_t{});
    case 4: return typed(uint32_t{});
    case 8: return typed(uint64_t{});
    default:
      for (uint64_t j = 0; j < count; ++j) std::memcpy(dst + j * es, fill, es);
  }
}

// Row by row along the innermost padded axis, the unpadded axes after it taken as one block (a channel pad
// in NHWC is rows of pixels; an H/W pad's rows are whole image rows): a row whose outer index lies in a
// constant pad is the constant; else its source row, kept by an odometer, has its middle copied in one run
// and each padded position on either side filled or copied a block at a time. (Rows along the last axis with
// an index division per row and a copy per padded element took a 64x64x24 -> 48-channel pad 3.3 ns per
// element, 16x a copy's time.)
Expected<StepPtr> LowerPad(const LowerArgs& a) {
  const auto& p = std::get<PadParams>(a.node.params);
  DataType type = a.input(0).type;
  size_t es = ByteSize(type);
  Shape in_shape = a.input(0).shape, out_shape = a.output(0).shape;
  // The padding value in the element type, once.
  std::vector<uint8_t> fill(es);
  VisitType(type, [&](auto t) {
    using T = decltype(t);
    T v = Store<T>(static_cast<ComputeType<T>>(p.value));
    std::memcpy(fill.data(), &v, es);
  });
  const size_t rank = out_shape.size();
  size_t axis = rank;  // the innermost padded axis
  for (size_t d = rank; d-- > 0;) {
    if (p.begin[d] != 0 || p.end[d] != 0) {
      axis = d;
      break;
    }
  }
  if (axis == rank) {  // nothing padded: a copy
    const uint64_t bytes = *NumElements(out_shape) * es;
    TensorRef rx = a.in[0], ry = a.out[0];
    return MakeStep("pad", [=](const ExecContext& ctx) {
      ParallelRows(ctx.pool, (bytes + 4095) / 4096, 1024, [&](uint64_t begin, uint64_t end) {
        std::memcpy(ctx.Ptr(ry) + begin * 4096, ctx.Ptr(rx) + begin * 4096, std::min(bytes, end * 4096) - begin * 4096);
      });
    });
  }
  const uint64_t block = Product(out_shape, axis + 1, rank) * es;  // bytes per position along the axis
  const int64_t in_len = static_cast<int64_t>(in_shape[axis]), out_len = static_cast<int64_t>(out_shape[axis]);
  const int64_t lead = p.begin[axis];
  const Shape outer(out_shape.begin(), out_shape.begin() + axis);
  const uint64_t rows = Product(out_shape, 0, axis);
  std::vector<uint64_t> in_row_strides(axis);  // in rows of the input, per outer axis
  uint64_t stride = 1;
  for (size_t d = axis; d-- > 0; stride *= in_shape[d]) in_row_strides[d] = stride;
  // Without pads on the outer axes (a channel pad, or a pad along one axis) row r's source is input row r.
  const bool outer_padded = std::any_of(p.begin.begin(), p.begin.begin() + axis, [](int64_t v) { return v != 0; }) ||
                            std::any_of(p.end.begin(), p.end.begin() + axis, [](int64_t v) { return v != 0; });
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("pad", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    uint8_t* y = ctx.Ptr(ry);
    const uint64_t in_row = static_cast<uint64_t>(in_len) * block, out_row = static_cast<uint64_t>(out_len) * block;
    ParallelRows(ctx.pool, rows, out_row / es, [&](uint64_t begin, uint64_t end) {
      std::vector<uint64_t> idx(axis);  // the odometer: the outer index of row `r`
      uint64_t rest = begin;
      for (size_t d = axis; d-- > 0; rest /= outer[d]) idx[d] = rest % outer[d];
      for (uint64_t r = begin; r < end; ++r) {
        uint8_t* out = y + r * out_row;
        int64_t src_row = outer_padded ? 0 : static_cast<int64_t>(r);
        bool constant_row = false;
        for (size_t d = 0; d < axis && outer_padded && !constant_row; ++d) {
          const int64_t src = PadSource(p.mode, static_cast<int64_t>(idx[d]) - p.begin[d], static_cast<int64_t>(in_shape[d]));
          constant_row = src < 0;
          src_row += src * static_cast<int64_t>(in_row_strides[d]);
        }
        for (size_t d = axis; outer_padded && d-- > 0;) {
          if (++idx[d] < outer[d]) break;
          idx[d] = 0;
        }
        if (constant_row) {
          FillElements(out, out_row / es, fill.data(), es);
          continue;
        }
        const uint8_t* in = x + src_row * in_row;
        const auto put_pad = [&](int64_t from, int64_t to) {  // positions [from, to) outside the input
          if (from >= to) return;
          if (p.mode == PadMode::kConstant) return FillElements(out + from * block, (to - from) * block / es, fill.data(), es);
          for (int64_t j = from; j < to; ++j) std::memcpy(out + j * block, in + PadSource(p.mode, j - lead, in_len) * block, block);
        };
        put_pad(0, lead);
        std::memcpy(out + lead * block, in, in_row);
        put_pad(lead + in_len, out_len);
      }
    });
  });
}

Expected<StepPtr> LowerGather(const LowerArgs& a) {
  const auto& p = std::get<GatherParams>(a.node.params);
  size_t es = ByteSize(a.input(0).type);
  const Shape& in = a.input(0).shape;
  uint64_t outer = Product(in, 0, p.axis);
  uint64_t axis_dim = in[p.axis];
  uint64_t inner_bytes = Product(in, p.axis + 1, in.size()) * es;
  uint64_t num_indices = *NumElements(a.input(1).shape);
  DataType index_type = a.input(1).type;
  TensorRef rx = a.in[0], ri = a.in[1], ry = a.out[0];
  return MakeStep("gather", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    const uint8_t* idx = ctx.Ptr(ri);
    uint8_t* y = ctx.Ptr(ry);
    for (uint64_t j = 0; j < num_indices; ++j) {
      uint64_t k = ClampIndex(ReadIndex(index_type, idx, j), axis_dim);
      for (uint64_t o = 0; o < outer; ++o) {
        std::memcpy(y + (o * num_indices + j) * inner_bytes, x + (o * axis_dim + k) * inner_bytes, inner_bytes);
      }
    }
  });
}

}  // namespace webnn::compiler
