// 4-bit values (int4, uint4) between their packed form at the API (two to a byte, low nibble first: element
// 2i in the low four bits of byte i, 2i + 1 in the high four) and the byte per element the engine holds them
// in (int4 sign-extended to int8, uint4 zero-extended to uint8). n counts elements; a packed buffer holds
// ceil(n / 2) bytes, and an odd n leaves the last byte's high nibble 0 when packing and unread when unpacking.
// s4: int4, u4: uint4, x8_x4: either (packing keeps the low four bits). Each wasmsimd kernel has a scalar twin
// it is bit-exact with.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

void s4_s8_vunpack_ukernel__wasmsimd_u32(size_t n, const uint8_t* packed, int8_t* y);
void s4_s8_vunpack_ukernel__scalar(size_t n, const uint8_t* packed, int8_t* y);
void u4_u8_vunpack_ukernel__wasmsimd_u32(size_t n, const uint8_t* packed, uint8_t* y);
void u4_u8_vunpack_ukernel__scalar(size_t n, const uint8_t* packed, uint8_t* y);
void x8_x4_vpack_ukernel__wasmsimd_u32(size_t n, const uint8_t* x, uint8_t* packed);
void x8_x4_vpack_ukernel__scalar(size_t n, const uint8_t* x, uint8_t* packed);

}  // namespace webnn::kernels
