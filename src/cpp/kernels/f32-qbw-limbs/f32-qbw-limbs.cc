// f32_qbw_split_limbs__{scalar,wasmsimd} and f32_qbw_split_digits16__{scalar,wasmsimd} (kernels/qbw.h): a row of
// activations as the dot GEMVs read it, per block of bl: a power-of-two unit that puts the block's largest |x| in
// (2^22, 2^23 - 2^16] units (largest in [2^21.99, 2^23) after one halving at most), x in those units rounded to the
// nearest integer X (within half a unit: 2^-22 of the block's largest |x|), and X as three balanced base-256 digits
// (h, m, l in [-128, 127]: h in [-127, 127]) for the relaxed GEMV, or two balanced base-4096 digits (h in [-2032,
// 2032], l in [-2048, 2047]) for the plain one. Each wasmsimd kernel is its scalar one's exact twin (the unit's
// multiply is exact, rounding is to nearest even in both).
#include <wasm_simd128.h>

#include <cmath>
#include <cstring>

#include "kernels/qbw.h"

namespace webnn::kernels {
namespace {

constexpr double kLargest = 8323072.0;  // 2^23 - 2^16: the digits' range with h in [-127, 127]

// The block's shift (x * 2^shift in units) from its largest |x|, finite.
int UnitShift(float largest) {
  if (largest == 0.0f) return 0;
  int e;
  std::frexp(largest, &e);
  int shift = 23 - e;
  if (std::ldexp(double{largest}, shift) > kLargest) --shift;
  return shift > 149 ? 149 : shift;  // 2^-149, the smallest float: subnormal blocks are exact integers there
}

// The block's unit 2^-shift for its largest |x| (finite), and the two float factors of 2^shift, each a normal float,
// whose product with x is x * 2^shift rounded once (the first multiply is exact but where it falls below 2^-126, for
// values the second then rounds to 0 anyway).
float BlockUnit(float largest, float* p1, float* p2) {
  const int shift = UnitShift(largest);
  *p1 = static_cast<float>(std::ldexp(1.0, shift / 2));
  *p2 = static_cast<float>(std::ldexp(1.0, shift - shift / 2));
  return static_cast<float>(std::ldexp(1.0, -shift));
}

// The block's largest |x| by scalar code; false when it holds NaN or an infinity.
bool ScalarLargest(const float* x, size_t bl, float* largest) {
  *largest = 0.0f;
  for (size_t k = 0; k < bl; ++k) {
    const float v = std::fabs(x[k]);
    if (!(v <= 3.4028235e38f)) return false;
    *largest = v > *largest ? v : *largest;
  }
  return true;
}

// The scalar splits: per block its unit (BlockUnit), then digits(b, k, X) for each value's integer X, k the row in a.
// False when a value is NaN or infinite (the float kernels then take the row).
template <typename Digits>
bool SplitScalar(size_t kc, size_t bl, const float* a, float* block_scales, Digits digits) {
  for (size_t b = 0; b < kc / bl; ++b) {
    const float* x = a + b * bl;
    float largest;
    if (!ScalarLargest(x, bl, &largest)) return false;
    float p1, p2;
    block_scales[b] = BlockUnit(largest, &p1, &p2);
    for (size_t k = 0; k < bl; ++k) digits(b, b * bl + k, static_cast<int32_t>(std::nearbyint(x[k] * p1 * p2)));
  }
  return true;
}

// The block's largest |x| (NaN when it holds one), by wasmsimd lanes.
float LargestMagnitude(const float* x, size_t bl) {
  v128_t most = wasm_f32x4_const_splat(0.0f);
  for (size_t k = 0; k < bl; k += 4) most = wasm_f32x4_max(most, wasm_f32x4_abs(wasm_v128_load(x + k)));  // NaN stays
  most = wasm_f32x4_max(most, wasm_i32x4_shuffle(most, most, 2, 3, 0, 1));
  most = wasm_f32x4_max(most, wasm_i32x4_shuffle(most, most, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(most, 0);
}

// The wasmsimd splits' unit of the block at x (BlockUnit) and its factors splatted; false with NaN or infinity.
bool SimdBlockUnit(const float* x, size_t bl, float* unit, v128_t* f1, v128_t* f2) {
  const float largest = LargestMagnitude(x, bl);
  if (!(largest <= 3.4028235e38f)) return false;
  float p1, p2;
  *unit = BlockUnit(largest, &p1, &p2);
  *f1 = wasm_f32x4_splat(p1), *f2 = wasm_f32x4_splat(p2);
  return true;
}

int32_t LaneTotal(v128_t s) {
  return wasm_i32x4_extract_lane(s, 0) + wasm_i32x4_extract_lane(s, 1) + wasm_i32x4_extract_lane(s, 2) + wasm_i32x4_extract_lane(s, 3);
}

// The balanced low digit of v in base 2^kBits (in [-2^(kBits-1), 2^(kBits-1))); the rest is (v - digit) >> kBits.
template <int kBits>
int32_t LowDigit(int32_t v) {
  constexpr int32_t kHalf = 1 << (kBits - 1);
  return ((v + kHalf) & (2 * kHalf - 1)) - kHalf;
}
template <int kBits>
v128_t LowDigits(v128_t v) {
  constexpr int32_t kHalf = 1 << (kBits - 1);
  return wasm_i32x4_sub(wasm_v128_and(wasm_i32x4_add(v, wasm_i32x4_const_splat(kHalf)), wasm_i32x4_const_splat(2 * kHalf - 1)),
                        wasm_i32x4_const_splat(kHalf));
}

// X = 2^kBits h + l as two balanced digits at row k of a two-digit split (per group of 4 rows: 4 of h, then 4 of
// l), added to its block's sums of h and l (sums[2 b], sums[2 b + 1]; reset at the block's first row).
template <int kBits, typename Digit>
void PutTwoDigits(int32_t v, size_t b, size_t k, size_t bl, Digit* digits, int32_t* block_sums) {
  const int32_t l = LowDigit<kBits>(v), h = (v - l) >> kBits;
  Digit* group = digits + 8 * (k / 4) + k % 4;
  group[0] = static_cast<Digit>(h), group[4] = static_cast<Digit>(l);
  int32_t* sums = block_sums + 2 * b;
  if (k % bl == 0) sums[0] = sums[1] = 0;
  sums[0] += h, sums[1] += l;
}

}  // namespace

bool f32_qbw_split_limbs__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  return SplitScalar(kc, bl, a, block_scales, [&](size_t b, size_t k, int32_t v) {
    const int32_t l = LowDigit<8>(v);
    v = (v - l) >> 8;
    const int32_t m = LowDigit<8>(v);
    const int32_t h = (v - m) >> 8;
    int8_t* group = limbs + 12 * (k / 4) + k % 4;  // per group of 4 rows: 4 bytes of h, 4 of m, 4 of l
    group[0] = static_cast<int8_t>(h), group[4] = static_cast<int8_t>(m), group[8] = static_cast<int8_t>(l);
    int32_t* sums = block_sums + 3 * b;
    if (k % bl == 0) sums[0] = sums[1] = sums[2] = 0;
    sums[0] += h, sums[1] += m, sums[2] += l;
  });
}

bool f32_qbw_split_limbs__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  for (size_t b = 0; b < kc / bl; ++b) {
    const float* x = a + b * bl;
    v128_t f1, f2;
    if (!SimdBlockUnit(x, bl, &block_scales[b], &f1, &f2)) return false;
    v128_t sh = wasm_i32x4_const_splat(0), sm = sh, sl = sh;
    int8_t* out = limbs + 3 * b * bl;
    for (size_t k = 0; k < bl; k += 4, out += 12) {
      v128_t v = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(wasm_f32x4_mul(wasm_f32x4_mul(wasm_v128_load(x + k), f1), f2)));
      const v128_t l = LowDigits<8>(v);
      v = wasm_i32x4_shr(wasm_i32x4_sub(v, l), 8);
      const v128_t m = LowDigits<8>(v);
      const v128_t h = wasm_i32x4_shr(wasm_i32x4_sub(v, m), 8);
      sh = wasm_i32x4_add(sh, h), sm = wasm_i32x4_add(sm, m), sl = wasm_i32x4_add(sl, l);
      const v128_t hm = wasm_i16x8_narrow_i32x4(h, m), ll = wasm_i16x8_narrow_i32x4(l, l);
      const v128_t bytes = wasm_i8x16_narrow_i16x8(hm, ll);  // h0-3, m0-3, l0-3, l0-3
      wasm_v128_store64_lane(out, bytes, 0);
      wasm_v128_store32_lane(out + 8, bytes, 2);
    }
    block_sums[3 * b] = LaneTotal(sh), block_sums[3 * b + 1] = LaneTotal(sm), block_sums[3 * b + 2] = LaneTotal(sl);
  }
  return true;
}

bool f32_qbw_split_digits16__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  int16_t* digits = reinterpret_cast<int16_t*>(limbs);
  return SplitScalar(kc, bl, a, block_scales, [&](size_t b, size_t k, int32_t v) { PutTwoDigits<12>(v, b, k, bl, digits, block_sums); });
}

bool f32_qbw_split_digits16__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  int16_t* out = reinterpret_cast<int16_t*>(limbs);
  for (size_t b = 0; b < kc / bl; ++b) {
    const float* x = a + b * bl;
    v128_t f1, f2;
    if (!SimdBlockUnit(x, bl, &block_scales[b], &f1, &f2)) return false;
    v128_t sh = wasm_i32x4_const_splat(0), sl = sh;
    for (size_t k = 0; k < bl; k += 4, out += 8) {
      const v128_t v = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(wasm_f32x4_mul(wasm_f32x4_mul(wasm_v128_load(x + k), f1), f2)));
      const v128_t l = LowDigits<12>(v);
      const v128_t h = wasm_i32x4_shr(wasm_i32x4_sub(v, l), 12);
      sh = wasm_i32x4_add(sh, h), sl = wasm_i32x4_add(sl, l);
      wasm_v128_store(out, wasm_i16x8_narrow_i32x4(h, l));  // h0-3, l0-3
    }
    block_sums[2 * b] = LaneTotal(sh), block_sums[2 * b + 1] = LaneTotal(sl);
  }
  return true;
}

// qd8 and qd16: per block, unit = largest |x| / L and X = x * (L / largest) rounded to nearest even (|X| <= L), L
// = 127 for qd8 (as onnxruntime's MatMulNBits quantizes its activations at accuracy level 4), 32512 = 127 * 256 for
// qd16. qd8 holds X as int8 in row order; qd16 as int16 in row order, or for the relaxed GEMV as two balanced int8
// digits X = 256 h + l (h in [-127, 127], l in [-128, 127]), per group of 4 rows 4 bytes of h then 4 of l, with the
// block's sums of h and of l (else of X). A block whose largest |x| is below 2^-100 but not 0 is refused with NaN
// and infinity: its unit would be subnormal (the float tile takes the row).
namespace {

constexpr float kQd8Largest = 127.0f, kQd16Largest = 32512.0f;

// The block's unit and the factor to X, for L; false where the block is refused.
bool QdUnit(float largest, float range, float* unit, float* inverse) {
  constexpr float kSmallest = 7.88860905e-31f;  // 2^-100
  if (!(largest <= 3.4028235e38f) || (largest != 0.0f && largest < kSmallest)) return false;
  *unit = largest / range;
  *inverse = largest == 0.0f ? 0.0f : range / largest;
  return true;
}

// The scalar splits: per block its unit, then put(b, k, X) for each value, k the row in a.
template <typename Put>
bool SplitQdScalar(size_t kc, size_t bl, const float* a, float range, float* block_scales, Put put) {
  for (size_t b = 0; b < kc / bl; ++b) {
    const float* x = a + b * bl;
    float largest, inverse;
    if (!ScalarLargest(x, bl, &largest) || !QdUnit(largest, range, &block_scales[b], &inverse)) return false;
    for (size_t k = 0; k < bl; ++k) put(b, b * bl + k, static_cast<int32_t>(std::nearbyint(x[k] * inverse)));
  }
  return true;
}

// The wasmsimd splits: per block its unit, then put(b, k, X) for each 4 values from row k (X as int32 lanes), and
// done(b) after the block.
template <typename Put, typename Done>
bool SplitQdSimd(size_t kc, size_t bl, const float* a, float range, float* block_scales, Put put, Done done) {
  for (size_t b = 0; b < kc / bl; ++b) {
    const float* x = a + b * bl;
    float inverse;
    if (!QdUnit(LargestMagnitude(x, bl), range, &block_scales[b], &inverse)) return false;
    const v128_t f = wasm_f32x4_splat(inverse);
    for (size_t k = 0; k < bl; k += 4) put(b * bl + k, wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(wasm_f32x4_mul(wasm_v128_load(x + k), f))));
    done(b);
  }
  return true;
}

}  // namespace

bool f32_qbw_split_qd8__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  return SplitQdScalar(kc, bl, a, kQd8Largest, block_scales, [&](size_t b, size_t k, int32_t v) {
    limbs[k] = static_cast<int8_t>(v);
    block_sums[b] = (k % bl == 0 ? 0 : block_sums[b]) + v;
  });
}

bool f32_qbw_split_qd8__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  v128_t sum = wasm_i32x4_const_splat(0);
  return SplitQdSimd(kc, bl, a, kQd8Largest, block_scales, [&](size_t k, v128_t v) {
    sum = wasm_i32x4_add(sum, v);
    const v128_t v16 = wasm_i16x8_narrow_i32x4(v, v);
    wasm_v128_store32_lane(limbs + k, wasm_i8x16_narrow_i16x8(v16, v16), 0);
  }, [&](size_t b) { block_sums[b] = LaneTotal(sum), sum = wasm_i32x4_const_splat(0); });
}

bool f32_qbw_split_qd16__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  int16_t* out = reinterpret_cast<int16_t*>(limbs);
  return SplitQdScalar(kc, bl, a, kQd16Largest, block_scales, [&](size_t b, size_t k, int32_t v) {
    out[k] = static_cast<int16_t>(v);
    block_sums[b] = (k % bl == 0 ? 0 : block_sums[b]) + v;
  });
}

bool f32_qbw_split_qd16__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  int16_t* out = reinterpret_cast<int16_t*>(limbs);
  v128_t sum = wasm_i32x4_const_splat(0);
  return SplitQdSimd(kc, bl, a, kQd16Largest, block_scales, [&](size_t k, v128_t v) {
    sum = wasm_i32x4_add(sum, v);
    wasm_v128_store64_lane(out + k, wasm_i16x8_narrow_i32x4(v, v), 0);
  }, [&](size_t b) { block_sums[b] = LaneTotal(sum), sum = wasm_i32x4_const_splat(0); });
}

bool f32_qbw_split_qd16_digits__scalar(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  return SplitQdScalar(kc, bl, a, kQd16Largest, block_scales,
                       [&](size_t b, size_t k, int32_t v) { PutTwoDigits<8>(v, b, k, bl, limbs, block_sums); });
}

bool f32_qbw_split_qd16_digits__wasmsimd(size_t kc, size_t bl, const float* a, int8_t* limbs, float* block_scales, int32_t* block_sums) {
  v128_t sh = wasm_i32x4_const_splat(0), sl = sh;
  return SplitQdSimd(kc, bl, a, kQd16Largest, block_scales, [&](size_t k, v128_t v) {
    const v128_t l = LowDigits<8>(v), h = wasm_i32x4_shr(wasm_i32x4_sub(v, l), 8);
    sh = wasm_i32x4_add(sh, h), sl = wasm_i32x4_add(sl, l);
    const v128_t hl = wasm_i16x8_narrow_i32x4(h, l);
    wasm_v128_store64_lane(limbs + 2 * k, wasm_i8x16_narrow_i16x8(hl, hl), 0);  // h0-3, l0-3
  }, [&](size_t b) {
    block_sums[2 * b] = LaneTotal(sh), block_sums[2 * b + 1] = LaneTotal(sl);
    sh = sl = wasm_i32x4_const_splat(0);
  });
}

}  // namespace webnn::kernels
