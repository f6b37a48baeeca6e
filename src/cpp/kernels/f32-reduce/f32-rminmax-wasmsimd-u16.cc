// f32_rmax_ukernel__wasmsimd_u16 / f32_rmin_ukernel__wasmsimd_u16: max (min) of n >= 1 floats, 4 x f32x4
// accumulators (f32x4.max / f32x4.min: NaN wins, +0 beats -0 for max and -0 beats +0 for min), tail
// through partial loads padded with x[0] (which cannot change the result).
// Over-read: none. References: f32_rmax_ukernel__scalar, f32_rmin_ukernel__scalar (exact).
#include <wasm_simd128.h>

#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {
namespace {

template <bool kMax>
v128_t Pick(v128_t a, v128_t b) {
  return kMax ? wasm_f32x4_max(a, b) : wasm_f32x4_min(a, b);
}

template <bool kMax>
float RMinMax(size_t n, const float* x) {
  const v128_t first = wasm_v128_load32_splat(x);
  v128_t m0 = first, m1 = first, m2 = first, m3 = first;
  for (; n >= 16; n -= 16) {
    m0 = Pick<kMax>(m0, wasm_v128_load(x));
    m1 = Pick<kMax>(m1, wasm_v128_load(x + 4));
    m2 = Pick<kMax>(m2, wasm_v128_load(x + 8));
    m3 = Pick<kMax>(m3, wasm_v128_load(x + 12));
    x += 16;
  }
  for (; n >= 4; n -= 4) {
    m0 = Pick<kMax>(m0, wasm_v128_load(x));
    x += 4;
  }
  if (n != 0) {
    m1 = Pick<kMax>(m1, wasm_v128_bitselect(simd::LoadTail(x, n), first, simd::TailMask(n)));
  }
  v128_t m = Pick<kMax>(Pick<kMax>(m0, m1), Pick<kMax>(m2, m3));
  m = Pick<kMax>(m, wasm_i32x4_shuffle(m, m, 2, 3, 0, 1));
  m = Pick<kMax>(m, wasm_i32x4_shuffle(m, m, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(m, 0);
}

}  // namespace

float f32_rmax_ukernel__wasmsimd_u16(size_t n, const float* x) { return RMinMax<true>(n, x); }
float f32_rmin_ukernel__wasmsimd_u16(size_t n, const float* x) { return RMinMax<false>(n, x); }

}  // namespace webnn::kernels
