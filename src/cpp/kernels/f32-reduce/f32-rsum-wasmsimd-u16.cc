// f32_rsum_ukernel__wasmsimd_u16: sum of n floats with 16 partial sums (4 x f32x4, element i goes to
// partial i % 16), combined as ((p0 + p1) + (p2 + p3)) per lane then lanes (l0 + l2) + (l1 + l3).
// The tail (n % 16) is added element by element into its partial, through partial loads.
// Over-read: none. Reference: f32_rsum_ukernel__scalar (bit-exact: same partial-sum tree).
#include <wasm_simd128.h>

#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

float f32_rsum_ukernel__wasmsimd_u16(size_t n, const float* x) {
  v128_t p[4] = {wasm_f32x4_const_splat(0.0f), wasm_f32x4_const_splat(0.0f), wasm_f32x4_const_splat(0.0f),
                 wasm_f32x4_const_splat(0.0f)};
  for (; n >= 16; n -= 16) {
    p[0] = wasm_f32x4_add(p[0], wasm_v128_load(x));
    p[1] = wasm_f32x4_add(p[1], wasm_v128_load(x + 4));
    p[2] = wasm_f32x4_add(p[2], wasm_v128_load(x + 8));
    p[3] = wasm_f32x4_add(p[3], wasm_v128_load(x + 12));
    x += 16;
  }
  for (size_t j = 0; n != 0; ++j) {
    const size_t take = n < 4 ? n : 4;
    p[j] = wasm_f32x4_add(p[j], take == 4 ? wasm_v128_load(x) : simd::LoadTail(x, take));
    x += take;
    n -= take;
  }
  const v128_t s = wasm_f32x4_add(wasm_f32x4_add(p[0], p[1]), wasm_f32x4_add(p[2], p[3]));
  return (wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 2)) +
         (wasm_f32x4_extract_lane(s, 1) + wasm_f32x4_extract_lane(s, 3));
}

}  // namespace webnn::kernels
