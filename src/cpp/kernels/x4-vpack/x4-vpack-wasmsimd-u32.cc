// The 4-bit pack and unpack kernels, wasmsimd, 32 elements (16 packed bytes) a step; the tail by the scalar
// twins. Unpacking splits each byte into its nibbles (a mask and a shift; int4 sign-extends with a shift left
// and an arithmetic shift right) and interleaves the two halves back into element order; packing does the
// reverse with one shuffle per 32 elements. Over-read: none.
#include <wasm_simd128.h>

#include "kernels/x4pack.h"

namespace webnn::kernels {
namespace {

template <bool kSigned, typename Y>
void Unpack(size_t n, const uint8_t* packed, Y* y) {
  const v128_t low_mask = wasm_i8x16_splat(0x0F);
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const v128_t v = wasm_v128_load(packed + i / 2);
    v128_t lo, hi;  // elements 2j and 2j + 1 of the 16 bytes
    if constexpr (kSigned) {
      lo = wasm_i8x16_shr(wasm_i8x16_shl(v, 4), 4);
      hi = wasm_i8x16_shr(v, 4);
    } else {
      lo = wasm_v128_and(v, low_mask);
      hi = wasm_v128_and(wasm_u16x8_shr(v, 4), low_mask);  // V8 emulates u8x16.shr on x86 in five instructions
    }
    wasm_v128_store(y + i, wasm_i8x16_shuffle(lo, hi, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
    wasm_v128_store(y + i + 16, wasm_i8x16_shuffle(lo, hi, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31));
  }
  if (i < n) {
    if constexpr (kSigned) {
      s4_s8_vunpack_ukernel__scalar(n - i, packed + i / 2, y + i);
    } else {
      u4_u8_vunpack_ukernel__scalar(n - i, packed + i / 2, y + i);
    }
  }
}

}  // namespace

void s4_s8_vunpack_ukernel__wasmsimd_u32(size_t n, const uint8_t* packed, int8_t* y) { Unpack<true>(n, packed, y); }

void u4_u8_vunpack_ukernel__wasmsimd_u32(size_t n, const uint8_t* packed, uint8_t* y) { Unpack<false>(n, packed, y); }

void x8_x4_vpack_ukernel__wasmsimd_u32(size_t n, const uint8_t* x, uint8_t* packed) {
  const v128_t low_mask = wasm_i8x16_splat(0x0F);
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const v128_t a = wasm_v128_load(x + i), b = wasm_v128_load(x + i + 16);
    const v128_t even = wasm_i8x16_shuffle(a, b, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const v128_t odd = wasm_i8x16_shuffle(a, b, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    wasm_v128_store(packed + i / 2, wasm_v128_or(wasm_v128_and(even, low_mask), wasm_i8x16_shl(odd, 4)));
  }
  if (i < n) x8_x4_vpack_ukernel__scalar(n - i, x + i, packed + i / 2);
}

}  // namespace webnn::kernels
