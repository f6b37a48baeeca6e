// qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16 (kernels/qbw.h): the qb4w GEMV on int8 activations (qd8,
// f32_qbw_split_qd8) with plain SIMD integer dot products (qbw_impl::GemvQdDot16), for the artefacts without relaxed
// SIMD: a group's 4 activations broadcast and widened to int16. As fast as qd16's (kernel bench: 12.8-13.0 GB/s
// against 13.3-13.5); kept so that int4Activations 'int8' gives the same numbers in either artefact.
#include <wasm_simd128.h>

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

void qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales,
                                                   const int32_t* block_sums, const uint8_t* w, const uint8_t* h, float* c) {
  qbw_impl::GemvQdDot16(nc, kc, bl, limbs, block_scales, block_sums, w, h, c,
                        [](const int8_t* q) { return wasm_i16x8_extend_low_i8x16(wasm_v128_load32_splat(q)); });
}

}  // namespace webnn::kernels
