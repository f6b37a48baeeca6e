// Weights kept at their stored size by passes/keep_blockwise_weights.cc.
//
// BlockwiseMatMul: 4- or 8-bit weights packed once for the qb4w / qb8w kernels
// (kernels/qbw.h), at about their stored size (the packed form adds 40 bytes per block of 8 columns). One row (a
// decoder's token step) runs the GEMV tile straight from the packed weights (in the relaxed-SIMD artefact, 4-bit
// weights on integer dot products: the row split once into digits, then shared by every task); more rows widen one
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
Expected<std::shared_ptr<const runtime::Buffer>> InputBytes(const LowerArgs& a, size_t i) {
  if (a.input(i).data) return std::shared_ptr<const runtime::Buffer>(a.input(i).data);
  ASSIGN_OR_RETURN(auto bytes, a.input(i).source->ReadAll());
  return std::shared_ptr<const runtime::Buffer>(std::move(bytes));
}

// The packing the quantized input (1) and the scales (2) are both held as (a second session of a model), when it
// was made by `recipe` and holds the zero points (3) as this step would: z_value(zero point (r, b)) at byte
// z_at(r, b). The step then reads it as it is, without reading its weights back and packing them again.
template <typename ZAt, typename ZValue>
std::shared_ptr<const runtime::PackedWeights> HeldPacking(const LowerArgs& a, uint64_t recipe, size_t rows, size_t blocks,
                                                           int64_t s_n, int64_t s_b, ZAt z_at, ZValue z_value) {
  const auto& q = a.input(1).source;
  const auto& s = a.input(2).source;
  const uint8_t* z = a.constant(3);
  if (!q || !s || !z || q->packing() != s->packing() || q->recipe() != recipe || s->recipe() != recipe) return nullptr;
  const uint8_t* w = q->packing()->data();
  for (size_t r = 0; r < rows; ++r) {
    for (size_t b = 0; b < blocks; ++b) {
      if (w[z_at(r, b)] != z_value(z[static_cast<int64_t>(r) * s_n + static_cast<int64_t>(b) * s_b])) return nullptr;
    }
  }
  return q->packing();
}

// How the sources a blockwise packing holds are read back (runtime::WeightSourceLayout::read_rows).
// MatMulNBits' [N, K] nibbles from the qb4w packing: params {k, block, is_signed}.
void ReadQb4wRows(const uint64_t* params, const uint8_t* w, size_t first, size_t count, uint8_t* out) {
  kernels::Qb4wReadRows(params[0], params[1], params[2] != 0, w, first, count, out);
}
// A gathered table's rows, the packing's with int4's flip undone: params {row_bytes, flip}.
void ReadTableRows(const uint64_t* params, const uint8_t* w, size_t first, size_t count, uint8_t* out) {
  const uint8_t* from = w + first * params[0];
  for (size_t i = 0; i < count * params[0]; ++i) out[i] = from[i] ^ static_cast<uint8_t>(params[1]);
}
// Scale rows [rows, blocks] from a qbw packing, scale (r, b) at r / 8 * block_bytes + b * block_stride + r % 8 * 4:
// params {blocks, block_bytes, block_stride}.
void ReadQbwScaleRows(const uint64_t* params, const uint8_t* w, size_t first, size_t count, uint8_t* out) {
  for (size_t r = first; r < first + count; ++r) {
    const uint8_t* column = w + r / kernels::kQbwNr * params[1] + r % kernels::kQbwNr * sizeof(float);
    for (size_t b = 0; b < params[0]; ++b, out += sizeof(float)) std::memcpy(out, column + b * params[2], sizeof(float));
  }
}
// Scale rows from a gathered table, where they lie as given: params {blocks, s_at}.
void ReadTableScaleRows(const uint64_t* params, const uint8_t* w, size_t first, size_t count, uint8_t* out) {
  std::memcpy(out, w + params[1] + first * params[0] * sizeof(float), count * params[0] * sizeof(float));
}

// Registers the scales as a source too (runtime/weight_sources.h) when the packing holds them all as the page gave
// them, float32 [rows, blocks], read back by `read_rows` with `params`.
void RegisterScales(DataType type, const runtime::Buffer& scales, int64_t s_n, int64_t s_b, size_t rows, size_t blocks,
                    const std::shared_ptr<const runtime::PackedWeights>& packed, uint64_t recipe,
                    runtime::WeightSourceLayout::ReadRowsFn read_rows, std::initializer_list<uint64_t> params) {
  if (type != DataType::kFloat32 || s_n != static_cast<int64_t>(blocks) || s_b != 1 || scales.size() != rows * blocks * sizeof(float)) return;
  runtime::WeightSourceLayout layout{rows, blocks * sizeof(float), read_rows, {}, recipe};
  std::copy(params.begin(), params.end(), layout.params);
  runtime::RegisterWeightSource(DataType::kFloat32, scales.data(), packed, layout);
}

// The gather's table (LowerBlockwiseGather) from its inputs' bytes, shared, its rows and scales registered as sources.
Expected<std::shared_ptr<const runtime::PackedWeights>> PackTable(const LowerArgs& a, uint64_t recipe, size_t s_at, size_t z_at) {
  const auto& p = std::get<BlockwiseGatherParams>(a.node.params);
  const size_t rows = p.rows, row = p.row, blocks = row / p.block;
  const DataType type = a.input(1).type;
  const bool four_bit = IsFourBit(type);
  const uint8_t offset = type == DataType::kInt4 ? 8 : type == DataType::kInt8 ? 128 : 0;
  const size_t row_bytes = four_bit ? (row + 1) / 2 : row;
  auto table = std::make_shared<runtime::PackedWeights>(z_at + rows * blocks);
  uint8_t* q = table->data();
  float* s = reinterpret_cast<float*>(table->data() + s_at);
  uint8_t* z = table->data() + z_at;
  ASSIGN_OR_RETURN(auto q_bytes, InputBytes(a, 1));
  ASSIGN_OR_RETURN(auto s_bytes, InputBytes(a, 2));
  const uint8_t* q_in = q_bytes->data();
  const float* s_in = reinterpret_cast<const float*>(s_bytes->data());
  const uint8_t* z_in = a.constant(3);
  // Nibbles as the page gave them are already the table's rows (a row is whole blocks of a multiple of 4, so it
  // starts on a byte): int4 is offset by flipping each nibble's top bit.
  const bool nibbles = a.input(1).nibbles;
  std::vector<uint8_t> offset_row(offset ? row : 0);
  for (size_t r = 0; r < rows; ++r) {
    if (nibbles) {
      const uint8_t* from = q_in + r * row_bytes;
      uint8_t* to = q + r * row_bytes;
      if (offset) {
        for (size_t i = 0; i < row_bytes; ++i) to[i] = from[i] ^ 0x88;
      } else {
        std::memcpy(to, from, row_bytes);
      }
    } else {
      const uint8_t* values = q_in + r * row;
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
      s[r * blocks + b] = s_in[at];
      z[r * blocks + b] = static_cast<uint8_t>(z_in[at] + offset);
    }
  }
  std::shared_ptr<const runtime::PackedWeights> held = runtime::ShareWeights(std::move(table));
  if (nibbles && q_bytes->size() == rows * row_bytes) {
    // The table's rows are the page's (int4 with each nibble's top bit flipped): a later constant() of them is this one.
    runtime::RegisterWeightSource(type, q_in, held, {rows, row_bytes, ReadTableRows, {row_bytes, offset ? 0x88u : 0u}, recipe});
  }
  RegisterScales(a.input(2).type, *s_bytes, p.s_n, p.s_b, rows, blocks, held, recipe, ReadTableScaleRows, {blocks, s_at});
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
  const size_t blocks = k / block, block_bytes = family.block_bytes(k, block), block_stride = block_bytes / blocks;
  // Where the packing holds zero point (r, b): after the 8 scales of its block.
  const auto zero_point_at = [=](size_t r, size_t b) { return r / kernels::kQbwNr * block_bytes + b * block_stride + kernels::kQbwNr * sizeof(float) + r % kernels::kQbwNr; };
  const uint8_t mask = four_bit ? 0xF : 0xFF, flip = is_signed ? (four_bit ? 8 : 128) : 0;
  const uint64_t recipe = Recipe({1, four_bit ? 4u : 8u, n, k, block, is_signed, static_cast<uint64_t>(p.q_n),
                                  static_cast<uint64_t>(p.q_k), static_cast<uint64_t>(p.s_n), static_cast<uint64_t>(p.s_b)});
  std::shared_ptr<const runtime::PackedWeights> packed =
      HeldPacking(a, recipe, n, blocks, p.s_n, p.s_b, zero_point_at, [=](uint8_t z) { return static_cast<uint8_t>((z ^ flip) & mask); });
  if (!packed) {
    ASSIGN_OR_RETURN(auto q, InputBytes(a, 1));
    ASSIGN_OR_RETURN(auto scales, InputBytes(a, 2));
    auto packing = std::make_shared<runtime::PackedWeights>(family.packed_size(n, k, block));
    const kernels::QbwSource source{q->data(), p.q_n, p.q_k, reinterpret_cast<const float*>(scales->data()), a.constant(3),
                                    p.s_n, p.s_b, is_signed, a.input(1).nibbles};
    family.pack(n, k, block, source, packing->data());
    packed = runtime::ShareWeights(std::move(packing));
    if (four_bit && source.q_nibbles && p.q_k == 1 && p.q_n == static_cast<int64_t>(k) && q->size() == n * k / 2) {
      // MatMulNBits' [N, K] nibbles, all of them in the packing: a later constant() of the same bytes is this one.
      runtime::RegisterWeightSource(type, q->data(), packed, {n, k / 2, ReadQb4wRows, {k, block, is_signed}, recipe});
    }
    RegisterScales(a.input(2).type, *scales, p.s_n, p.s_b, n, blocks, packed, recipe, ReadQbwScaleRows, {blocks, block_bytes, block_stride});
  }
  const kernels::F32QbwGemmUkernelFn gemv = family.gemv;
  const kernels::QbwF32UnpackUkernelFn unpack = family.unpack;
  // The integer-dot GEMV's split row (its digits, then per block its unit and 3 sums) in the plan's scratch, which
  // the steps of a plan share (they run one at a time): a buffer of its own per step would be a small allocation
  // that outlives the build inside the holes freed constants leave, splitting them.
  const kernels::F32QbwDotGemvFn dot_gemv = rows == 1 ? family.dot_gemv : nullptr;
  // The GEMV's tasks: up to 32 a thread, so that the thread that finishes first waits for at most a short one (with
  // 8, each of a 4864 x 896 GEMV's 16 tasks ran ~15 us at 2 threads and the joins were 8% of a token step).
  constexpr uint64_t kGemvTasksPerThread = 32;
  const size_t limb_bytes = dot_gemv ? 3 * k + 16 * blocks : 0;  // 3k is a multiple of 4: blocks are
  for (size_t i = 1; i <= 3; ++i) a.ConsumeConstant(i);
  const size_t column_blocks = (n + kernels::kQbwNr - 1) / kernels::kQbwNr;
  const runtime::TensorRef ra = a.in[0], ry = a.out[0];
  return MakeStepWithScratch(four_bit ? "matmul4bit" : "matmul8bit", uint64_t{rows} * n * k, limb_bytes, [=](const runtime::ExecContext& ctx) {
    const float* x = ctx.As<float>(ra);
    float* y = ctx.As<float>(ry);
    const uint8_t* w = packed->data();
    if (rows == 1) {
      int8_t* digits = reinterpret_cast<int8_t*>(ctx.scratch);
      float* units = reinterpret_cast<float*>(digits + 3 * k);
      int32_t* sums = reinterpret_cast<int32_t*>(units + blocks);
      const bool dot = dot_gemv && family.split(k, block, x, digits, units, sums);  // not with NaN or infinity
      ParallelRows(ctx.pool, column_blocks, kernels::kQbwNr * k / 4, [&](uint64_t b, uint64_t e) {
        const size_t n0 = b * kernels::kQbwNr, nc = std::min<size_t>(n, e * kernels::kQbwNr) - n0;
        if (dot) return dot_gemv(nc, k, block, digits, units, sums, w + b * block_bytes, y + n0);
        gemv(nc, k, block, x, w + b * block_bytes, y + n0);
      }, kGemvTasksPerThread);
      return;
    }
    const auto& cfg = kernels::GetF32GemmConfig();
    const kernels::MinMaxParams params{-INFINITY, INFINITY};
    ParallelRows(ctx.pool, column_blocks, kernels::kQbwNr * k * (rows + 1), [&](uint64_t b, uint64_t e) {
      runtime::AlignedVector<float> panel(kernels::kQbwNr * (k + 1));
      for (uint64_t j = b; j < e; ++j) {
        unpack(k, block, w + j * block_bytes, panel.data());
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
  // One buffer (so that ShareWeights can hold it once): the rows, then the scales, then the zero points.
  const size_t s_at = (rows * row_bytes + 15) / 16 * 16, z_at = s_at + rows * blocks * sizeof(float);
  const uint64_t recipe = Recipe({2, rows, row, block, static_cast<uint64_t>(type), static_cast<uint64_t>(p.s_n), static_cast<uint64_t>(p.s_b)});
  std::shared_ptr<const runtime::PackedWeights> held = HeldPacking(
      a, recipe, rows, blocks, p.s_n, p.s_b, [=](size_t r, size_t b) { return z_at + r * blocks + b; },
      [=](uint8_t v) { return static_cast<uint8_t>(v + offset); });
  if (!held) {
    ASSIGN_OR_RETURN(held, PackTable(a, recipe, s_at, z_at));
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
    const float* s = reinterpret_cast<const float*>(held->data() + s_at);
    const uint8_t* z = held->data() + z_at;
    for (uint64_t j = 0; j < count; ++j) {
      const uint64_t r = ClampIndex(ReadIndex(index_type, indices, j), rows);
      widen(row, block, q + r * row_bytes, s + r * blocks, z + r * blocks, y + j * row);
    }
  });
}

}  // namespace webnn::compiler
