// int4 and uint4 where bytes cross the API: packed two to a byte there (low nibble first), a byte per element
// inside the engine (base/data_type.h). constant(), writeTensor() and readTensor() convert with these.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/data_type.h"

namespace webnn::runtime {

// n elements of a 4-bit `type` from `packed` (ceil(n / 2) bytes) to a byte each at `y`.
void UnpackFourBit(DataType type, size_t n, const uint8_t* packed, uint8_t* y);
// n elements held a byte each at `x` into ceil(n / 2) bytes at `packed`.
void PackFourBit(size_t n, const uint8_t* x, uint8_t* packed);

}  // namespace webnn::runtime
