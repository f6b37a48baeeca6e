// Qb8wPack and the scalar twins of the qb8w kernels: the layout of kernels/qbw.h.
#include <cstring>

#include "kernels/qbw.h"

namespace webnn::kernels {

void Qb8wPack(size_t nc, size_t kc, size_t bl, const QbwSource& src, uint8_t* packed) {
  const uint8_t flip = src.is_signed ? 0x80 : 0;  // int8 as offset binary
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    for (size_t b = 0; b < kc / bl; ++b) {
      float s[kQbwNr];
      uint8_t z[kQbwNr];
      for (size_t j = 0; j < kQbwNr; ++j) {
        const bool real = n0 + j < nc;
        const int64_t at = static_cast<int64_t>(n0 + j) * src.s_n + static_cast<int64_t>(b) * src.s_b;
        s[j] = real ? src.s[at] : 0.0f;
        z[j] = real ? static_cast<uint8_t>(src.z[at] ^ flip) : 0;
      }
      std::memcpy(packed, s, sizeof(s));
      std::memcpy(packed + sizeof(s), z, sizeof(z));
      packed += sizeof(s) + sizeof(z);
      for (size_t k = b * bl; k < (b + 1) * bl; ++k) {
        for (size_t c = 0; c < kQbwNr; ++c) {
          const size_t n = n0 + c;  // columns past nc hold their zero point (0), so they add nothing
          *packed++ = n < nc ? static_cast<uint8_t>(src.q[static_cast<int64_t>(n) * src.q_n + static_cast<int64_t>(k) * src.q_k] ^ flip) : 0;
        }
      }
    }
  }
}

void f32_qb8w_gemm_ukernel_1x8__scalar(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, float* c) {
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    float total[kQbwNr] = {};
    for (size_t b = 0; b < kc / bl; ++b) {
      float s[kQbwNr];
      std::memcpy(s, w, sizeof(s));
      const uint8_t* z = w + sizeof(s);
      w += sizeof(s) + kQbwNr;
      float block[kQbwNr] = {};
      for (size_t k = b * bl; k < (b + 1) * bl; ++k, w += kQbwNr) {
        for (size_t j = 0; j < kQbwNr; ++j) block[j] += a[k] * static_cast<float>(static_cast<int>(w[j]) - z[j]);
      }
      for (size_t j = 0; j < kQbwNr; ++j) total[j] += block[j] * s[j];
    }
    for (size_t j = 0; j < kQbwNr && n0 + j < nc; ++j) c[n0 + j] = total[j];
  }
}

void qb8w_f32_unpack_ukernel__scalar(size_t kc, size_t bl, const uint8_t* w, float* out) {
  for (size_t j = 0; j < kQbwNr; ++j) out[j] = 0.0f;  // the GEMM layout's bias
  out += kQbwNr;
  for (size_t b = 0; b < kc / bl; ++b) {
    float s[kQbwNr];
    std::memcpy(s, w, sizeof(s));
    const uint8_t* z = w + sizeof(s);
    w += sizeof(s) + kQbwNr;
    for (size_t k = 0; k < bl; ++k, w += kQbwNr, out += kQbwNr) {
      for (size_t j = 0; j < kQbwNr; ++j) out[j] = static_cast<float>(static_cast<int>(w[j]) - z[j]) * s[j];
    }
  }
}

}  // namespace webnn::kernels
