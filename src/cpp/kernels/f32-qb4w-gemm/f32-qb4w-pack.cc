// Qb4wPack: the layout of kernels/qbw.h (qbw_impl::Pack with qb4w's groups), and its inverse for [N, K] nibbles.
#include "kernels/qb4w_layout.h"

namespace webnn::kernels {

void Qb4wPack(size_t nc, size_t kc, size_t bl, const QbwSource& src, uint8_t* groups, uint8_t* headers) {
  qbw_impl::Pack<Qb4wLayout>(nc, kc, bl, src, groups, headers);
}

void Qb4wReadRows(size_t kc, bool is_signed, const uint8_t* groups, size_t first, size_t count, uint8_t* out) {
  const size_t row_bytes = kc / 2, block_bytes = Qb4wGroupBlockBytes(kc), end = first + count;
  const v128_t low = wasm_i8x16_splat(0x0F), flips = wasm_i8x16_splat(is_signed ? 8 : 0), byte = wasm_i16x8_splat(0xFF);
  // Each 16-bit lane holds one column's two rows a byte each (b0 | b1 << 8): b0 | b1 << 4 in its low byte.
  const auto pair = [&](v128_t x) { return wasm_v128_and(wasm_v128_or(x, wasm_u16x8_shr(x, 4)), byte); };
  for (size_t n0 = first / kQbwNr * kQbwNr; n0 < end; n0 += kQbwNr) {
    const uint8_t* w = groups + n0 / kQbwNr * block_bytes;
    for (size_t k = 0; k < kc; k += 4, w += Qb4wLayout::kGroupBytes) {
      const v128_t v = wasm_v128_load(w);  // byte 4 * c + r: row k + r of column c (low nibble) and of 4 + c (high)
      const v128_t lo = wasm_v128_xor(wasm_v128_and(v, low), flips);
      const v128_t hi = wasm_v128_xor(wasm_v128_and(wasm_u16x8_shr(v, 4), low), flips);
      uint16_t two[kQbwNr];  // column c's rows k, k + 1 then k + 2, k + 3, two to a byte
      wasm_v128_store(two, wasm_u8x16_narrow_i16x8(pair(lo), pair(hi)));
      for (size_t c = 0; c < kQbwNr; ++c) {
        const size_t n = n0 + c;
        if (n >= first && n < end) std::memcpy(out + (n - first) * row_bytes + k / 2, &two[c], 2);
      }
    }
  }
}

}  // namespace webnn::kernels
