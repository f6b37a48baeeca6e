// IEEE binary16 <-> binary32 conversion with round-to-nearest-even, bit-exact with the WPT harness.
#pragma once

#include <cstdint>
#include <cstring>

namespace webnn {

inline float Float16ToFloat32(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;
  } else {  // subnormal: normalise
    int shift = 0;
    while ((mant & 0x400) == 0) {
      mant <<= 1;
      ++shift;
    }
    mant &= 0x3ff;
    bits = sign | ((113 - shift) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

inline uint16_t Float32ToFloat16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  uint32_t abs = x & 0x7fffffffu;
  if (abs >= 0x7f800000u) return sign | (abs > 0x7f800000u ? 0x7e00 : 0x7c00);  // NaN / inf
  if (abs >= 0x477ff000u) return sign | 0x7c00;  // rounds to >= 65520: overflow to inf
  if (abs < 0x38800000u) {                       // subnormal half or zero
    if (abs < 0x33000000u) return sign;          // below half of the smallest subnormal
    uint32_t mant = (abs & 0x7fffff) | 0x800000;
    int shift = 126 - static_cast<int>(abs >> 23);  // 14 + (113 - exp)
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) ++half;
    return sign | static_cast<uint16_t>(half);
  }
  uint32_t half = ((abs >> 13) - (112u << 10));
  uint32_t rem = abs & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1))) ++half;
  return sign | static_cast<uint16_t>(half);
}

}  // namespace webnn

namespace webnn {

// float16 storage with float arithmetic: generic (templated) kernels compute in float and round once
// per result, which is how the WPT reference rounds (a float64 reference rounded to the output type).
struct Half {
  uint16_t bits = 0;
  Half() = default;
  explicit Half(float f) : bits(Float32ToFloat16(f)) {}
  // Rounds a double once (to nearest even): via float rounded to odd, which keeps the information
  // that double -> float -> half rounding would lose.
  static Half FromDouble(double d) {
    float f = static_cast<float>(d);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    if (static_cast<double>(f) != d && (b & 1) == 0 && d == d) {
      b += (f < 0 ? -static_cast<double>(f) : static_cast<double>(f)) < (d < 0 ? -d : d) ? 1 : -1;
      std::memcpy(&f, &b, 4);
    }
    return Half(f);
  }
  explicit operator float() const { return Float16ToFloat32(bits); }
};

}  // namespace webnn
