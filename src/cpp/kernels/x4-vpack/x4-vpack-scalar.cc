// The 4-bit pack and unpack kernels, one element at a time (the references).
#include "kernels/x4pack.h"

namespace webnn::kernels {

void s4_s8_vunpack_ukernel__scalar(size_t n, const uint8_t* packed, int8_t* y) {
  for (size_t i = 0; i < n; ++i) {
    const unsigned nibble = (packed[i / 2] >> (4 * (i % 2))) & 0xF;
    y[i] = static_cast<int8_t>(nibble >= 8 ? static_cast<int>(nibble) - 16 : static_cast<int>(nibble));
  }
}

void u4_u8_vunpack_ukernel__scalar(size_t n, const uint8_t* packed, uint8_t* y) {
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<uint8_t>((packed[i / 2] >> (4 * (i % 2))) & 0xF);
}

void x8_x4_vpack_ukernel__scalar(size_t n, const uint8_t* x, uint8_t* packed) {
  for (size_t i = 0; i + 1 < n; i += 2) packed[i / 2] = static_cast<uint8_t>((x[i] & 0xF) | (x[i + 1] << 4));
  if (n % 2) packed[n / 2] = static_cast<uint8_t>(x[n - 1] & 0xF);
}

}  // namespace webnn::kernels
