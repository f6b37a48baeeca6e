// How qb8w stores a group of 4 rows of k by 8 columns (kernels/qbw.h): 32 bytes, byte 8 * r + c holding column c.
#pragma once

#include "kernels/qbw_impl.h"

namespace webnn::kernels {

struct Qb8wLayout {
  static constexpr size_t kBits = 8, kGroupBytes = 32;
  static uint8_t Value(const uint8_t* group, size_t r, size_t c) { return group[8 * r + c]; }
  static void Put(uint8_t* group, size_t r, size_t c, uint8_t v) { group[8 * r + c] = v; }
  // A group from its columns: byte 4 * c + r of lo and hi holds q[k + r] of column c and 4 + c; each row's 8
  // columns gathered by one shuffle of the two.
  static void StoreGroup(v128_t lo, v128_t hi, uint8_t* group) {
    wasm_v128_store(group, wasm_i8x16_shuffle(lo, hi, 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29));
    wasm_v128_store(group + 16, wasm_i8x16_shuffle(lo, hi, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31));
  }
  // 2^23 + q of rows 0-3 for columns 0-3 (lo) and 4-7 (hi).
  v128_t zero = wasm_i32x4_splat(0), magic = wasm_i16x8_splat(0x4B00);
  void Magic(const uint8_t* group, v128_t* lo, v128_t* hi) const {
    using namespace qbw_impl;
    const v128_t v01 = wasm_v128_load(group), v23 = wasm_v128_load(group + 16);
    const v128_t r[4] = {BytesLow(v01, zero), BytesHigh(v01, zero), BytesLow(v23, zero), BytesHigh(v23, zero)};
    for (int i = 0; i < 4; ++i) {
      lo[i] = MagicLow(r[i], magic);
      hi[i] = MagicHigh(r[i], magic);
    }
  }
};

}  // namespace webnn::kernels
