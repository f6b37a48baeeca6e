// f32_gavgpool_ukernel__wasmsimd_c4: global average pool, output[c] = scale * sum over rows.
// Tile: 4 channels x all rows, 4 interleaved partial sums (pool_impl::SumRows); the 1..3 channel tail
// uses partial loads/stores. Over-read: none (no row read past `channels` floats).
// Reference: f32_gavgpool_ukernel__scalar_c1 (bit-exact: same summation tree).
#include <wasm_simd128.h>

#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {

void f32_gavgpool_ukernel__wasmsimd_c4(size_t rows, size_t channels, const float* input, size_t input_stride,
                                       float scale, float* output) {
  const v128_t vscale = wasm_f32x4_splat(scale);
  const auto add = [](v128_t a, v128_t b) { return wasm_f32x4_add(a, b); };
  size_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    const v128_t sum = pool_impl::SumRows(rows, input + c, input_stride, wasm_f32x4_const_splat(0.0f),
                                          [](const float* p) { return wasm_v128_load(p); }, add);
    wasm_v128_store(output + c, wasm_f32x4_mul(sum, vscale));
  }
  if (c < channels) {
    const size_t rem = channels - c;
    const v128_t sum = pool_impl::SumRows(rows, input + c, input_stride, wasm_f32x4_const_splat(0.0f),
                                          [rem](const float* p) { return simd::LoadTail(p, rem); }, add);
    simd::StoreTail(output + c, wasm_f32x4_mul(sum, vscale), rem);
  }
}

}  // namespace webnn::kernels
