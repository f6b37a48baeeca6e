// MatMul4Bit (passes/keep_four_bit_weights.cc): the 4-bit weights packed once for the qb4w kernels
// (kernels/qb4w.h), at about their stored size (the packed form adds 40 bytes per block of 8 columns). One row
// (a decoder's token step) runs the qb4w GEMV tile straight from the nibbles; more rows widen one 8-column block
// of weights at a time into a small float panel (the floats dequantizeLinear gives) and run the f32 GEMM tiles
// on it, so the widening is paid once per block for all rows and no float copy of the weights exists.
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/gemm.h"
#include "kernels/qb4w.h"
#include "runtime/aligned_vector.h"

namespace webnn::compiler {

Expected<StepPtr> LowerMatMul4Bit(const LowerArgs& a) {
  const auto& p = std::get<MatMul4BitParams>(a.node.params);
  if (kernels::GetF32GemmConfig().nr != kernels::kQb4wNr) return NotSupported("matmul: 4-bit weights need an 8-column GEMM tile.");
  const size_t n = p.n, k = p.k, block = p.block;
  const size_t rows = static_cast<size_t>(*NumElements(a.input(0).shape) / k);
  auto packed = std::make_shared<runtime::AlignedVector<uint8_t>>(kernels::Qb4wPackedSize(n, k, block));
  const bool int4 = a.input(1).type == DataType::kInt4;
  kernels::Qb4wPack(n, k, block,
                    {a.constant(1), p.q_n, p.q_k, reinterpret_cast<const float*>(a.constant(2)), a.constant(3), p.s_n, p.s_b, int4},
                    packed->data());
  for (size_t i = 1; i <= 3; ++i) a.ConsumeConstant(i);
  const size_t block_bytes = kernels::Qb4wBlockBytes(k, block);
  const size_t column_blocks = (n + kernels::kQb4wNr - 1) / kernels::kQb4wNr;
  const runtime::TensorRef ra = a.in[0], ry = a.out[0];
  return MakeStep("matmul4bit", uint64_t{rows} * n * k, [=](const runtime::ExecContext& ctx) {
    const float* x = ctx.As<float>(ra);
    float* y = ctx.As<float>(ry);
    const uint8_t* w = packed->data();
    if (rows == 1) {
      ParallelRows(ctx.pool, column_blocks, kernels::kQb4wNr * k / 4, [&](uint64_t b, uint64_t e) {
        const size_t n0 = b * kernels::kQb4wNr, nc = std::min<size_t>(n, e * kernels::kQb4wNr) - n0;
        kernels::f32_qb4w_gemm_ukernel_1x8__wasmsimd_magic(nc, k, block, x, w + b * block_bytes, y + n0);
      });
      return;
    }
    const auto& cfg = kernels::GetF32GemmConfig();
    const kernels::MinMaxParams params{-INFINITY, INFINITY};
    ParallelRows(ctx.pool, column_blocks, kernels::kQb4wNr * k * (rows + 1), [&](uint64_t b, uint64_t e) {
      runtime::AlignedVector<float> panel(kernels::kQb4wNr * (k + 1));
      for (uint64_t j = b; j < e; ++j) {
        kernels::qb4w_f32_unpack_ukernel__wasmsimd_magic(k, block, w + j * block_bytes, panel.data());
        const size_t n0 = j * kernels::kQb4wNr, nc = std::min<size_t>(kernels::kQb4wNr, n - n0);
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
