// qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16 (kernels/qbw.h): the qb4w GEMV on 16-bit activations (qd16,
// f32_qbw_split_qd16: int16 in row order) with plain SIMD integer dot products (qbw_impl::GemvQdDot16), for the
// artefacts without relaxed SIMD: a group's 4 activations broadcast twice by one 64-bit load (|X| <= 32512, so a
// block of up to 256 rows sums exactly in int32).
#include <wasm_simd128.h>

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

void qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                                    const int32_t* block_sums, const uint8_t* w, const uint8_t* h, float* c) {
  qbw_impl::GemvQdDot16(nc, kc, bl, reinterpret_cast<const int16_t*>(limbs), block_scales, block_sums, w, h, c,
                        [](const int16_t* q) { return wasm_v128_load64_splat(q); });
}

}  // namespace webnn::kernels
