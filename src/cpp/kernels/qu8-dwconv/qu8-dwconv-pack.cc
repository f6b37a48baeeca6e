// QS16PackDwconv (kernels/qdwconv.h): per block of 8 channels, 8 int32 biases and each tap's 8 int16 weights.
#include <cstring>

#include "kernels/qdwconv.h"

namespace webnn::kernels {

size_t QU8PackedDwconvSize(size_t channels, size_t taps) {
  const size_t blocks = (channels + kQU8DwconvCr - 1) / kQU8DwconvCr;
  return blocks * kQU8DwconvCr * (sizeof(int32_t) + taps * sizeof(int16_t));
}

void QS16PackDwconv(size_t channels, size_t taps, const int16_t* w, const int32_t* bias, void* packed) {
  uint8_t* out = static_cast<uint8_t*>(packed);
  std::memset(out, 0, QU8PackedDwconvSize(channels, taps));
  for (size_t c0 = 0; c0 < channels; c0 += kQU8DwconvCr) {
    int32_t* b = reinterpret_cast<int32_t*>(out);
    int16_t* k = reinterpret_cast<int16_t*>(out + kQU8DwconvCr * sizeof(int32_t));
    for (size_t j = 0; j < kQU8DwconvCr && c0 + j < channels; ++j) {
      b[j] = bias ? bias[c0 + j] : 0;
      for (size_t t = 0; t < taps; ++t) k[t * kQU8DwconvCr + j] = w[(c0 + j) * taps + t];
    }
    out += kQU8DwconvCr * (sizeof(int32_t) + taps * sizeof(int16_t));
  }
}

}  // namespace webnn::kernels
