// f32_softmax__wasmsimd: one row, three passes (max; exp(x - max) stored into y and summed; y /= sum).
// Tile: 4 floats per step, the 1..3 tail with partial loads/stores. Over-read: none.
// Reference: f32_softmax__scalar (double precision); within 4 ULP in the tests.
#include <wasm_simd128.h>

#include "kernels/f32-vunary/vunary-impl.h"
#include "kernels/softmax.h"

namespace webnn::kernels {

void f32_softmax__wasmsimd(size_t n, const float* x, float* y) {
  // Pass 1: max (f32x4.max propagates NaN).
  v128_t vmax = wasm_f32x4_splat(-INFINITY);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) vmax = wasm_f32x4_max(vmax, wasm_v128_load(x + i));
  if (i < n) {
    // Pad the tail with -inf so it cannot win.
    const size_t rem = n - i;
    v128_t v = simd::LoadTail(x + i, rem);
    const v128_t lane = wasm_u32x4_make(0, 1, 2, 3);
    const v128_t valid = wasm_u32x4_lt(lane, wasm_u32x4_splat(static_cast<uint32_t>(rem)));
    v = wasm_v128_bitselect(v, wasm_f32x4_splat(-INFINITY), valid);
    vmax = wasm_f32x4_max(vmax, v);
  }
  vmax = wasm_f32x4_max(vmax, wasm_i32x4_shuffle(vmax, vmax, 2, 3, 0, 1));
  vmax = wasm_f32x4_max(vmax, wasm_i32x4_shuffle(vmax, vmax, 1, 0, 3, 2));
  // Pass 2: e = exp(x - max) into y, summed.
  v128_t vsum = wasm_f32x4_const_splat(0.0f);
  for (i = 0; i + 4 <= n; i += 4) {
    const v128_t e = vunary_impl::ExpF32(wasm_f32x4_sub(wasm_v128_load(x + i), vmax));
    wasm_v128_store(y + i, e);
    vsum = wasm_f32x4_add(vsum, e);
  }
  if (i < n) {
    const size_t rem = n - i;
    v128_t e = vunary_impl::ExpF32(wasm_f32x4_sub(simd::LoadTail(x + i, rem), vmax));
    simd::StoreTail(y + i, e, rem);
    const v128_t lane = wasm_u32x4_make(0, 1, 2, 3);
    e = wasm_v128_and(e, wasm_u32x4_lt(lane, wasm_u32x4_splat(static_cast<uint32_t>(rem))));
    vsum = wasm_f32x4_add(vsum, e);
  }
  vsum = wasm_f32x4_add(vsum, wasm_i32x4_shuffle(vsum, vsum, 2, 3, 0, 1));
  vsum = wasm_f32x4_add(vsum, wasm_i32x4_shuffle(vsum, vsum, 1, 0, 3, 2));
  // Pass 3: normalise (a division, not a reciprocal multiply: one rounding fewer).
  for (i = 0; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_f32x4_div(wasm_v128_load(y + i), vsum));
  if (i < n) simd::StoreTail(y + i, wasm_f32x4_div(simd::LoadTail(y + i, n - i), vsum), n - i);
}

}  // namespace webnn::kernels
