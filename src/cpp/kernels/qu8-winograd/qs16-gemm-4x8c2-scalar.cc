// qs16_gemm_ukernel_4x8c2__scalar: the reference twin of the wasmsimd tile (qwinograd.h), a sum per output in
// int64 (the tile's int32 lanes do not wrap for the qu8 Winograd's operands, so the two agree).
#include <cstring>

#include "kernels/qgemm.h"
#include "kernels/qwinograd.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {

void qs16_gemm_ukernel_4x8c2__scalar(size_t mr, size_t nc, size_t kc, const int16_t* a, size_t a_stride,
                                     const void* packed_w, int32_t* c, size_t cm_stride, size_t cn_stride) {
  constexpr size_t nr = kQU8WinogradNr;
  const uint8_t* block = static_cast<const uint8_t*>(packed_w);
  const size_t block_bytes = QU8PackedIgemmSizeC2(nr, kc, 1);
  for (size_t j0 = 0; j0 < nc; j0 += nr, block += block_bytes) {
    for (size_t r = 0; r < mr; ++r) {
      const int16_t* row = simd::ByteOffset(a, r * a_stride);
      int32_t* out = simd::ByteOffset(c, r * cm_stride + j0 / nr * cn_stride);
      for (size_t j = 0; j < nr && j0 + j < nc; ++j) {
        int32_t bias;
        std::memcpy(&bias, block + j * sizeof(int32_t), sizeof(bias));
        int64_t sum = bias;
        for (size_t k = 0; k < kc; ++k) {
          int16_t w;
          std::memcpy(&w, block + nr * sizeof(int32_t) + ((k / 2) * 2 * nr + 2 * j + k % 2) * sizeof(int16_t), sizeof(w));
          sum += int64_t{row[k]} * w;
        }
        out[j] = static_cast<int32_t>(sum);
      }
    }
  }
}

}  // namespace webnn::kernels
