// Packing of uint8 OHWI filters for the qu8 indirect GEMM kernels (layout: kernels/qgemm.h).
#include <cstring>

#include "kernels/qgemm.h"

namespace webnn::kernels {

size_t QU8PackedIgemmSize(size_t nc, size_t kc, size_t ks) {
  const size_t blocks = (nc + kQU8IgemmNr - 1) / kQU8IgemmNr, kp = (kc + 7) / 8 * 8;
  return blocks * (kQU8IgemmNr * sizeof(int32_t) + ks * kp * kQU8IgemmNr * sizeof(int16_t));
}

size_t QU8PackedIgemmSizeU8(size_t nc, size_t kc, size_t ks) {
  const size_t blocks = (nc + kQU8IgemmNr - 1) / kQU8IgemmNr, kp = (kc + 7) / 8 * 8;
  return blocks * (kQU8IgemmNr * 2 * sizeof(int32_t) + ks * kp * kQU8IgemmNr);
}

namespace {

// Both layouts: per block of NR columns, NR int32 biases, [NR int32 zero points,] then per tap, per 8 k, per
// column, 8 weights: `put(column, stored weight, zero point)` writes one (padding: column or k out of range).
// w is [nc][ks][kc] (goi) or [kc][nc] (gio, ks 1), of stored bytes or of int16 values less their zero point.
template <typename T, typename Put>
uint8_t* PackBlocks(size_t nc, size_t kc, size_t ks, const T* w, bool gio, const uint8_t* w_zero_point, bool per_channel,
                    const int32_t* bias, bool zero_points_in_header, uint8_t* out, Put put) {
  const size_t kp = (kc + 7) / 8 * 8;
  for (size_t j0 = 0; j0 < nc; j0 += kQU8IgemmNr) {
    int32_t zero_points[kQU8IgemmNr];
    for (size_t j = 0; j < kQU8IgemmNr; ++j) {
      const int32_t b = bias && j0 + j < nc ? bias[j0 + j] : 0;
      std::memcpy(out + j * sizeof(b), &b, sizeof(b));
      zero_points[j] = j0 + j < nc && w_zero_point ? w_zero_point[per_channel ? j0 + j : 0] : 0;
    }
    out += kQU8IgemmNr * sizeof(int32_t);
    if (zero_points_in_header) {
      std::memcpy(out, zero_points, sizeof(zero_points));
      out += sizeof(zero_points);
    }
    for (size_t s = 0; s < ks; ++s) {
      for (size_t k0 = 0; k0 < kp; k0 += 8) {
        for (size_t j = 0; j < kQU8IgemmNr; ++j) {
          const size_t n = j0 + j;
          if (!gio && n < nc && k0 + 8 <= kc) {  // 8 real weights in a row: no bounds per weight
            const T* from = w + (n * ks + s) * kc + k0;
            for (size_t k = 0; k < 8; ++k) out = put(out, true, from[k], zero_points[j]);
            continue;
          }
          for (size_t k = k0; k < k0 + 8; ++k) {
            const bool real = n < nc && k < kc;
            out = put(out, real, real ? w[gio ? k * nc + n : (n * ks + s) * kc + k] : T{0}, zero_points[j]);
          }
        }
      }
    }
  }
  return out;
}

}  // namespace

void QU8PackIgemmGoi(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                     const int32_t* bias, void* packed) {
  PackBlocks(nc, kc, ks, w, false, w_zero_point, per_channel, bias, false, static_cast<uint8_t*>(packed),
             [](uint8_t* out, bool real, uint8_t v, int32_t zero_point) {
               const int16_t x = real ? static_cast<int16_t>(int32_t{v} - zero_point) : int16_t{0};
               std::memcpy(out, &x, sizeof(x));
               return out + sizeof(x);
             });
}

void QS16PackIgemmGoi(size_t nc, size_t kc, size_t ks, const int16_t* w, void* packed) {
  PackBlocks(nc, kc, ks, w, false, nullptr, false, nullptr, false, static_cast<uint8_t*>(packed),
             [](uint8_t* out, bool, int16_t v, int32_t) {
               std::memcpy(out, &v, sizeof(v));
               return out + sizeof(v);
             });
}

void QU8PackIgemmGoiU8(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                       const int32_t* bias, void* packed) {
  // Padding holds 0: the kernels multiply a row's padding lanes (-a_zero_point) by it, and the zero point
  // comes off through the row sums, which count only real k.
  PackBlocks(nc, kc, ks, w, false, w_zero_point, per_channel, bias, true, static_cast<uint8_t*>(packed),
             [](uint8_t* out, bool, uint8_t v, int32_t) {
               *out = v;
               return out + 1;
             });
}

void QU8PackIgemmGioU8(size_t nc, size_t kc, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                       const int32_t* bias, void* packed) {
  PackBlocks(nc, kc, 1, w, true, w_zero_point, per_channel, bias, true, static_cast<uint8_t*>(packed),
             [](uint8_t* out, bool, uint8_t v, int32_t) {
               *out = v;
               return out + 1;
             });
}

size_t QU8PackedIgemmSizeC2(size_t nc, size_t kc, size_t ks) {
  const size_t blocks = (nc + kQU8IgemmC2Nr - 1) / kQU8IgemmC2Nr, pairs = (kc + 1) / 2;
  return blocks * (kQU8IgemmC2Nr * sizeof(int32_t) + ks * pairs * kQU8IgemmC2Nr * 2 * sizeof(int16_t));
}

namespace {

// The c2 layout from `value(column, tap, k)` (int16, less the zero point) and the biases.
template <typename Value>
void PackC2(size_t nc, size_t kc, size_t ks, const int32_t* bias, uint8_t* out, Value value) {
  const size_t pairs = (kc + 1) / 2;
  for (size_t j0 = 0; j0 < nc; j0 += kQU8IgemmC2Nr) {
    for (size_t j = 0; j < kQU8IgemmC2Nr; ++j) {
      const int32_t b = bias && j0 + j < nc ? bias[j0 + j] : 0;
      std::memcpy(out, &b, sizeof(b));
      out += sizeof(b);
    }
    for (size_t s = 0; s < ks; ++s) {
      for (size_t p = 0; p < pairs; ++p) {
        for (size_t j = 0; j < kQU8IgemmC2Nr; ++j) {
          for (size_t k = 2 * p; k < 2 * p + 2; ++k) {
            const int16_t v = j0 + j < nc && k < kc ? value(j0 + j, s, k) : int16_t{0};
            std::memcpy(out, &v, sizeof(v));
            out += sizeof(v);
          }
        }
      }
    }
  }
}

}  // namespace

void QU8PackIgemmGoiC2(size_t nc, size_t kc, size_t ks, const uint8_t* w, const uint8_t* w_zero_point, bool per_channel,
                       const int32_t* bias, void* packed) {
  PackC2(nc, kc, ks, bias, static_cast<uint8_t*>(packed), [&](size_t n, size_t s, size_t k) {
    return static_cast<int16_t>(int32_t{w[(n * ks + s) * kc + k]} - w_zero_point[per_channel ? n : 0]);
  });
}

void QS16PackIgemmGoiC2(size_t nc, size_t kc, size_t ks, const int16_t* w, void* packed) {
  PackC2(nc, kc, ks, nullptr, static_cast<uint8_t*>(packed), [&](size_t n, size_t s, size_t k) { return w[(n * ks + s) * kc + k]; });
}

}  // namespace webnn::kernels
