// Qb4wPack and qb4w_f32_unpack_ukernel__scalar: the layout of kernels/qbw.h.
#include <cstring>

#include "kernels/qbw.h"

namespace webnn::kernels {
namespace {

// A held 4-bit value as offset binary: uint4 as is, int4 (sign-extended byte) plus 8.
inline uint8_t OffsetBinary(uint8_t v, bool int4) { return static_cast<uint8_t>((int4 ? v ^ 8 : v) & 0xF); }

}  // namespace

void Qb4wPack(size_t nc, size_t kc, size_t bl, const QbwSource& src, uint8_t* packed) {
  const size_t blocks = kc / bl;
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    for (size_t b = 0; b < blocks; ++b) {
      float s[kQbwNr];
      uint8_t z[kQbwNr];
      for (size_t j = 0; j < kQbwNr; ++j) {
        const bool real = n0 + j < nc;
        const int64_t at = static_cast<int64_t>(n0 + j) * src.s_n + static_cast<int64_t>(b) * src.s_b;
        s[j] = real ? src.s[at] : 0.0f;
        z[j] = real ? OffsetBinary(src.z[at], src.is_signed) : 0;
      }
      std::memcpy(packed, s, sizeof(s));
      std::memcpy(packed + sizeof(s), z, sizeof(z));
      packed += sizeof(s) + sizeof(z);
      for (size_t k = b * bl; k < (b + 1) * bl; k += 4) {
        for (size_t r = 0; r < 4; ++r) {
          for (size_t c = 0; c < 4; ++c) {
            uint8_t q[2];
            for (size_t h = 0; h < 2; ++h) {
              const size_t n = n0 + 4 * h + c;
              // Columns past nc hold their zero point (0), so they add nothing.
              q[h] = n < nc ? OffsetBinary(src.q[static_cast<int64_t>(n) * src.q_n + static_cast<int64_t>(k + r) * src.q_k], src.is_signed) : 0;
            }
            packed[4 * r + c] = static_cast<uint8_t>(q[0] | (q[1] << 4));
          }
        }
        packed += 16;
      }
    }
  }
}

void qb4w_f32_unpack_ukernel__scalar(size_t kc, size_t bl, const uint8_t* w, float* out) {
  for (size_t j = 0; j < kQbwNr; ++j) out[j] = 0.0f;  // the GEMM layout's bias
  out += kQbwNr;
  for (size_t b = 0; b < kc / bl; ++b) {
    float s[kQbwNr];
    std::memcpy(s, w, sizeof(s));
    const uint8_t* z = w + sizeof(s);
    w += sizeof(s) + kQbwNr;
    for (size_t k = 0; k < bl; k += 4, w += 16) {
      for (size_t r = 0; r < 4; ++r, out += kQbwNr) {
        for (size_t c = 0; c < 4; ++c) {
          const uint8_t v = w[4 * r + c];
          out[c] = static_cast<float>(static_cast<int>(v & 0xF) - z[c]) * s[c];
          out[4 + c] = static_cast<float>(static_cast<int>(v >> 4) - z[4 + c]) * s[4 + c];
        }
      }
    }
  }
}

}  // namespace webnn::kernels
