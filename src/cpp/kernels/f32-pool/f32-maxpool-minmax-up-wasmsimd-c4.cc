// f32_maxpool_minmax_ukernel_up__wasmsimd_c4: max pool, any window, 4 channels per vector, all taps of
// a channel block in one pass (accumulator in a register).
// Tile: 4 channels x all taps (windows of up to 9 taps: 9 tap pointers held per pixel); the 1..3 channel
// tail uses partial loads/stores. No packed weights.
// Over-read: none (no row read past `channels` floats).
// Reference: f32_maxpool_minmax_ukernel_up__scalar_c1 (bit-exact: max is exact, ties keep the first tap,
// NaN is the default quiet NaN).
#include <wasm_simd128.h>

#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {
namespace {

// The max is taken with f32x4.pmax (`a < b ? b : a`: one maxps on x86, where V8 expands f32x4.max into
// eight instructions for its NaN and signed-zero rules), NaN tracked beside it: any NaN tap gives NaN.
// On ties (+0 and -0) pmax keeps its left operand, so both the tree below and a tap-by-tap chain return
// the first tap that attains the max, as the scalar twin does.
inline v128_t WithNaN(v128_t max, v128_t nan_mask) {
  return wasm_v128_bitselect(wasm_f32x4_const_splat(__builtin_nanf("")), max, nan_mask);
}

WEBNN_KERNEL_INLINE v128_t Max9(const v128_t* x) {
  return wasm_f32x4_pmax(
      wasm_f32x4_pmax(wasm_f32x4_pmax(wasm_f32x4_pmax(x[0], x[1]), wasm_f32x4_pmax(x[2], x[3])),
                      wasm_f32x4_pmax(wasm_f32x4_pmax(x[4], x[5]), wasm_f32x4_pmax(x[6], x[7]))),
      x[8]);
}

// Any NaN among the nine taps, as a lane mask.
WEBNN_KERNEL_INLINE v128_t NaN9(const v128_t* x) {
  v128_t nan = wasm_f32x4_ne(x[0], x[0]);
#pragma clang loop unroll(full)
  for (size_t t = 1; t < 9; ++t) nan = wasm_v128_or(nan, wasm_f32x4_ne(x[t], x[t]));
  return nan;
}

// The nine taps' sum: NaN where a tap is NaN (and, rarely, where the sum meets inf - inf), 8 adds against
// NaN9's 17 operations.
WEBNN_KERNEL_INLINE v128_t Sum9(const v128_t* x) {
  return wasm_f32x4_add(
      wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_add(x[0], x[1]), wasm_f32x4_add(x[2], x[3])),
                     wasm_f32x4_add(wasm_f32x4_add(x[4], x[5]), wasm_f32x4_add(x[6], x[7]))),
      x[8]);
}

// Up to 9 taps (3x3 and smaller windows): the tap pointers are read once per pixel and held in locals, missing
// ones repeating tap 0 (max is idempotent), instead of once per channel block: with 64 channels that was 16
// reloads of every pointer per pixel (3x XNNPACK's time on 3x3 s2 112^2x64). kTrackNaN = false leaves out the
// per-vector NaN mask and returns the sum of every tap instead: NaN when an input was (see the caller).
template <bool kTrackNaN>
v128_t MaxPool9(size_t output_pixels, size_t kernel_elements, size_t channels, const float** input,
                size_t input_offset, float* output, size_t input_increment, size_t output_increment, v128_t vmin,
                v128_t vmax) {
  v128_t sum = wasm_f32x4_const_splat(0.0f);
  const auto result = [&](const v128_t* x) {
    if constexpr (kTrackNaN) {
      return WithNaN(Max9(x), NaN9(x));
    } else {
      sum = wasm_f32x4_add(sum, Sum9(x));
      return Max9(x);
    }
  };
  for (; output_pixels != 0; --output_pixels) {
    const float* i[9];
#pragma clang loop unroll(full)
    for (size_t t = 0; t < 9; ++t) i[t] = simd::ByteOffset(input[t < kernel_elements ? t : 0], input_offset);
    size_t c = 0;
    for (; c + 4 <= channels; c += 4) {
      v128_t x[9];
#pragma clang loop unroll(full)
      for (size_t t = 0; t < 9; ++t) x[t] = wasm_v128_load(i[t] + c);
      wasm_v128_store(output + c, simd::Clamp(result(x), vmin, vmax));
    }
    if (c < channels) {
      const size_t rem = channels - c;
      v128_t x[9];
#pragma clang loop unroll(full)
      for (size_t t = 0; t < 9; ++t) x[t] = simd::LoadTail(i[t] + c, rem);
      simd::StoreTail(output + c, simd::Clamp(result(x), vmin, vmax), rem);
    }
    input = simd::ByteOffset(input, input_increment);
    output = simd::ByteOffset(output + channels, output_increment);
  }
  return sum;
}

}  // namespace

void f32_maxpool_minmax_ukernel_up__wasmsimd_c4(size_t output_pixels, size_t kernel_elements, size_t channels,
                                                const float** input, size_t input_offset, float* output,
                                                size_t input_increment, size_t output_increment,
                                                const MinMaxParams* params) {
  const v128_t vmin = wasm_f32x4_splat(params->min);
  const v128_t vmax = wasm_f32x4_splat(params->max);
  if (kernel_elements <= 9) {
    // The max and the taps' sum first (8 pmax and 9 adds per vector, where the max with the NaN mask took 26
    // operations: the kernel table's 3x3 s2 112^2x64 step 0.215 -> 0.142 ms), then, only where the sum says an
    // input was NaN, the whole run again with the mask. The input is intact: no step writes over a value it
    // reads (memory_planner.h).
    const v128_t sum = MaxPool9<false>(output_pixels, kernel_elements, channels, input, input_offset, output,
                                       input_increment, output_increment, vmin, vmax);
    if (wasm_v128_any_true(wasm_f32x4_ne(sum, sum))) {
      MaxPool9<true>(output_pixels, kernel_elements, channels, input, input_offset, output, input_increment,
                     output_increment, vmin, vmax);
    }
    return;
  }
  for (; output_pixels != 0; --output_pixels) {
    size_t c = 0;
    for (; c + 4 <= channels; c += 4) {
      v128_t acc = wasm_v128_load(simd::ByteOffset(input[0], input_offset) + c);
      v128_t nan = wasm_f32x4_ne(acc, acc);
      for (size_t t = 1; t < kernel_elements; ++t) {
        const v128_t v = wasm_v128_load(simd::ByteOffset(input[t], input_offset) + c);
        acc = wasm_f32x4_pmax(acc, v);
        nan = wasm_v128_or(nan, wasm_f32x4_ne(v, v));
      }
      wasm_v128_store(output + c, simd::Clamp(WithNaN(acc, nan), vmin, vmax));
    }
    if (c < channels) {
      const size_t rem = channels - c;
      v128_t acc = simd::LoadTail(simd::ByteOffset(input[0], input_offset) + c, rem);
      v128_t nan = wasm_f32x4_ne(acc, acc);
      for (size_t t = 1; t < kernel_elements; ++t) {
        const v128_t v = simd::LoadTail(simd::ByteOffset(input[t], input_offset) + c, rem);
        acc = wasm_f32x4_pmax(acc, v);
        nan = wasm_v128_or(nan, wasm_f32x4_ne(v, v));
      }
      simd::StoreTail(output + c, simd::Clamp(WithNaN(acc, nan), vmin, vmax), rem);
    }
    input = simd::ByteOffset(input, input_increment);
    output = simd::ByteOffset(output + channels, output_increment);
  }
}

}  // namespace webnn::kernels
