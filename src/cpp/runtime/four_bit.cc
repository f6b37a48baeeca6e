#include "runtime/four_bit.h"

#include "kernels/x4pack.h"

namespace webnn::runtime {

void UnpackFourBit(DataType type, size_t n, const uint8_t* packed, uint8_t* y) {
  if (type == DataType::kInt4) {
    kernels::s4_s8_vunpack_ukernel__wasmsimd_u32(n, packed, reinterpret_cast<int8_t*>(y));
  } else {
    kernels::u4_u8_vunpack_ukernel__wasmsimd_u32(n, packed, y);
  }
}

void PackFourBit(size_t n, const uint8_t* x, uint8_t* packed) { kernels::x8_x4_vpack_ukernel__wasmsimd_u32(n, x, packed); }

}  // namespace webnn::runtime
