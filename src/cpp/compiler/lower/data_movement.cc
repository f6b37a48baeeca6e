// Data movement: transpose, copy (reshape), slice, concat, pad, gather. All work on bytes, so every
// data type takes the same path; only the element size matters.
#include <cstring>

#include "compiler/lower/element_types.h"
#include "compiler/lower/indices.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
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
  size_t es = ByteSize(a.input(0).type);
  Shape in_shape = a.input(0).shape;
  std::vector<uint32_t> perm = p.perm;
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("transpose", [=](const ExecContext& ctx) {
    kernels::TransposeNd(es, in_shape.size(), in_shape.data(), perm.data(), ctx.Ptr(rx), ctx.Ptr(ry));
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
        for (uint64_t o = begin; o < end; ++o) std::memcpy(y + o * row_bytes + col, x + o * chunk[i], chunk[i]);
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

// Row by row along the last axis: a row whose outer index lies in a constant pad is the constant; else its
// source row is found once, its middle copied in one run, and only the pads on either side element by
// element (an index computation and a copy per element made a 1x64x56x56 pad take 2.7 ms, 13.6 ns each).
Expected<StepPtr> LowerPad(const LowerArgs& a) {
  const auto& p = std::get<PadParams>(a.node.params);
  DataType type = a.input(0).type;
  size_t es = ByteSize(type);
  Shape in_shape = a.input(0).shape, out_shape = a.output(0).shape;
  std::vector<uint64_t> in_strides = Strides(in_shape);
  // The padding value in the element type, once.
  std::vector<uint8_t> fill(es);
  VisitType(type, [&](auto t) {
    using T = decltype(t);
    T v = Store<T>(static_cast<ComputeType<T>>(p.value));
    std::memcpy(fill.data(), &v, es);
  });
  const size_t rank = out_shape.size();
  const uint64_t out_inner = rank ? out_shape[rank - 1] : 1;
  const int64_t in_inner = rank ? static_cast<int64_t>(in_shape[rank - 1]) : 1;
  const int64_t lead = rank ? p.begin[rank - 1] : 0;
  const uint64_t rows = *NumElements(out_shape) / std::max<uint64_t>(out_inner, 1);
  TensorRef rx = a.in[0], ry = a.out[0];
  return MakeStep("pad", [=](const ExecContext& ctx) {
    const uint8_t* x = ctx.Ptr(rx);
    uint8_t* y = ctx.Ptr(ry);
    const auto put_fill = [&](uint8_t* dst, uint64_t count) {
      for (uint64_t j = 0; j < count; ++j) std::memcpy(dst + j * es, fill.data(), es);
    };
    ParallelRows(ctx.pool, rows, out_inner, [&](uint64_t begin, uint64_t end) {
      for (uint64_t r = begin; r < end; ++r) {
        uint8_t* out = y + r * out_inner * es;
        // The source row: the outer axes' indices, from the last but one up.
        int64_t src_row = 0;
        bool constant_row = false;
        uint64_t rest = r;
        for (size_t d = rank > 0 ? rank - 1 : 0; d-- > 0;) {
          const int64_t idx = static_cast<int64_t>(rest % out_shape[d]);
          rest /= out_shape[d];
          const int64_t src = PadSource(p.mode, idx - p.begin[d], static_cast<int64_t>(in_shape[d]));
          if (src < 0) {
            constant_row = true;
            break;
          }
          src_row += src * static_cast<int64_t>(in_strides[d]);
        }
        if (constant_row) {
          put_fill(out, out_inner);
          continue;
        }
        const uint8_t* in = x + src_row * es;
        const auto put_pad = [&](int64_t from, int64_t to) {  // output columns [from, to) outside the input
          for (int64_t j = from; j < to; ++j) {
            const int64_t src = PadSource(p.mode, j - lead, in_inner);
            if (src < 0) {
              std::memcpy(out + j * es, fill.data(), es);
            } else {
              std::memcpy(out + j * es, in + src * es, es);
            }
          }
        };
        put_pad(0, lead);
        std::memcpy(out + lead * es, in, in_inner * es);
        put_pad(lead + in_inner, static_cast<int64_t>(out_inner));
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
