#include "compiler/lower/half_weights.h"

#include <algorithm>
#include <cstring>

#include "compiler/lower/parallel.h"
#include "kernels/vcvt.h"

namespace webnn::compiler {

HalfPackedWeights HalfPackedWeights::PackGoi(size_t groups, size_t nc, size_t kc, size_t ks, size_t nr, const uint16_t* w,
                                             const float* bias) {
  HalfPackedWeights h;
  const size_t blocks_per_group = (nc + nr - 1) / nr, per_block = ks * kc * nr;
  h.nr_ = nr;
  h.block_floats_ = per_block + nr;
  h.floats_ = groups * blocks_per_group * h.block_floats_;
  h.biases_.assign(groups * blocks_per_group * nr, 0.0f);
  h.weights_.assign(groups * blocks_per_group * per_block, uint16_t{0});
  // Column by column of each block: each reads its filter row in order (the writes stride by nr within the
  // block, which stays in cache); columns past nc stay 0.
  const size_t row = ks * kc;
  for (size_t grp = 0; grp < groups; ++grp) {
    const uint16_t* gw = w + grp * nc * row;
    for (size_t n0 = 0; n0 < nc; n0 += nr) {
      const size_t nb = std::min(nr, nc - n0), block = grp * blocks_per_group + n0 / nr;
      uint16_t* out = h.weights_.data() + block * per_block;
      for (size_t j = 0; j < nb; ++j) {
        if (bias) h.biases_[block * nr + j] = bias[grp * nc + n0 + j];
        const uint16_t* from = gw + (n0 + j) * row;
        for (size_t i = 0; i < row; ++i) out[i * nr + j] = from[i];
      }
    }
  }
  return h;
}

HalfPackedWeights HalfPackedWeights::PackGio(size_t nc, size_t kc, size_t nr, const uint16_t* w) {
  HalfPackedWeights h;
  const size_t blocks = (nc + nr - 1) / nr, per_block = kc * nr;
  h.nr_ = nr;
  h.block_floats_ = per_block + nr;
  h.floats_ = blocks * h.block_floats_;
  h.biases_.assign(blocks * nr, 0.0f);
  h.weights_.assign(blocks * per_block, uint16_t{0});
  for (size_t n0 = 0; n0 < nc; n0 += nr) {
    const size_t nb = std::min(nr, nc - n0);
    uint16_t* out = h.weights_.data() + n0 / nr * per_block;
    for (size_t k = 0; k < kc; ++k) std::memcpy(out + k * nr, w + k * nc + n0, nb * sizeof(uint16_t));
  }
  return h;
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
