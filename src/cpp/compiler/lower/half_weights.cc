#include "compiler/lower/half_weights.h"

#include <cstring>

#include "compiler/lower/parallel.h"
#include "kernels/vcvt.h"

namespace webnn::compiler {

HalfPackedWeights::HalfPackedWeights(const float* packed, size_t floats, size_t nr, size_t block_floats)
    : floats_(floats), nr_(nr), block_floats_(block_floats) {
  const size_t blocks = floats / block_floats, per_block = block_floats - nr;
  biases_.resize(blocks * nr);
  weights_.resize(blocks * per_block);
  for (size_t b = 0; b < blocks; ++b) {
    std::memcpy(&biases_[b * nr], packed + b * block_floats, nr * sizeof(float));
    kernels::f32_f16_vcvt_ukernel__wasmsimd_u8(per_block, packed + b * block_floats + nr, &weights_[b * per_block]);
  }
}

const float* HalfPackedWeights::Widen(const runtime::ExecContext& ctx) const {
  float* to = reinterpret_cast<float*>(ctx.scratch);
  const size_t blocks = floats_ / block_floats_, per_block = block_floats_ - nr_;
  ParallelRows(ctx.pool, blocks, block_floats_, [&](uint64_t b0, uint64_t b1) {
    for (size_t b = b0; b < b1; ++b) {
      std::memcpy(to + b * block_floats_, &biases_[b * nr_], nr_ * sizeof(float));
      kernels::f16_f32_vcvt_ukernel__wasmsimd_u8(per_block, &weights_[b * per_block], to + b * block_floats_ + nr_);
    }
  });
  return to;
}

std::vector<float> WidenHalves(const uint8_t* halves, size_t n) {
  std::vector<uint16_t> bits(n);
  std::memcpy(bits.data(), halves, n * sizeof(uint16_t));
  std::vector<float> out(n);
  kernels::f16_f32_vcvt_ukernel__wasmsimd_u8(n, bits.data(), out.data());
  return out;
}

}  // namespace webnn::compiler
