// f32_qb4w_gemm_ukernel_1x8__scalar: the reference. Per column, per block of bl rows, a float sum of
// a[k] * (q - z) in k order, then times the block's scale into the column's total.
#include <cstring>

#include "kernels/qbw.h"

namespace webnn::kernels {

void f32_qb4w_gemm_ukernel_1x8__scalar(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, float* c) {
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    float total[kQbwNr] = {};
    for (size_t b = 0; b < kc / bl; ++b) {
      float s[kQbwNr];
      std::memcpy(s, w, sizeof(s));
      const uint8_t* z = w + sizeof(s);
      w += sizeof(s) + kQbwNr;
      float block[kQbwNr] = {};
      for (size_t k = b * bl; k < (b + 1) * bl; k += 4, w += 16) {
        for (size_t r = 0; r < 4; ++r) {
          for (size_t j = 0; j < 4; ++j) {
            const uint8_t v = w[4 * r + j];
            block[j] += a[k + r] * static_cast<float>(static_cast<int>(v & 0xF) - z[j]);
            block[4 + j] += a[k + r] * static_cast<float>(static_cast<int>(v >> 4) - z[4 + j]);
          }
        }
      }
      for (size_t j = 0; j < kQbwNr; ++j) total[j] += block[j] * s[j];
    }
    for (size_t j = 0; j < kQbwNr && n0 + j < nc; ++j) c[n0 + j] = total[j];
  }
}

}  // namespace webnn::kernels
