// The blockwise-quantized weight families (kernels/qbw.h): one wasmsimd tile each so far.
#include "kernels/qbw.h"

namespace webnn::kernels {

const QbwConfig& GetQbwConfig(int bits) {
  static const QbwConfig qb4w{Qb4wPackedSize, Qb4wBlockBytes, Qb4wPack, f32_qb4w_gemm_ukernel_1x8__wasmsimd_magic,
                              qb4w_f32_unpack_ukernel__wasmsimd_magic};
  static const QbwConfig qb8w{Qb8wPackedSize, Qb8wBlockBytes, Qb8wPack, f32_qb8w_gemm_ukernel_1x8__wasmsimd_magic,
                              qb8w_f32_unpack_ukernel__wasmsimd_magic};
  return bits == 4 ? qb4w : qb8w;
}

}  // namespace webnn::kernels
