// matMulInteger (MatMulIntegerParams, made by FuseIntegerOps): the qu8 GEMM of uint8 rows [..., M, K] with a
// run-time zero point by b packed once at its stored size from its bytes as given (uint8 and a zero point
// per column, the _ld64 kernels: a one-row product is bound by the weight bytes it reads), exact int32 sums,
// or float32 with the fused epilogue (integer_gemm.h), or quantized again (a QDQ model's requantization). The
// IGEMM kernels serve as GEMM: one tap, each tile's row pointers made on the stack from a's base (a is a run-time
// tensor).
#include <algorithm>
#include <vector>

#include "compiler/lower/integer_gemm.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/qgemm.h"

namespace webnn::compiler {
namespace {

using runtime::ExecContext;
using runtime::TensorRef;

constexpr size_t kNr = kernels::kQU8IgemmNr;
constexpr size_t kMaxMr = 3;

class MatMulIntegerStep final : public runtime::Step {
 public:
  MatMulIntegerStep(size_t m, size_t k, size_t n, std::vector<uint8_t> packed, TensorRef a, TensorRef zero_point,
                    TensorRef out, IntegerEpilogue epilogue, OutputQuantization quantization)
      : m_(m), k_(k), n_(n), packed_(std::move(packed)), a_(a), zero_point_(zero_point), out_(out),
        epilogue_(std::move(epilogue)), quantization_(quantization), zero_(k + 16) {
    // One or two rows (a decoder's token) take the tile of their height: the 3-row tile would compute rows
    // it then drops.
    mr_ = std::min(m_, kMaxMr);
    igemm_ = mr_ == 1 ? kernels::qu8_igemm_ukernel_1x4c8__wasmsimd_dot16x2_ld64
           : mr_ == 2 ? kernels::qu8_igemm_ukernel_2x4c8__wasmsimd_dot16x2_ld64
                      : kernels::qu8_igemm_ukernel_3x4c8__wasmsimd_dot16x2_ld64;
  }

  const char* name() const override { return "matMulInteger/gemm"; }
  uint64_t macs() const override { return uint64_t{m_} * n_ * k_; }

  void Run(const ExecContext& ctx) const override {
    const uint8_t* a = ctx.As<uint8_t>(a_);
    uint8_t* output = ctx.As<uint8_t>(out_);
    const kernels::QU8ConvParams params{*ctx.As<uint8_t>(zero_point_)};
    epilogue_.Load(ctx);
    quantization_.Load(ctx);
    const size_t block_bytes = packed_.size() / ((n_ + kNr - 1) / kNr);
    // A quantized output takes whole rows where there are rows enough to share out: one quantize call per tile.
    const size_t n_tile = quantization_.present() && m_ > 2 * mr_ ? runtime::AlignUp(n_, kNr) : CappedColumnTile(m_, n_, mr_, kNr);
    ParallelTiles2D(ctx.pool, macs(), m_, n_, mr_, n_tile, [&](size_t i, size_t j, size_t mi, size_t nj) {
      const uint8_t* rows[kMaxMr];
      for (size_t r = 0; r < mr_; ++r) rows[r] = a + std::min(i + r, m_ - 1) * k_;  // past mi: the last row again
      const auto run = [&](size_t j0, size_t nc, int32_t* tile, size_t stride) {
        igemm_(mi, nc, k_, 1, rows, packed_.data() + j0 / kNr * block_bytes, tile, stride * sizeof(int32_t), kNr * sizeof(int32_t),
               0, zero_.data(), &params);
        if (epilogue_.present()) epilogue_.Apply(tile, mi, nc, stride, j0);
      };
      if (!quantization_.present()) return run(j, nj, reinterpret_cast<int32_t*>(output) + i * n_ + j, n_);
      static_assert(kMaxMr <= OutputQuantization::kMaxRows && OutputQuantization::kColumns % kNr == 0);
      quantization_.Tiled(mi, j, nj, output + i * n_ + j, n_, run);
    });
  }

 private:
  size_t m_, k_, n_, mr_ = 1;
  kernels::QU8IgemmUkernelFn igemm_ = nullptr;
  std::vector<uint8_t> packed_;
  TensorRef a_, zero_point_, out_;
  IntegerEpilogue epilogue_;
  OutputQuantization quantization_;
  std::vector<uint8_t> zero_;  // no row is padding; the kernels want a pointer that no row equals
};

}  // namespace

Expected<StepPtr> LowerMatMulInteger(const LowerArgs& a) {
  const auto& p = std::get<MatMulIntegerParams>(a.node.params);
  const uint8_t* b = a.constant(2);
  const uint8_t* b_zero_point = a.constant(3);
  if (!b || !b_zero_point || a.input(0).type != DataType::kUint8) {
    return NotSupported("matMulInteger: expects uint8 input and a constant b and b zero point.");
  }
  const Shape& a_shape = a.input(0).shape;
  const size_t k = a_shape.back(), n = p.b_transposed ? a.input(2).shape[0] : a.input(2).shape.back();
  const size_t m = static_cast<size_t>(*NumElements(a_shape) / k);
  // b as stored, [K, N] (or [N, K]), packed at its size: one pass over its bytes.
  std::vector<uint8_t> packed(kernels::QU8PackedIgemmSizeU8(n, k, 1));
  const bool per_column = *NumElements(a.input(3).shape) > 1;
  if (p.b_transposed) {
    kernels::QU8PackIgemmGoiU8(n, k, 1, b, b_zero_point, per_column, nullptr, packed.data());
  } else {
    kernels::QU8PackIgemmGioU8(n, k, b, b_zero_point, per_column, nullptr, packed.data());
  }
  a.ConsumeConstant(2);
  a.ConsumeConstant(3);
  IntegerEpilogue epilogue(a, 4, n, p.float_output, p.clamp);
  OutputQuantization quantization(a, MatMulIntegerParams::kQuantizationInput, p.quantized_output);
  return StepPtr(std::make_unique<MatMulIntegerStep>(m, k, n, std::move(packed), a.in[0], a.in[1], a.out[0], std::move(epilogue),
                                                     quantization));
}

}  // namespace webnn::compiler
