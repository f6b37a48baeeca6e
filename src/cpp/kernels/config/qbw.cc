// The blockwise-quantized weight families (kernels/qbw.h). The GEMV tile: in the relaxed-SIMD artefact the one with
// f32x4.relaxed_madd (kernel bench, same host, 1 thread, qb4w 1x896x896 to 1x4864x896: 14.7 GFLOP/s = 4.8 GB/s of
// packed weights against 12.6 for the plain tile: the tile is bound by its instruction count and the fused
// multiply-add saves one in six), else the plain magic-number tile. Where the row splits (no NaN or infinity) and
// the block fits the sums, the step runs an integer-dot GEMV instead:
// - on the activations' digits (float32's accuracy): for qb4w in the relaxed-SIMD artefact the relaxed dot on three
//   int8 digits (2.0-2.7x the relaxed float tile in one run: 7.2-9.3 GB/s against 3.3-3.6 on a loaded host), else
//   the int16 dot on two 16-bit digits (kernel bench 2026-12-07: qb4w 6.9-8.4 GB/s against the plain tile's 3.2,
//   qb8w 8.0-9.7 against 6.7);
// - on 16-bit activations (qd16, qb4w only, the default): two int8 digits in the relaxed kernel, one int16 in the
//   plain one (kernel bench 2026-12-07: relaxed 13.4-13.6 GB/s, 13.0 from DRAM; plain 13.3-13.5, 13.0);
// - on int8 activations (qd8, qb4w only): one digit, so a third of the relaxed kernel's dot products (kernel bench
//   2026-12-07: 19.4-19.6 GB/s against 9.3-9.6 for three digits). The plain kernel widens them to int16 and runs as
//   fast as qd16 (12.8-13.0 GB/s): kept so that 'int8' gives the same numbers in either artefact.
#include "kernels/qbw.h"

namespace webnn::kernels {

const QbwConfig& GetQbwConfig(int bits) {
  // qd8 and qd16 quantize the activations per block of the weights': up to 256 (MatMulNBits' blocks are 16 to 256),
  // not per column, where one unit for a whole row would cost the small activations beside an outlier their
  // precision (and qd16's int32 sums are exact up to 256 rows: 256 * 32512 * 15 < 2^31).
  constexpr size_t kLongestQdBlock = 256;
#if WEBNN_RELAXED_SIMD
  static const QbwConfig qb4w{Qb4wGroupBlockBytes, Qb4wPack, f32_qb4w_gemm_ukernel_1x8__wasmrelaxedsimd_fma_magic,
                              qb4w_f32_unpack_ukernel__wasmsimd_magic,
                              {f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_limbs__wasmsimd, 3, 3, size_t{1} << 30},
                              {qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_qd16_digits__wasmsimd, 2, 2, kLongestQdBlock},
                              {qd8_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, f32_qbw_split_qd8__wasmsimd, 1, 1, kLongestQdBlock}};
  // The relaxed float tile reads qb8w as fast as the int16 dot (9.0-9.2 GB/s against 8.0-9.7, kernel bench).
  static const QbwConfig qb8w{Qb8wGroupBlockBytes, Qb8wPack, f32_qb8w_gemm_ukernel_1x8__wasmrelaxedsimd_fma_magic,
                              qb8w_f32_unpack_ukernel__wasmsimd_magic};
#else
  static const QbwConfig qb4w{Qb4wGroupBlockBytes, Qb4wPack, f32_qb4w_gemm_ukernel_1x8__wasmsimd_magic,
                              qb4w_f32_unpack_ukernel__wasmsimd_magic,
                              {f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_digits16__wasmsimd, 4, 2, 65536},
                              {qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_qd16__wasmsimd, 2, 1, kLongestQdBlock},
                              {qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_qd8__wasmsimd, 1, 1, kLongestQdBlock}};
  static const QbwConfig qb8w{Qb8wGroupBlockBytes, Qb8wPack, f32_qb8w_gemm_ukernel_1x8__wasmsimd_magic,
                              qb8w_f32_unpack_ukernel__wasmsimd_magic,
                              {f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16, f32_qbw_split_digits16__wasmsimd, 4, 2, 4096}};
#endif
  return bits == 4 ? qb4w : qb8w;
}

}  // namespace webnn::kernels
