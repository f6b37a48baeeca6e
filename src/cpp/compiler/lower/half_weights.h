// Packed f32 GEMM weights kept in half precision between runs: float16 constants the graph casts to float32
// (KeepHalfWeights: conv2d filters, and matmul Bs of 256 rows or more). The f32 packed layout (kernels/gemm.h:
// blocks of NR biases, then the weights) is stored as its float32 biases and its float16 weights, at about
// half the bytes; each run widens it into the plan's shared scratch (ExecContext::scratch) for the f32
// kernels: one pass over the weights (0.3 ms for 590K of them), against a conv's tens of milliseconds over
// them. The weights widen exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/plan.h"
#include "runtime/thread_pool.h"

namespace webnn::compiler {

class HalfPackedWeights {
 public:
  HalfPackedWeights() = default;
  // Packs float16 filters (`groups` of [nc][ks][kc]) and a float32 bias (nullable, groups * nc) straight into
  // the layout F32PackGemmGoi gives per group, without a float32 pass.
  static HalfPackedWeights PackGoi(size_t groups, size_t nc, size_t kc, size_t ks, size_t nr, const uint16_t* w,
                                   const float* bias);
  // The same for a matmul's float16 B as stored, [kc][nc] (F32PackGemmGio's layout, no bias).
  static HalfPackedWeights PackGio(size_t nc, size_t kc, size_t nr, const uint16_t* w);

  bool empty() const { return floats_ == 0; }
  size_t scratch_bytes() const { return (floats_ * sizeof(float) + 63) / 64 * 64; }
  // The f32 packed layout, widened into ctx.scratch for this run.
  const float* Widen(const runtime::ExecContext& ctx) const;

 private:
  size_t floats_ = 0, nr_ = 0, block_floats_ = 0;
  std::vector<float> biases_;      // nr per block
  std::vector<uint16_t> weights_;  // block_floats - nr per block
};

// float16 bits as float32 (exact), for the lowerings that read a float16 constant at build.
std::vector<float> WidenHalves(const uint8_t* halves, size_t n);

}  // namespace webnn::compiler
