// f32_rdsum_ukernel__wasmsimd_c16: y[c] += sum over rows of x[r][c], 16 channels (4 x f32x4) per block
// held in registers across all rows, then 4, then a 1..3 channel tail with partial loads/stores.
// Rows are added in ascending order onto the loaded y. Over-read: none (no row read past `channels`).
// Reference: f32_rdsum_ukernel__scalar (bit-exact: same order).
#include <wasm_simd128.h>

#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

void f32_rdsum_ukernel__wasmsimd_c16(size_t rows, size_t channels, const float* x, size_t row_stride, float* y) {
  size_t c = 0;
  for (; c + 16 <= channels; c += 16) {
    v128_t a0 = wasm_v128_load(y + c), a1 = wasm_v128_load(y + c + 4);
    v128_t a2 = wasm_v128_load(y + c + 8), a3 = wasm_v128_load(y + c + 12);
    const float* p = x + c;
    for (size_t r = 0; r < rows; ++r) {
      a0 = wasm_f32x4_add(a0, wasm_v128_load(p));
      a1 = wasm_f32x4_add(a1, wasm_v128_load(p + 4));
      a2 = wasm_f32x4_add(a2, wasm_v128_load(p + 8));
      a3 = wasm_f32x4_add(a3, wasm_v128_load(p + 12));
      p = simd::ByteOffset(p, row_stride);
    }
    wasm_v128_store(y + c, a0);
    wasm_v128_store(y + c + 4, a1);
    wasm_v128_store(y + c + 8, a2);
    wasm_v128_store(y + c + 12, a3);
  }
  for (; c < channels; c += 4) {
    const size_t take = channels - c < 4 ? channels - c : 4;
    v128_t a = take == 4 ? wasm_v128_load(y + c) : simd::LoadTail(y + c, take);
    const float* p = x + c;
    for (size_t r = 0; r < rows; ++r) {
      a = wasm_f32x4_add(a, take == 4 ? wasm_v128_load(p) : simd::LoadTail(p, take));
      p = simd::ByteOffset(p, row_stride);
    }
    if (take == 4) {
      wasm_v128_store(y + c, a);
    } else {
      simd::StoreTail(y + c, a, take);
    }
  }
}

}  // namespace webnn::kernels
