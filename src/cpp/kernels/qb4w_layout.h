// How qb4w stores a group of 4 rows of k by 8 columns (kernels/qbw.h): 16 bytes, byte 4 * r + c holding column c
// in its low nibble and column 4 + c in its high nibble, so one mask and one shift give the two column halves.
#pragma once

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

struct Qb4wLayout {
  static constexpr size_t kBits = 4, kGroupBytes = 16;
  static uint8_t Value(const uint8_t* group, size_t r, size_t c) {
    return c < 4 ? group[4 * r + c] & 0xF : group[4 * r + c - 4] >> 4;
  }
  static void Put(uint8_t* group, size_t r, size_t c, uint8_t v) {
    if (c < 4) {
      group[4 * r + c] |= v;
    } else {
      group[4 * r + c - 4] |= static_cast<uint8_t>(v << 4);
    }
  }
  // A group from its rows: byte 4 * r + c of lo and hi holds q[k + r] of column c and 4 + c.
  static void StoreGroup(v128_t lo, v128_t hi, uint8_t* group) { wasm_v128_store(group, wasm_v128_or(lo, wasm_i8x16_shl(hi, 4))); }
  // 2^23 + q of rows 0-3 for columns 0-3 (lo) and 4-7 (hi).
  v128_t low_mask = wasm_i8x16_splat(0x0F), zero = wasm_i32x4_splat(0), magic = wasm_i16x8_splat(0x4B00);
  void Magic(const uint8_t* group, v128_t* lo, v128_t* hi) const {
    using namespace qbw_impl;
    const v128_t v = wasm_v128_load(group);
    const v128_t l = wasm_v128_and(v, low_mask), h = wasm_u8x16_shr(v, 4);
    const v128_t l01 = BytesLow(l, zero), l23 = BytesHigh(l, zero), h01 = BytesLow(h, zero), h23 = BytesHigh(h, zero);
    lo[0] = MagicLow(l01, magic), lo[1] = MagicHigh(l01, magic), lo[2] = MagicLow(l23, magic), lo[3] = MagicHigh(l23, magic);
    hi[0] = MagicLow(h01, magic), hi[1] = MagicHigh(h01, magic), hi[2] = MagicLow(h23, magic), hi[3] = MagicHigh(h23, magic);
  }
};

}  // namespace webnn::kernels
