// What the integer convolution and matmul steps share: their weights packed for the qu8 IGEMM kernels, and
// the float epilogue they may carry (float_output: cast to float32, mul by a scale, add a bias, clamp;
// FuseIntegerOps): its operands read per run into one value per output channel, and applied to a tile's
// rows of int32 sums in place (qs32_f32_vcvt_qc_minmax).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "compiler/lower/lower.h"
#include "kernels/qgemm.h"
#include "kernels/qvcvt.h"

namespace webnn::compiler {

// A column of `len` float32 values (`stride` apart) that are integers spanning at most 255 (weights less
// their zero point), as uint8 bytes (`byte_stride` apart) with a zero point: (f - min f) and -min f, the
// minimum taken with 0. False when a value is not an integer or the column spans more than 255.
bool ColumnAsBytes(const float* f, size_t len, size_t stride, uint8_t* bytes, size_t byte_stride, uint8_t* zero_point);

// Weights that arrive less their zero point, float32 exact integers in [-255, 255], as int16; NotSupported naming
// `op` when one is not.
Expected<std::vector<int16_t>> Int16Weights(const float* w, size_t n, const char* op);
// Packs weights that arrive less their zero point, as float32 exact integers in [-255, 255] [groups][nc][ks][kc],
// as int16 for the qu8 IGEMM c2 kernels (QU8PackIgemmGoiC2's layout): group g's block at g *
// QU8PackedIgemmSizeC2(nc, kc, ks). `op` names the node in the error.
Expected<std::vector<uint8_t>> PackIntegerWeights(const float* w, size_t groups, size_t nc, size_t kc, size_t ks,
                                                  const char* op);
// The same as bytes at their stored size, a zero point per column (QU8PackIgemmGoiU8's layout, for the _ld64
// kernels): group g's block at g * QU8PackedIgemmSizeU8(nc, kc, ks). Each column's values must span at most 255
// (they do when they came from uint8 or int8 less one zero point).
Expected<std::vector<uint8_t>> PackIntegerWeightsAsBytes(const float* w, size_t groups, size_t nc, size_t kc, size_t ks,
                                                         const char* op);

class IntegerEpilogue {
 public:
  IntegerEpilogue() = default;
  // From inputs `first` (scale) and first + 1 (bias) of a node with `channels` output channels, when
  // float_output.
  IntegerEpilogue(const LowerArgs& a, size_t first, size_t channels, bool float_output, MinMax clamp)
      : present_(float_output), channels_(channels), clamp_{clamp.min, clamp.max} {
    if (!present_) return;
    scale_ = Operand(a, first);
    bias_ = Operand(a, first + 1);
    scale_values_.resize(channels);
    bias_values_.resize(channels);
  }

  bool present() const { return present_; }

  // Reads the scale and bias for this run (the scale is often a run-time value). Before any Apply.
  void Load(const runtime::ExecContext& ctx) const {
    if (!present_) return;
    Fill(ctx, scale_, 1.0f, scale_values_.data());
    Fill(ctx, bias_, 0.0f, bias_values_.data());
  }

  // Rows of nc sums from output channel `column` on, cm_stride elements apart, become float32 in place.
  void Apply(int32_t* tile, size_t rows, size_t nc, size_t cm_stride, size_t column) const {
    kernels::qs32_f32_vcvt_qc_minmax_ukernel__wasmsimd_u8(rows, nc, tile, cm_stride, scale_values_.data() + column,
                                                          bias_values_.data() + column, &clamp_);
  }

 private:
  struct Source {
    bool present = false, per_channel = false;
    runtime::TensorRef ref;
  };
  static Source Operand(const LowerArgs& a, size_t i) {
    if (!a.has_input(i)) return {};
    return {true, *NumElements(a.input(i).shape) > 1, a.in[i]};
  }
  void Fill(const runtime::ExecContext& ctx, const Source& s, float fallback, float* to) const {
    if (!s.present) return std::fill(to, to + channels_, fallback);
    const float* from = ctx.As<float>(s.ref);
    if (s.per_channel) return static_cast<void>(std::copy(from, from + channels_, to));
    std::fill(to, to + channels_, from[0]);
  }

  bool present_ = false;
  size_t channels_ = 0;
  kernels::QcEpilogueParams clamp_{-INFINITY, INFINITY};
  Source scale_, bias_;
  // Steps of one plan run one at a time: these are refilled per run.
  mutable std::vector<float> scale_values_, bias_values_;
};

// The quantizeLinear the node may end with (quantized_output): a tile of float32 rows, computed in a scratch tile
// since the output holds bytes, quantized into the output rows with one scale and zero point (f32_qu8_vcvt or
// f32_qs8_vcvt, as the separate quantizeLinear step).
class OutputQuantization {
 public:
  // Columns a tile is computed in at most, per call of the integer kernel (kMaxRows x kColumns int32 on the stack,
  // rows of the tile's width).
  static constexpr size_t kColumns = 512, kMaxRows = 4;

  OutputQuantization() = default;
  // From inputs `first` (scale) and first + 1 (zero point, the output's type) when `present`.
  OutputQuantization(const LowerArgs& a, size_t first, bool present)
      : present_(present), signed_(present && a.output(0).type == DataType::kInt8) {
    if (!present_) return;
    scale_ = a.in[first];
    zero_point_ = a.in[first + 1];
  }

  bool present() const { return present_; }

  // Reads the scale and zero point for this run. Before any Apply.
  void Load(const runtime::ExecContext& ctx) const {
    if (!present_) return;
    params_.scale = *ctx.As<float>(scale_);
    params_.zero_point = signed_ ? int32_t{*ctx.As<int8_t>(zero_point_)} : int32_t{*ctx.As<uint8_t>(zero_point_)};
  }

  // Columns [j, j + nj) of `rows` rows into the output bytes at `out` (column j of the first row; rows `out_stride`
  // bytes apart): `compute(j0, nc, tile, stride)` writes columns [j0, j0 + nc) as float32 (its int32 sums through
  // the epilogue) into a scratch tile on the stack, up to kColumns at a time, which is then quantized.
  template <typename Compute>
  void Tiled(size_t rows, size_t j, size_t nj, uint8_t* out, size_t out_stride, Compute&& compute) const {
    alignas(16) int32_t scratch[kMaxRows * kColumns];
    for (size_t j0 = j; j0 < j + nj; j0 += kColumns) {
      const size_t nc = std::min(kColumns, j + nj - j0);
      compute(j0, nc, scratch, nc);
      Apply(reinterpret_cast<const float*>(scratch), rows, nc, out + (j0 - j), out_stride);
    }
  }

  // Rows of nc float32 values (contiguous) to bytes at `out`, `out_stride` bytes apart: one kernel call when those
  // rows are contiguous too (a conv's full width; per-row calls on 24-channel rows took most of the time).
  void Apply(const float* tile, size_t rows, size_t nc, uint8_t* out, size_t out_stride) const {
    if (out_stride == nc) return Quantize(rows * nc, tile, out);
    for (size_t r = 0; r < rows; ++r) Quantize(nc, tile + r * nc, out + r * out_stride);
  }

 private:
  void Quantize(size_t n, const float* x, uint8_t* y) const {
    if (signed_) return kernels::f32_qs8_vcvt_ukernel__wasmsimd_u16(n, x, reinterpret_cast<int8_t*>(y), &params_);
    kernels::f32_qu8_vcvt_ukernel__wasmsimd_u16(n, x, y, &params_);
  }

  bool present_ = false, signed_ = false;
  runtime::TensorRef scale_, zero_point_;
  mutable kernels::QuantParams params_{1.0f, 0};  // refilled per run, as IntegerEpilogue's values
};

// What the integer conv steps do first in a run: read the activation zero point (a run-time value) and refill the
// padding row with it (steps of one plan run one at a time), and read the epilogue's and the output quantization's
// operands.
inline kernels::QU8ConvParams BeginIntegerConvRun(const runtime::ExecContext& ctx, runtime::TensorRef zero_point,
                                                  std::vector<uint8_t>& zero, const IntegerEpilogue& epilogue,
                                                  const OutputQuantization& quantization) {
  const kernels::QU8ConvParams params{*ctx.As<uint8_t>(zero_point)};
  std::fill(zero.begin(), zero.end(), params.a_zero_point);
  epilogue.Load(ctx);
  quantization.Load(ctx);
  return params;
}

}  // namespace webnn::compiler
