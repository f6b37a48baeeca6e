// Weights kept at their stored size by passes/keep_blockwise_weights.cc.
//
// BlockwiseMatMul: 4- or 8-bit weights packed once for the qb4w / qb8w kernels
// (kernels/qbw.h), at about their stored size (the groups in the constant's own bytes when the step is their only
// reader, beside them 40 bytes of scales and zero points per block of 8 columns). One row (a
// decoder's token step) runs a GEMV straight from the packed weights: 4-bit weights on integer dot products, the row
// quantized once per block to 16 bits (qd16, the default) or to int8 (qd8, as onnxruntime's MatMulNBits at accuracy
// level 4), or split into digits that keep float32's accuracy (CompileOptions::activation_bits), then shared by every
// task; 8-bit weights on the float tile (relaxed SIMD) or int16 dot products of two digits; more rows widen one
// 8-column block of weights at a time into a small float panel (the floats dequantizeLinear gives) and run the f32
// GEMM tiles on it, so the widening is paid once per block for all rows and no float copy of the weights exists.
#include <algorithm>
#include <cstring>
#include <initializer_list>

#include "compiler/lower/indices.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/gemm.h"
#include "kernels/qbw.h"
#include "runtime/aligned_vector.h"
#include "runtime/four_bit.h"
#include "runtime/shared_weights.h"
#include "runtime/weight_sources.h"

namespace webnn::compiler {
namespace {

// What besides the weights, scales and zero points decides a packing's bytes (runtime::WeightSourceLayout::recipe):
// the step's kind, shape, block and signedness, and where it reads each element of its inputs from (the same bytes
// read as [K, N] instead of [N, K] pack differently).
uint64_t Recipe(std::initializer_list<uint64_t> parts) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (uint64_t v : parts) {
    h = (h ^ v) * 0x100000001B3ull;
    h ^= h >> 31;
  }
  return h | 1;  // 0 is no recipe
}

// Constant input i's bytes: its own, or read back from the packing it holds (Value::source) for this step only.
// `ours`: the step may write its own form over them (it is the constant's only reader, LowerArgs::sole_reader, or
// they were read back for it alone).
struct InputBytes {
  std::shared_ptr<runtime::Buffer> buffer;
  bool ours = false;
};
Expected<InputBytes> BytesOf(const LowerArgs& a, size_t i) {
  if (a.input(i).data) return InputBytes{a.input(i).data, a.sole_reader(i)};
  ASSIGN_OR_RETURN(auto bytes, a.input(i).source->ReadAll());
  return InputBytes{std::move(bytes), true};
}

// Zero point i (input 3) as the engine holds an element, a byte (int4 sign-extended), also when constant() kept the
// zero points two to a byte: a blockwise step reads them as they are (passes/unpack_four_bit_constants.cc).
uint8_t ZeroPoint(const LowerArgs& a, int64_t i) {
  const uint8_t* z = a.constant(3);
  if (!a.input(3).nibbles) return z[i];
  const uint8_t v = (z[i >> 1] >> ((i & 1) * 4)) & 0xF;
  return a.input(3).type == DataType::kInt4 ? static_cast<uint8_t>(static_cast<int8_t>(v << 4) >> 4) : v;
}

// The packing the quantized input (1) and the scales (2) are both held as (a second session of a model), when it
// was made by `recipe` and holds the zero points (3) as this step would: z_value(zero point (r, b)) at byte
// z_at(r, b). The step then reads it as it is, without reading its weights back and packing them again.
template <typename ZAt, typename ZValue>
std::shared_ptr<const runtime::PackedWeights> HeldPacking(const LowerArgs& a, uint64_t recipe, size_t rows, size_t blocks,
                                                           int64_t s_n, int64_t s_b, ZAt z_at, ZValue z_value) {
  const auto& q = a.input(1).source;
  const auto& s = a.input(2).source;
  if (!q || !s || !a.constant(3) || q->packing() != s->packing() || q->recipe() != recipe || s->recipe() != recipe) return nullptr;
  const uint8_t* w = q->packing()->side();
  for (size_t r = 0; r < rows; ++r) {
    for (size_t b = 0; b < blocks; ++b) {
      if (w[z_at(r, b)] != z_value(ZeroPoint(a, static_cast<int64_t>(r) * s_n + static_cast<int64_t>(b) * s_b))) return nullptr;
    }
  }
  return q->packing();
}

// How the sources a blockwise packing holds are read back (runtime::WeightSourceLayout::read_rows).
// MatMulNBits' [N, K] nibbles from the qb4w groups (plane 0): params {k, is_signed}.
void ReadQb4wRows(const uint64_t* params, const uint8_t* groups, size_t first, size_t count, uint8_t* out) {
  kernels::Qb4wReadRows(params[0], params[1] != 0, groups, first, count, out);
}
// A gathered table's rows (plane 0), with int4's flip undone: params {row_bytes, flip}.
void ReadTableRows(const uint64_t* params, const uint8_t* rows, size_t first, size_t count, uint8_t* out) {
  const uint8_t* from = rows + first * params[0];
  for (size_t i = 0; i < count * params[0]; ++i) out[i] = from[i] ^ static_cast<uint8_t>(params[1]);
}
// Scale rows [rows, blocks] from a qbw packing's headers (plane 1), scale (r, b) at r / 8 * header_block +
// b * kQbwHeaderBytes + r % 8 * 4: params {blocks, header_block}.
void ReadQbwScaleRows(const uint64_t* params, const uint8_t* headers, size_t first, size_t count, uint8_t* out) {
  for (size_t r = first; r < first + count; ++r) {
    const uint8_t* column = headers + r / kernels::kQbwNr * params[1] + r % kernels::kQbwNr * sizeof(float);
    for (size_t b = 0; b < params[0]; ++b, out += sizeof(float)) std::memcpy(out, column + b * kernels::kQbwHeaderBytes, sizeof(float));
  }
}
// Scale rows from a gathered table's side plane (plane 1), where they lie as given first: params {blocks}.
void ReadTableScaleRows(const uint64_t* params, const uint8_t* side, size_t first, size_t count, uint8_t* out) {
  std::memcpy(out, side + first * params[0] * sizeof(float), count * params[0] * sizeof(float));
}

// Registers the scales as a source too (runtime/weight_sources.h) when the packing holds them all as the page gave
// them, float32 [rows, blocks], read back from its side plane by `read_rows` with `params`.
void RegisterScales(DataType type, const runtime::Buffer& scales, int64_t s_n, int64_t s_b, size_t rows, size_t blocks,
                    const std::shared_ptr<const runtime::PackedWeights>& packed, uint64_t recipe,
                    runtime::WeightSourceLayout::ReadRowsFn read_rows, std::initializer_list<uint64_t> params) {
  if (type != DataType::kFloat32 || s_n != static_cast<int64_t>(blocks) || s_b != 1 || scales.size() != rows * blocks * sizeof(float)) return;
  runtime::WeightSourceLayout layout{rows, blocks * sizeof(float), read_rows, {}, recipe, /*plane=*/1};
  std::copy(params.begin(), params.end(), layout.params);
  runtime::RegisterWeightSource(DataType::kFloat32, runtime::WeightSourceKey(scales.data(), scales.size()), packed, layout);
}

// The gather's table (LowerBlockwiseGather) from its inputs' bytes, shared, its rows and scales registered as
// sources: its rows (offset binary, 4-bit two to a byte) in the main plane, which is the constant's own bytes when
// the step is their only reader (int4 and int8 offset there in place), then the scales and the zero points (at
// z_at) in the side plane.
Expected<std::shared_ptr<const runtime::PackedWeights>> PackTable(const LowerArgs& a, uint64_t recipe, size_t z_at) {
  const auto& p = std::get<BlockwiseGatherParams>(a.node.params);
  const size_t rows = p.rows, row = p.row, blocks = row / p.block;
  const DataType type = a.input(1).type;
  const bool four_bit = IsFourBit(type);
  const uint8_t offset = type == DataType::kInt4 ? 8 : type == DataType::kInt8 ? 128 : 0;
  const size_t row_bytes = four_bit ? (row + 1) / 2 : row;
  ASSIGN_OR_RETURN(InputBytes q_in, BytesOf(a, 1));
  ASSIGN_OR_RETURN(InputBytes s_in, BytesOf(a, 2));
  // The page's rows are already the table's when 4-bit values are kept two to a byte (a row is whole blocks of a
  // multiple of 4, so it starts on a byte) or 8-bit ones a byte each; an offset is one flip of each value's top bit.
  const bool as_given = (four_bit ? a.input(1).nibbles : true) && q_in.buffer->size() == rows * row_bytes;
  const uint8_t flip = four_bit ? (offset ? 0x88 : 0) : offset;
  const bool register_rows = as_given && four_bit;  // a later constant() of the same nibbles is this one
  const uint64_t key = register_rows ? runtime::WeightSourceKey(q_in.buffer->data(), q_in.buffer->size()) : 0;  // before a flip in place
  std::shared_ptr<runtime::Buffer> table_rows = as_given && q_in.ours ? q_in.buffer : nullptr;
  if (!table_rows) {
    ASSIGN_OR_RETURN(table_rows, runtime::Buffer::AllocateForOverwrite(rows * row_bytes));
  }
  ASSIGN_OR_RETURN(auto side, runtime::Buffer::AllocateForOverwrite(z_at + rows * blocks));
  uint8_t* q = table_rows->data();
  float* s = reinterpret_cast<float*>(side->data());
  uint8_t* z = side->data() + z_at;
  const uint8_t* q_bytes = q_in.buffer->data();
  const float* scales = reinterpret_cast<const float*>(s_in.buffer->data());
  std::vector<uint8_t> offset_row(offset ? row : 0);
  for (size_t r = 0; r < rows; ++r) {
    if (as_given) {
      const uint8_t* from = q_bytes + r * row_bytes;
      uint8_t* to = q + r * row_bytes;
      if (flip) {
        for (size_t i = 0; i < row_bytes; ++i) to[i] = from[i] ^ flip;
      } else if (to != from) {
        std::memcpy(to, from, row_bytes);
      }
    } else {
      const uint8_t* values = q_bytes + r * row;
      if (offset) {
        for (size_t i = 0; i < row; ++i) offset_row[i] = static_cast<uint8_t>(values[i] + offset);
        values = offset_row.data();
      }
      if (four_bit) {
        runtime::PackFourBit(row, values, q + r * row_bytes);
      } else {
        std::memcpy(q + r * row_bytes, values, row);
      }
    }
    for (size_t b = 0; b < blocks; ++b) {
      const int64_t at = static_cast<int64_t>(r) * p.s_n + static_cast<int64_t>(b) * p.s_b;
      s[r * blocks + b] = scales[at];
      z[r * blocks + b] = static_cast<uint8_t>(ZeroPoint(a, at) + offset);
    }
  }
  std::shared_ptr<const runtime::PackedWeights> held =
      runtime::ShareWeights(std::make_shared<runtime::PackedWeights>(std::move(table_rows), std::move(side)));
  if (register_rows) {
    // The table's rows are the page's (int4 with each nibble's top bit flipped).
    runtime::RegisterWeightSource(type, key, held, {rows, row_bytes, ReadTableRows, {row_bytes, flip}, recipe, /*plane=*/0});
  }
  RegisterScales(a.input(2).type, *s_in.buffer, p.s_n, p.s_b, rows, blocks, held, recipe, ReadTableScaleRows, {blocks});
  return held;
}

}  // namespace

bool TakesWeightSource(const Node& node, size_t i) {
  const bool blockwise = std::holds_alternative<BlockwiseMatMulParams>(node.params) ||
                         std::holds_alternative<BlockwiseGatherParams>(node.params);
  return blockwise && (i == 1 || i == 2);
}

Expected<StepPtr> LowerBlockwiseMatMul(const LowerArgs& a) {
  const auto& p = std::get<BlockwiseMatMulParams>(a.node.params);
  if (kernels::GetF32GemmConfig().nr != kernels::kQbwNr) return NotSupported("matmul: quantized weights need an 8-column GEMM tile.");
  const size_t n = p.n, k = p.k, block = p.block;
  const size_t rows = static_cast<size_t>(*NumElements(a.input(0).shape) / k);
  const DataType type = a.input(1).type;
  const bool four_bit = IsFourBit(type);
  const kernels::QbwConfig& family = kernels::GetQbwConfig(four_bit ? 4 : 8);
  const bool is_signed = type == DataType::kInt4 || type == DataType::kInt8;
  const size_t blocks = k / block, column_blocks = kernels::QbwColumnBlocks(n);
  const size_t group_block = family.group_block_bytes(k), header_block = kernels::QbwHeaderBlockBytes(k, block);
  // Where the headers hold zero point (r, b): after the 8 scales of its block.
  const auto zero_point_at = [=](size_t r, size_t b) {
    return r / kernels::kQbwNr * header_block + b * kernels::kQbwHeaderBytes + kernels::kQbwNr * sizeof(float) + r % kernels::kQbwNr;
  };
  const uint8_t mask = four_bit ? 0xF : 0xFF, flip = is_signed ? (four_bit ? 8 : 128) : 0;
  const uint64_t recipe = Recipe({1, four_bit ? 4u : 8u, n, k, block, is_signed, static_cast<uint64_t>(p.q_n),
                                  static_cast<uint64_t>(p.q_k), static_cast<uint64_t>(p.s_n), static_cast<uint64_t>(p.s_b)});
  std::shared_ptr<const runtime::PackedWeights> packed =
      HeldPacking(a, recipe, n, blocks, p.s_n, p.s_b, zero_point_at, [=](uint8_t z) { return static_cast<uint8_t>((z ^ flip) & mask); });
  if (!packed) {
    ASSIGN_OR_RETURN(InputBytes q, BytesOf(a, 1));
    ASSIGN_OR_RETURN(InputBytes scales, BytesOf(a, 2));
    const kernels::QbwSource source{q.buffer->data(), p.q_n, p.q_k, reinterpret_cast<const float*>(scales.buffer->data()),
                                    a.constant(3), p.s_n, p.s_b, is_signed, a.input(1).nibbles, a.input(3).nibbles};
    // [N, K] as constant() took it (MatMulNBits'): block j of the groups is exactly the bytes of rows 8j..8j+7, so
    // the groups are packed in those bytes when they are the step's (kernels/qbw.h). No second copy of the weights
    // is made, and the build needs no fresh memory for them, only for the headers.
    const size_t groups_size = column_blocks * group_block;
    const bool as_given = p.q_k == 1 && p.q_n == static_cast<int64_t>(k) && (!four_bit || source.q_nibbles) && n % kernels::kQbwNr == 0 &&
                          q.buffer->size() == groups_size;
    const bool register_q = four_bit && as_given;  // a later constant() of the same nibbles is this one
    const uint64_t key = register_q ? runtime::WeightSourceKey(q.buffer->data(), q.buffer->size()) : 0;  // before packing over them
    std::shared_ptr<runtime::Buffer> groups = as_given && q.ours ? q.buffer : nullptr;
    if (!groups) {
      ASSIGN_OR_RETURN(groups, runtime::Buffer::AllocateForOverwrite(groups_size));
    }
    ASSIGN_OR_RETURN(auto headers, runtime::Buffer::AllocateForOverwrite(column_blocks * header_block));
    family.pack(n, k, block, source, groups->data(), headers->data());
    packed = runtime::ShareWeights(std::make_shared<runtime::PackedWeights>(std::move(groups), std::move(headers)));
    if (register_q) runtime::RegisterWeightSource(type, key, packed, {n, k / 2, ReadQb4wRows, {k, is_signed}, recipe, /*plane=*/0});
    RegisterScales(a.input(2).type, *scales.buffer, p.s_n, p.s_b, n, blocks, packed, recipe, ReadQbwScaleRows, {blocks, header_block});
  }
  const kernels::F32QbwGemmUkernelFn gemv = family.gemv;
  const kernels::QbwF32UnpackUkernelFn unpack = family.unpack;
  // The integer-dot GEMV's split row (its digits, then per block its unit and its sums) in the plan's scratch, which
  // the steps of a plan share (they run one at a time): a buffer of its own per step would be a small allocation
  // that outlives the build inside the holes freed constants leave, splitting them.
  // The activations' width (CompileOptions::activation_bits) where the family has that GEMV and the block fits it,
  // else the digits' (a scale per column: one unit for a whole row would cost the small activations their precision).
  const kernels::QbwDotGemv& wanted = a.g.activation_bits == 8 ? family.qd8 : a.g.activation_bits == 16 ? family.qd16 : family.digits;
  const kernels::QbwDotGemv& dot = wanted.gemv && block <= wanted.max_block ? wanted : family.digits;
  const kernels::F32QbwDotGemvFn dot_gemv = rows == 1 && block <= dot.max_block ? dot.gemv : nullptr;
  // The GEMV's tasks: up to 32 a thread, so that the thread that finishes first waits for at most a short one (with
  // 8, each of a 4864 x 896 GEMV's 16 tasks ran ~15 us at 2 threads and the joins were 8% of a token step).
  constexpr uint64_t kGemvTasksPerThread = 32;
  const size_t digit_bytes = (dot.limb_bytes_per_k * k + 3) / 4 * 4;
  const size_t limb_bytes = dot_gemv ? digit_bytes + (1 + dot.sums_per_block) * 4 * blocks : 0;
  for (size_t i = 1; i <= 3; ++i) a.ConsumeConstant(i);
  const runtime::TensorRef ra = a.in[0], ry = a.out[0];
  return MakeStepWithScratch(four_bit ? "matmul4bit" : "matmul8bit", uint64_t{rows} * n * k, limb_bytes, [=](const runtime::ExecContext& ctx) {
    const float* x = ctx.As<float>(ra);
    float* y = ctx.As<float>(ry);
    const uint8_t* w = packed->data();
    const uint8_t* h = packed->side();
    if (rows == 1) {
      int8_t* digits = reinterpret_cast<int8_t*>(ctx.scratch);
      float* units = reinterpret_cast<float*>(digits + digit_bytes);
      int32_t* sums = reinterpret_cast<int32_t*>(units + blocks);
      const bool split = dot_gemv && dot.split(k, block, x, digits, units, sums);  // not with NaN or infinity
      ParallelRows(ctx.pool, column_blocks, kernels::kQbwNr * k / 4, [&](uint64_t b, uint64_t e) {
        const size_t n0 = b * kernels::kQbwNr, nc = std::min<size_t>(n, e * kernels::kQbwNr) - n0;
        if (split) return dot_gemv(nc, k, block, digits, units, sums, w + b * group_block, h + b * header_block, y + n0);
        gemv(nc, k, block, x, w + b * group_block, h + b * header_block, y + n0);
      }, kGemvTasksPerThread);
      return;
    }
    const auto& cfg = kernels::GetF32GemmConfig();
    const kernels::MinMaxParams params{-INFINITY, INFINITY};
    ParallelRows(ctx.pool, column_blocks, kernels::kQbwNr * k * (rows + 1), [&](uint64_t b, uint64_t e) {
      runtime::AlignedVector<float> panel(kernels::kQbwNr * (k + 1));
      for (uint64_t j = b; j < e; ++j) {
        unpack(k, block, w + j * group_block, h + j * header_block, panel.data());
        const size_t n0 = j * kernels::kQbwNr, nc = std::min<size_t>(kernels::kQbwNr, n - n0);
        for (size_t i = 0; i < rows; i += cfg.mr) {
          const size_t mr = std::min<size_t>(cfg.mr, rows - i);
          (mr == 1 && cfg.gemm1 ? cfg.gemm1 : cfg.gemm)(mr, nc, k, x + i * k, k * sizeof(float), panel.data(), y + i * n + n0,
                                            n * sizeof(float), cfg.nr * sizeof(float), &params);
        }
      }
    });
  });
}

// BlockwiseGather: the table's rows kept in the row form of kernels/qbw.h (4-bit values two to a byte, offset
// binary; the scales and zero points of a row beside each other), each gathered row widened to floats, the bits
// dequantizeLinear gives. An embedding of 151,936 x 896 holds 68 MB of nibbles and 21 MB of scales and zero
// points, against 545 MB as a folded float32 table.
Expected<StepPtr> LowerBlockwiseGather(const LowerArgs& a) {
  const auto& p = std::get<BlockwiseGatherParams>(a.node.params);
  const size_t rows = p.rows, row = p.row, block = p.block, blocks = row / block;
  const DataType type = a.input(1).type;
  const bool four_bit = IsFourBit(type);
  const uint8_t offset = type == DataType::kInt4 ? 8 : type == DataType::kInt8 ? 128 : 0;
  const size_t row_bytes = four_bit ? (row + 1) / 2 : row;
  // The side plane: the scales, then the zero points.
  const size_t z_at = rows * blocks * sizeof(float);
  const uint64_t recipe = Recipe({2, rows, row, block, static_cast<uint64_t>(type), static_cast<uint64_t>(p.s_n), static_cast<uint64_t>(p.s_b)});
  std::shared_ptr<const runtime::PackedWeights> held = HeldPacking(
      a, recipe, rows, blocks, p.s_n, p.s_b, [=](size_t r, size_t b) { return z_at + r * blocks + b; },
      [=](uint8_t v) { return static_cast<uint8_t>(v + offset); });
  if (!held) {
    ASSIGN_OR_RETURN(held, PackTable(a, recipe, z_at));
  }
  for (size_t i = 1; i <= 3; ++i) a.ConsumeConstant(i);
  const auto widen = four_bit ? kernels::qb4w_f32_vcvt_ukernel__scalar : kernels::qb8w_f32_vcvt_ukernel__scalar;
  const uint64_t count = *NumElements(a.input(0).shape);
  const DataType index_type = a.input(0).type;
  const runtime::TensorRef ri = a.in[0], ry = a.out[0];
  return MakeStep(four_bit ? "gather4bit" : "gather8bit", [=](const runtime::ExecContext& ctx) {
    const uint8_t* indices = ctx.Ptr(ri);
    float* y = ctx.As<float>(ry);
    const uint8_t* q = held->data();
    const float* s = reinterpret_cast<const float*>(held->side());
    const uint8_t* z = held->side() + z_at;
    for (uint64_t j = 0; j < count; ++j) {
      const uint64_t r = ClampIndex(ReadIndex(index_type, indices, j), rows);
      widen(row, block, q + r * row_bytes, s + r * blocks, z + r * blocks, y + j * row);
    }
  });
}

}  // namespace webnn::compiler
