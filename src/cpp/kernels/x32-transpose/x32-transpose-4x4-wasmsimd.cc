// x32_transpose_ukernel__4x4_wasmsimd: 2-D transpose of 32-bit elements in 4x4 register tiles
// (two rounds of i32x4 shuffles); the right and bottom edges (width or height % 4) go element by element.
// Over-read: none (only rows < block_height, columns < block_width are read).
// Reference: x32_transpose_ukernel__4x4_scalar (exact).
#include <wasm_simd128.h>

#include "kernels/simd_util.h"
#include "kernels/transpose.h"

namespace webnn::kernels {

void x32_transpose_ukernel__4x4_wasmsimd(const uint32_t* input, uint32_t* output, size_t input_stride,
                                         size_t output_stride, size_t block_width, size_t block_height) {
  using simd::ByteOffset;
  const size_t h4 = block_height & ~size_t{3}, w4 = block_width & ~size_t{3};
  for (size_t i = 0; i < h4; i += 4) {
    const uint32_t* r0 = ByteOffset(input, i * input_stride);
    const uint32_t* r1 = ByteOffset(r0, input_stride);
    const uint32_t* r2 = ByteOffset(r1, input_stride);
    const uint32_t* r3 = ByteOffset(r2, input_stride);
    for (size_t j = 0; j < w4; j += 4) {
      const v128_t a = wasm_v128_load(r0 + j), b = wasm_v128_load(r1 + j);
      const v128_t c = wasm_v128_load(r2 + j), d = wasm_v128_load(r3 + j);
      const v128_t ab_lo = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5);  // a0 b0 a1 b1
      const v128_t ab_hi = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);  // a2 b2 a3 b3
      const v128_t cd_lo = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5);
      const v128_t cd_hi = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
      uint32_t* o = ByteOffset(output, j * output_stride) + i;
      wasm_v128_store(o, wasm_i64x2_shuffle(ab_lo, cd_lo, 0, 2));  // a0 b0 c0 d0
      wasm_v128_store(ByteOffset(o, output_stride), wasm_i64x2_shuffle(ab_lo, cd_lo, 1, 3));
      wasm_v128_store(ByteOffset(o, 2 * output_stride), wasm_i64x2_shuffle(ab_hi, cd_hi, 0, 2));
      wasm_v128_store(ByteOffset(o, 3 * output_stride), wasm_i64x2_shuffle(ab_hi, cd_hi, 1, 3));
    }
    for (size_t j = w4; j < block_width; ++j) {
      uint32_t* o = ByteOffset(output, j * output_stride) + i;
      o[0] = r0[j];
      o[1] = r1[j];
      o[2] = r2[j];
      o[3] = r3[j];
    }
  }
  for (size_t i = h4; i < block_height; ++i) {
    const uint32_t* r = ByteOffset(input, i * input_stride);
    for (size_t j = 0; j < block_width; ++j) ByteOffset(output, j * output_stride)[i] = r[j];
  }
}

}  // namespace webnn::kernels
