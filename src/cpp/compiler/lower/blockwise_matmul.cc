// BlockwiseMatMul (passes/keep_blockwise_weights.cc): 4- or 8-bit weights packed once for the qb4w / qb8w kernels
// (kernels/qbw.h), at about their stored size (the packed form adds 40 bytes per block of 8 columns). One row (a
// decoder's token step) runs the GEMV tile straight from the packed weights; more rows widen one 8-column block
// of weights at a time into a small float panel (the floats dequantizeLinear gives) and run the f32 GEMM tiles on
// it, so the widening is paid once per block for all rows and no float copy of the weights exists.
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/gemm.h"
#include "kernels/qbw.h"
#include "runtime/aligned_vector.h"

namespace webnn::compiler {

Expected<StepPtr> LowerBlockwiseMatMul(const LowerArgs& a) {
  const auto& p = std::get<BlockwiseMatMulParams>(a.node.params);
  if (kernels::GetF32GemmConfig().nr != kernels::kQbwNr) return NotSupported("matmul: quantized weights need an 8-column GEMM tile.");
  const size_t n = p.n, k = p.k, block = p.block;
  const size_t rows = static_cast<size_t>(*NumElements(a.input(0).shape) / k);
  const DataType type = a.input(1).type;
  const bool four_bit = IsFourBit(type);
  const kernels::QbwConfig& family = kernels::GetQbwConfig(four_bit ? 4 : 8);
  auto packed = std::make_shared<runtime::AlignedVector<uint8_t>>(family.packed_size(n, k, block));
  const kernels::QbwSource source{a.constant(1), p.q_n, p.q_k, reinterpret_cast<const float*>(a.constant(2)), a.constant(3),
                                  p.s_n, p.s_b, type == DataType::kInt4 || type == DataType::kInt8};
  family.pack(n, k, block, source, packed->data());
  const kernels::F32QbwGemmUkernelFn gemv = family.gemv;
  const kernels::QbwF32UnpackUkernelFn unpack = family.unpack;
  for (size_t i = 1; i <= 3; ++i) a.ConsumeConstant(i);
  const size_t block_bytes = family.block_bytes(k, block);
  const size_t column_blocks = (n + kernels::kQbwNr - 1) / kernels::kQbwNr;
  const runtime::TensorRef ra = a.in[0], ry = a.out[0];
  return MakeStep(four_bit ? "matmul4bit" : "matmul8bit", uint64_t{rows} * n * k, [=](const runtime::ExecContext& ctx) {
    const float* x = ctx.As<float>(ra);
    float* y = ctx.As<float>(ry);
    const uint8_t* w = packed->data();
    if (rows == 1) {
      ParallelRows(ctx.pool, column_blocks, kernels::kQbwNr * k / 4, [&](uint64_t b, uint64_t e) {
        const size_t n0 = b * kernels::kQbwNr, nc = std::min<size_t>(n, e * kernels::kQbwNr) - n0;
        gemv(nc, k, block, x, w + b * block_bytes, y + n0);
      });
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

}  // namespace webnn::compiler
