// Elementwise selection: y[i] = c[i] != 0 ? t[i] : f[i] (where()), the values moved as bits.
#pragma once

#include <cstddef>
#include <cstdint>

namespace webnn::kernels {

// 32-bit elements, n >= 0. 16 conditions per step, widened to four lane masks for v128.bitselect, then a
// scalar tail. Over-read: none. Alignment: 4 bytes for t, f, y. y may alias t or f exactly.
void x32_select_ukernel__wasmsimd_u16(size_t n, const uint8_t* c, const uint32_t* t, const uint32_t* f, uint32_t* y);
// Scalar twin (the reference).
void x32_select_ukernel__scalar(size_t n, const uint8_t* c, const uint32_t* t, const uint32_t* f, uint32_t* y);

}  // namespace webnn::kernels
