// f32_rmax_ukernel__wasmsimd_u16: max of n >= 1 floats, 4 x f32x4 accumulators (f32x4.max: NaN wins,
// +0 beats -0), tail through partial loads padded with x[0] (which cannot change the max).
// Over-read: none. Reference: f32_rmax_ukernel__scalar (exact).
#include <wasm_simd128.h>

#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

float f32_rmax_ukernel__wasmsimd_u16(size_t n, const float* x) {
  const v128_t first = wasm_v128_load32_splat(x);
  v128_t m0 = first, m1 = first, m2 = first, m3 = first;
  for (; n >= 16; n -= 16) {
    m0 = wasm_f32x4_max(m0, wasm_v128_load(x));
    m1 = wasm_f32x4_max(m1, wasm_v128_load(x + 4));
    m2 = wasm_f32x4_max(m2, wasm_v128_load(x + 8));
    m3 = wasm_f32x4_max(m3, wasm_v128_load(x + 12));
    x += 16;
  }
  for (; n >= 4; n -= 4) {
    m0 = wasm_f32x4_max(m0, wasm_v128_load(x));
    x += 4;
  }
  if (n != 0) {
    m1 = wasm_f32x4_max(m1, wasm_v128_bitselect(simd::LoadTail(x, n), first, simd::TailMask(n)));
  }
  v128_t m = wasm_f32x4_max(wasm_f32x4_max(m0, m1), wasm_f32x4_max(m2, m3));
  m = wasm_f32x4_max(m, wasm_i32x4_shuffle(m, m, 2, 3, 0, 1));
  m = wasm_f32x4_max(m, wasm_i32x4_shuffle(m, m, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(m, 0);
}

}  // namespace webnn::kernels
