// Packing of uint8 OHWI filters for the qu8 indirect GEMM kernels (layout: kernels/qgemm.h).
#include <cstring>

#include "kernels/qgemm.h"

namespace webnn::kernels {

size_t QU8PackedIgemmSize(size_t nc, size_t kc, size_t ks) {
  const size_t blocks = (nc + kQU8IgemmNr - 1) / kQU8IgemmNr, kp = (kc + 7) / 8 * 8;
  return blocks * (kQU8IgemmNr * sizeof(int32_t) + ks * kp * kQU8IgemmNr * sizeof(int16_t));
}

void QU8PackIgemmGoi(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                     const int32_t* bias, void* packed) {
  const size_t kp = (kc + 7) / 8 * 8;
  uint8_t* out = static_cast<uint8_t*>(packed);
  for (size_t j0 = 0; j0 < nc; j0 += kQU8IgemmNr) {
    for (size_t j = 0; j < kQU8IgemmNr; ++j) {
      const int32_t b = bias && j0 + j < nc ? bias[j0 + j] : 0;
      std::memcpy(out, &b, sizeof(b));
      out += sizeof(b);
    }
    int16_t* wp = reinterpret_cast<int16_t*>(out);
    for (size_t s = 0; s < ks; ++s) {
      for (size_t k0 = 0; k0 < kp; k0 += 8) {
        for (size_t j = 0; j < kQU8IgemmNr; ++j) {
          const size_t n = j0 + j;
          const int32_t zero_point = n < nc ? w_zero_point[per_channel ? n : 0] : 0;
          for (size_t k = k0; k < k0 + 8; ++k) {
            *wp++ = n < nc && k < kc ? static_cast<int16_t>(int32_t{w[(n * ks + s) * kc + k]} - zero_point) : int16_t{0};
          }
        }
      }
    }
    out = reinterpret_cast<uint8_t*>(wp);
  }
}

}  // namespace webnn::kernels
