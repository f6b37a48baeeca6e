// What the qb4w and qb8w kernels (kernels/qbw.h) share: the walk over 8-column blocks and k-blocks of the packed
// layout, the per-block scale and zero points, and the sums; each family only says how a group of 4 rows of k is
// stored (Layout: kGroupBytes, and Value(group, r, c) in the scalar twins / Magic(group, ...) in the wasmsimd ones).
//
// The wasmsimd kernels turn bytes into floats by XNNPACK's "magic number": a byte q is interleaved with a zero byte
// (BytesLow/High) and then under the bits 0x4B00 (MagicLow/High), which makes the float 2^23 + q; subtracting
// 2^23 + z (MagicZeroPoints) gives q - z exactly. One unpack instruction per step where sign extension and
// f32x4.convert_i32x4_s took three (3.3 against 12.5 GFLOP/s in the qb4w GEMV). Per lane the arithmetic is the
// scalar twins' (products in k order, no fused multiply-add), so the two are bit-exact.
#pragma once

#include <wasm_simd128.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/qbw.h"
#include "kernels/simd_util.h"

namespace webnn::kernels::qbw_impl {

// ---- packing and the scalar twins ----

inline uint32_t Load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Element i of q (the index QbwSource gives), a byte either way.
inline uint8_t Element(const QbwSource& src, int64_t i) {
  return src.q_nibbles ? static_cast<uint8_t>((src.q[i >> 1] >> ((i & 1) * 4)) & 0xF) : src.q[i];
}

// Zero point i (the index QbwSource gives) as its low bits: a 4-bit one's nibble, which Pack's offset masks alike.
inline uint8_t ZeroPoint(const QbwSource& src, int64_t i) {
  return src.z_nibbles ? static_cast<uint8_t>((src.z[i >> 1] >> ((i & 1) * 4)) & 0xF) : src.z[i];
}

// Elements i..i+3 of q as 4 bytes, the first lowest (with nibbles i is even: 2 bytes, low nibbles first).
inline uint32_t Load4(const QbwSource& src, int64_t i) {
  if (!src.q_nibbles) return Load32(src.q + i);
  const uint32_t two = src.q[i >> 1] | (uint32_t{src.q[(i >> 1) + 1]} << 8);
  return (two & 0xF) | ((two & 0xF0) << 4) | ((two & 0xF00) << 8) | ((two & 0xF000) << 12);
}

// One group of 4 rows (k..k+3) by 8 columns from columns stored along k (column c's elements from index col[c]):
// the 4 elements of each column, offset (byte 4 * c + r of `lo` holds row r of column c, of `hi` of column 4 + c),
// stored as Layout does.
template <typename Layout>
void PackGroup(const QbwSource& src, const int64_t col[kQbwNr], size_t k, uint8_t flip, uint8_t mask, uint8_t* packed) {
  const v128_t flips = wasm_i8x16_splat(static_cast<int8_t>(flip)), masks = wasm_i8x16_splat(static_cast<int8_t>(mask));
  const int64_t at = static_cast<int64_t>(k);
  v128_t lo = wasm_u32x4_make(Load4(src, col[0] + at), Load4(src, col[1] + at), Load4(src, col[2] + at), Load4(src, col[3] + at));
  v128_t hi = wasm_u32x4_make(Load4(src, col[4] + at), Load4(src, col[5] + at), Load4(src, col[6] + at), Load4(src, col[7] + at));
  lo = wasm_v128_and(wasm_v128_xor(lo, flips), masks);
  hi = wasm_v128_and(wasm_v128_xor(hi, flips), masks);
  Layout::StoreGroup(lo, hi, packed);
}

// Packs the weights in Layout's groups (PackGroup a whole group of columns stored along k, else Layout::Put one
// value at a time into a zeroed group) and their blocks' headers. Held values become offset binary: int4 / int8
// plus 8 / 128, so q - z is unchanged. Columns past nc hold 0 with zero point 0: they add nothing. A whole block of
// columns stored along k is read from a copy of its rows, so that `groups` may be q itself (kernels/qbw.h).
template <typename Layout>
void Pack(size_t nc, size_t kc, size_t bl, const QbwSource& src, uint8_t* groups, uint8_t* headers) {
  const uint8_t mask = static_cast<uint8_t>((1u << Layout::kBits) - 1);
  const uint8_t flip = src.is_signed ? static_cast<uint8_t>(1u << (Layout::kBits - 1)) : 0;
  const auto offset = [&](uint8_t v) { return static_cast<uint8_t>((v ^ flip) & mask); };
  const bool along_k = src.q_k == 1 && (!src.q_nibbles || src.q_n % 2 == 0);
  const size_t row_bytes = src.q_nibbles ? kc / 2 : kc;
  std::vector<uint8_t> rows(along_k ? kQbwNr * row_bytes + 4 : 0);  // Load4 reads up to 4 bytes from a group's start
  QbwSource copy = src;
  copy.q = rows.data();
  copy.q_n = static_cast<int64_t>(kc);
  int64_t col[kQbwNr];
  for (size_t c = 0; c < kQbwNr; ++c) col[c] = static_cast<int64_t>(c * kc);
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    const bool whole = along_k && n0 + kQbwNr <= nc;  // MatMulNBits' [N, K]: 4 elements of each column per group
    for (size_t c = 0; whole && c < kQbwNr; ++c) {
      const int64_t at = static_cast<int64_t>(n0 + c) * src.q_n;
      std::memcpy(rows.data() + c * row_bytes, src.q + (src.q_nibbles ? at / 2 : at), row_bytes);
    }
    for (size_t b = 0; b < kc / bl; ++b) {
      float s[kQbwNr];
      uint8_t z[kQbwNr];
      for (size_t j = 0; j < kQbwNr; ++j) {
        const bool real = n0 + j < nc;
        const int64_t at = static_cast<int64_t>(n0 + j) * src.s_n + static_cast<int64_t>(b) * src.s_b;
        s[j] = real ? src.s[at] : 0.0f;
        z[j] = real ? offset(ZeroPoint(src, at)) : 0;
      }
      std::memcpy(headers, s, sizeof(s));
      std::memcpy(headers + sizeof(s), z, sizeof(z));
      headers += kQbwHeaderBytes;
      if (whole) {
        for (size_t k = b * bl; k < (b + 1) * bl; k += 4, groups += Layout::kGroupBytes) PackGroup<Layout>(copy, col, k, flip, mask, groups);
        continue;
      }
      for (size_t k = b * bl; k < (b + 1) * bl; k += 4, groups += Layout::kGroupBytes) {
        std::memset(groups, 0, Layout::kGroupBytes);
        for (size_t r = 0; r < 4; ++r) {
          for (size_t c = 0; c < kQbwNr; ++c) {
            const size_t n = n0 + c;
            if (n < nc) Layout::Put(groups, r, c, offset(Element(src, static_cast<int64_t>(n) * src.q_n + static_cast<int64_t>(k + r) * src.q_k)));
          }
        }
      }
    }
  }
}

// A block's 8 scales and zero points at `h`; returns the next block's header.
inline const uint8_t* BlockHeader(const uint8_t* h, float* s, const uint8_t** z) {
  std::memcpy(s, h, kQbwNr * sizeof(float));
  *z = h + kQbwNr * sizeof(float);
  return h + kQbwHeaderBytes;
}

template <typename Layout>
void GemvScalar(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, const uint8_t* h, float* c) {
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    float total[kQbwNr] = {};
    for (size_t b = 0; b < kc / bl; ++b) {
      float s[kQbwNr];
      const uint8_t* z;
      h = BlockHeader(h, s, &z);
      float block[kQbwNr] = {};
      for (size_t k = b * bl; k < (b + 1) * bl; k += 4, w += Layout::kGroupBytes) {
        for (size_t r = 0; r < 4; ++r) {
          for (size_t j = 0; j < kQbwNr; ++j) block[j] += a[k + r] * static_cast<float>(static_cast<int>(Layout::Value(w, r, j)) - z[j]);
        }
      }
      for (size_t j = 0; j < kQbwNr; ++j) total[j] += block[j] * s[j];
    }
    for (size_t j = 0; j < kQbwNr && n0 + j < nc; ++j) c[n0 + j] = total[j];
  }
}

template <typename Layout>
void UnpackScalar(size_t kc, size_t bl, const uint8_t* w, const uint8_t* h, float* out) {
  for (size_t j = 0; j < kQbwNr; ++j) out[j] = 0.0f;  // the GEMM layout's bias
  out += kQbwNr;
  for (size_t b = 0; b < kc / bl; ++b) {
    float s[kQbwNr];
    const uint8_t* z;
    h = BlockHeader(h, s, &z);
    for (size_t k = 0; k < bl; k += 4, w += Layout::kGroupBytes) {
      for (size_t r = 0; r < 4; ++r, out += kQbwNr) {
        for (size_t j = 0; j < kQbwNr; ++j) out[j] = static_cast<float>(static_cast<int>(Layout::Value(w, r, j)) - z[j]) * s[j];
      }
    }
  }
}

// ---- wasmsimd ----

// The low or high 8 bytes of x widened to 16 bits.
inline v128_t BytesLow(v128_t x, v128_t zero) { return wasm_i8x16_shuffle(x, zero, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23); }
inline v128_t BytesHigh(v128_t x, v128_t zero) {
  return wasm_i8x16_shuffle(x, zero, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}
// 2^23 + the low or high 4 u16 lanes of x, as floats (magic: 0x4B00 in every u16 lane).
inline v128_t MagicLow(v128_t x, v128_t magic) { return wasm_i16x8_shuffle(x, magic, 0, 8, 1, 9, 2, 10, 3, 11); }
inline v128_t MagicHigh(v128_t x, v128_t magic) { return wasm_i16x8_shuffle(x, magic, 4, 12, 5, 13, 6, 14, 7, 15); }

// A block's scales and 2^23 + z for columns 0-3 and 4-7 at `h`; returns the next block's header.
inline const uint8_t* MagicBlockHeader(const uint8_t* h, v128_t* s_lo, v128_t* s_hi, v128_t* mz_lo, v128_t* mz_hi) {
  *s_lo = wasm_v128_load(h);
  *s_hi = wasm_v128_load(h + 16);
  const v128_t magic_f = wasm_f32x4_splat(8388608.0f);
  const v128_t z = wasm_u16x8_extend_low_u8x16(wasm_v128_load64_zero(h + 32));
  *mz_lo = wasm_f32x4_add(magic_f, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_low_u16x8(z)));
  *mz_hi = wasm_f32x4_add(magic_f, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_high_u16x8(z)));
  return h + kQbwHeaderBytes;
}

// A block's scales and zero points for the integer GEMVs: columns 0-3 and 4-7, the zero points as int32; returns
// the next block's header.
inline const uint8_t* IntegerBlockHeader(const uint8_t* h, v128_t* s_lo, v128_t* s_hi, v128_t* z_lo, v128_t* z_hi) {
  *s_lo = wasm_v128_load(h);
  *s_hi = wasm_v128_load(h + 16);
  const v128_t z16 = wasm_u16x8_load8x8(h + 32);
  *z_lo = wasm_u32x4_extend_low_u16x8(z16);
  *z_hi = wasm_u32x4_extend_high_u16x8(z16);
  return h + kQbwHeaderBytes;
}

// The int16-digit GEMVs (wasmsimd_dot16): 4 columns' float sum of (q - z) * X in units from their sums against the
// digits h and l (X = 4096 h + l) less z times the block's digit sums (exact in int32), joined.
inline v128_t JoinDigits16(v128_t h, v128_t l, v128_t z, int32_t sum_h, int32_t sum_l) {
  h = wasm_i32x4_sub(h, wasm_i32x4_mul(z, wasm_i32x4_splat(sum_h)));
  l = wasm_i32x4_sub(l, wasm_i32x4_mul(z, wasm_i32x4_splat(sum_l)));
  return wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_convert_i32x4(h), wasm_f32x4_const_splat(4096.0f)), wasm_f32x4_convert_i32x4(l));
}

// Columns 0-3 of a sum from the two accumulators of columns 0, 1 and 2, 3 (each lane two rows of a column): the int16
// dot GEMVs'.
inline v128_t JoinRows(v128_t columns01, v128_t columns23) {
  return wasm_i32x4_add(wasm_i32x4_shuffle(columns01, columns23, 0, 2, 4, 6), wasm_i32x4_shuffle(columns01, columns23, 1, 3, 5, 7));
}

// Stores the 8 column totals, or the first nc - n0 of them.
inline void StoreColumns(v128_t lo, v128_t hi, size_t n0, size_t nc, float* c) {
  if (n0 + kQbwNr <= nc) {
    wasm_v128_store(c + n0, lo);
    wasm_v128_store(c + n0 + 4, hi);
    return;
  }
  float t[kQbwNr];
  wasm_v128_store(t, lo);
  wasm_v128_store(t + 4, hi);
  for (size_t j = 0; n0 + j < nc; ++j) c[n0 + j] = t[j];
}

// The plain qd GEMVs (qd8 and qd16 __wasmsimd_dot16): per group of 4 rows, the 16 bytes of nibbles masked into low
// and high nibbles and widened to int16 (an i16x8 holds two columns' 4 rows), broadcast(q) the group's 4 activations
// as int16 twice, one i32x4.dot_i16x8_s per two columns summing two rows of each exactly; per block the pairs of
// rows joined, the zero points taken off through the block's sum of X, the block scaled by unit * s in float.
template <typename Activation, typename Broadcast>
void GemvQdDot16(size_t nc, size_t kc, size_t bl, const Activation* activations, const float* block_scales,
                 const int32_t* block_sums, const uint8_t* w, const uint8_t* h, float* c, Broadcast broadcast) {
  const v128_t mask = wasm_i8x16_splat(0x0F);
  const v128_t zero = wasm_i32x4_const_splat(0);
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    v128_t total_lo = wasm_f32x4_const_splat(0.0f), total_hi = total_lo;
    const Activation* q = activations;
    for (size_t b = 0; b < kc / bl; ++b) {
      v128_t s_lo, s_hi, z_lo, z_hi;
      h = IntegerBlockHeader(h, &s_lo, &s_hi, &z_lo, &z_hi);
      // The sums of columns 0-1, 2-3, 4-5 and 6-7, each lane two rows of one column.
      v128_t d01 = zero, d23 = zero, d45 = zero, d67 = zero;
      for (size_t k = 0; k < bl; k += 4, w += 16, q += 4) {
        const v128_t v = wasm_v128_load(w);
        // Byte 4 * c + r: row r of column c in the low nibble, of column 4 + c in the high one. The high nibbles by a
        // 16-bit shift and the mask (V8 has no byte shift on x86).
        const v128_t lo = wasm_v128_and(v, mask), hi = wasm_v128_and(wasm_u16x8_shr(v, 4), mask);
        const v128_t a = broadcast(q);
        d01 = wasm_i32x4_add(d01, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_low_u8x16(lo), a));
        d23 = wasm_i32x4_add(d23, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_high_u8x16(lo), a));
        d45 = wasm_i32x4_add(d45, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_low_u8x16(hi), a));
        d67 = wasm_i32x4_add(d67, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_high_u8x16(hi), a));
      }
      const v128_t sum = wasm_i32x4_splat(block_sums[b]), unit = wasm_f32x4_splat(block_scales[b]);
      const v128_t d_lo = wasm_i32x4_sub(JoinRows(d01, d23), wasm_i32x4_mul(z_lo, sum));
      const v128_t d_hi = wasm_i32x4_sub(JoinRows(d45, d67), wasm_i32x4_mul(z_hi, sum));
      total_lo = wasm_f32x4_add(total_lo, wasm_f32x4_mul(wasm_f32x4_convert_i32x4(d_lo), wasm_f32x4_mul(s_lo, unit)));
      total_hi = wasm_f32x4_add(total_hi, wasm_f32x4_mul(wasm_f32x4_convert_i32x4(d_hi), wasm_f32x4_mul(s_hi, unit)));
    }
    StoreColumns(total_lo, total_hi, n0, nc, c);
  }
}

// The int16-digit GEMVs' walk over 8-column blocks and k-blocks: block(w, digits, bl, sums) adds a k-block's sums of
// the 8 columns against the digits h and l (sums[0], [1]: h of columns 0-3, 4-7; [2], [3]: l) and returns the
// next group of weights; then the block's zero points come off, its digits join and it is scaled in float.
template <typename Block>
void GemvDigits16(size_t nc, size_t kc, size_t bl, const int8_t* limbs, const float* block_scales, const int32_t* block_sums,
                  const uint8_t* w, const uint8_t* h, float* c, Block block) {
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    v128_t total_lo = wasm_f32x4_const_splat(0.0f), total_hi = total_lo;
    const int16_t* digits = reinterpret_cast<const int16_t*>(limbs);
    for (size_t b = 0; b < kc / bl; ++b, digits += 2 * bl) {
      v128_t s_lo, s_hi, z_lo, z_hi;
      h = IntegerBlockHeader(h, &s_lo, &s_hi, &z_lo, &z_hi);
      v128_t sums[4];
      w = block(w, digits, bl, sums);
      const int32_t sum_h = block_sums[2 * b], sum_l = block_sums[2 * b + 1];
      const v128_t unit = wasm_f32x4_splat(block_scales[b]);
      const v128_t f_lo = JoinDigits16(sums[0], sums[2], z_lo, sum_h, sum_l);
      const v128_t f_hi = JoinDigits16(sums[1], sums[3], z_hi, sum_h, sum_l);
      total_lo = wasm_f32x4_add(total_lo, wasm_f32x4_mul(f_lo, wasm_f32x4_mul(s_lo, unit)));
      total_hi = wasm_f32x4_add(total_hi, wasm_f32x4_mul(f_hi, wasm_f32x4_mul(s_hi, unit)));
    }
    StoreColumns(total_lo, total_hi, n0, nc, c);
  }
}

// kFma: each multiply-add one f32x4.relaxed_madd (the wasmrelaxedsimd tiles; fused where the host has FMA, so
// within the reference's bound but not bit-exact with it).
template <typename Layout, bool kFma = false>
void GemvMagic(size_t nc, size_t kc, size_t bl, const float* a, const uint8_t* w, const uint8_t* h, float* c) {
  const Layout layout;
  for (size_t n0 = 0; n0 < nc; n0 += kQbwNr) {
    v128_t total_lo = wasm_f32x4_splat(0.0f), total_hi = wasm_f32x4_splat(0.0f);
    for (size_t b = 0; b < kc / bl; ++b) {
      v128_t s_lo, s_hi, mz_lo, mz_hi;
      h = MagicBlockHeader(h, &s_lo, &s_hi, &mz_lo, &mz_hi);
      v128_t acc_lo = wasm_f32x4_splat(0.0f), acc_hi = wasm_f32x4_splat(0.0f);
      const float* ak = a + b * bl;
      for (size_t k = 0; k < bl; k += 4, w += Layout::kGroupBytes, ak += 4) {
        v128_t lo[4], hi[4];  // 2^23 + q of rows 0-3, columns 0-3 and 4-7
        layout.Magic(w, lo, hi);
        const v128_t a4 = wasm_v128_load(ak);
        const v128_t ar[4] = {wasm_i32x4_shuffle(a4, a4, 0, 0, 0, 0), wasm_i32x4_shuffle(a4, a4, 1, 1, 1, 1),
                              wasm_i32x4_shuffle(a4, a4, 2, 2, 2, 2), wasm_i32x4_shuffle(a4, a4, 3, 3, 3, 3)};
        for (int r = 0; r < 4; ++r) {
          acc_lo = simd::MulAdd<kFma>(acc_lo, ar[r], wasm_f32x4_sub(lo[r], mz_lo));
          acc_hi = simd::MulAdd<kFma>(acc_hi, ar[r], wasm_f32x4_sub(hi[r], mz_hi));
        }
      }
      total_lo = wasm_f32x4_add(total_lo, wasm_f32x4_mul(acc_lo, s_lo));
      total_hi = wasm_f32x4_add(total_hi, wasm_f32x4_mul(acc_hi, s_hi));
    }
    StoreColumns(total_lo, total_hi, n0, nc, c);
  }
}

template <typename Layout>
void UnpackMagic(size_t kc, size_t bl, const uint8_t* w, const uint8_t* h, float* out) {
  const Layout layout;
  const v128_t zero = wasm_i32x4_splat(0);
  wasm_v128_store(out, zero);  // the GEMM layout's bias
  wasm_v128_store(out + 4, zero);
  out += kQbwNr;
  for (size_t b = 0; b < kc / bl; ++b) {
    v128_t s_lo, s_hi, mz_lo, mz_hi;
    h = MagicBlockHeader(h, &s_lo, &s_hi, &mz_lo, &mz_hi);
    for (size_t k = 0; k < bl; k += 4, w += Layout::kGroupBytes) {
      v128_t lo[4], hi[4];
      layout.Magic(w, lo, hi);
      for (int r = 0; r < 4; ++r, out += kQbwNr) {
        wasm_v128_store(out, wasm_f32x4_mul(wasm_f32x4_sub(lo[r], mz_lo), s_lo));
        wasm_v128_store(out + 4, wasm_f32x4_mul(wasm_f32x4_sub(hi[r], mz_hi), s_hi));
      }
    }
  }
}

}  // namespace webnn::kernels::qbw_impl
