// How qb4w stores a group of 4 rows of k by 8 columns (kernels/qbw.h): 16 bytes, byte 4 * c + r holding column c
// of row r in its low nibble and column 4 + c in its high nibble, so one mask and one shift give the two column
// halves, each 32-bit lane one column's 4 rows: what an integer dot product of 4 rows sums (the relaxed dot GEMV).
#pragma once

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

struct Qb4wLayout {
  static constexpr size_t kBits = 4, kGroupBytes = 16;
  static uint8_t Value(const uint8_t* group, size_t r, size_t c) {
    return c < 4 ? group[4 * c + r] & 0xF : group[4 * (c - 4) + r] >> 4;
  }
  static void Put(uint8_t* group, size_t r, size_t c, uint8_t v) {
    if (c < 4) {
      group[4 * c + r] |= v;
    } else {
      group[4 * (c - 4) + r] |= static_cast<uint8_t>(v << 4);
    }
  }
  // A group from its columns: byte 4 * c + r of lo and hi holds q[k + r] of column c and 4 + c.
  static void StoreGroup(v128_t lo, v128_t hi, uint8_t* group) { wasm_v128_store(group, wasm_v128_or(lo, wasm_i8x16_shl(hi, 4))); }
  // 2^23 + q of rows 0-3 for columns 0-3 (lo) and 4-7 (hi): rows 0 and 1 (then 2 and 3) gathered from the columns'
  // lanes as 16-bit values by the one shuffle that widens them.
  v128_t low_mask = wasm_i8x16_splat(0x0F), zero = wasm_i32x4_splat(0), magic = wasm_i16x8_splat(0x4B00);
  static v128_t Rows01(v128_t x, v128_t zero) { return wasm_i8x16_shuffle(x, zero, 0, 16, 4, 16, 8, 16, 12, 16, 1, 16, 5, 16, 9, 16, 13, 16); }
  static v128_t Rows23(v128_t x, v128_t zero) { return wasm_i8x16_shuffle(x, zero, 2, 16, 6, 16, 10, 16, 14, 16, 3, 16, 7, 16, 11, 16, 15, 16); }
  void Magic(const uint8_t* group, v128_t* lo, v128_t* hi) const {
    using namespace qbw_impl;
    const v128_t v = wasm_v128_load(group);
    const v128_t l = wasm_v128_and(v, low_mask), h = wasm_v128_and(wasm_u16x8_shr(v, 4), low_mask);  // no byte shift on x86
    const v128_t l01 = Rows01(l, zero), l23 = Rows23(l, zero), h01 = Rows01(h, zero), h23 = Rows23(h, zero);
    lo[0] = MagicLow(l01, magic), lo[1] = MagicHigh(l01, magic), lo[2] = MagicLow(l23, magic), lo[3] = MagicHigh(l23, magic);
    hi[0] = MagicLow(h01, magic), hi[1] = MagicHigh(h01, magic), hi[2] = MagicLow(h23, magic), hi[3] = MagicHigh(h23, magic);
  }
};

}  // namespace webnn::kernels
