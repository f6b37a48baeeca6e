// Maps a DataType to its C++ storage type and the type generic kernels compute in.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "base/data_type.h"
#include "base/float16.h"
#include "kernels/vcvt.h"

namespace webnn::compiler {

template <typename T>
struct ComputeTypeOf {
  using type = T;
};
template <>
struct ComputeTypeOf<Half> {
  using type = float;
};
template <typename T>
using ComputeType = typename ComputeTypeOf<T>::type;

template <typename T>
inline ComputeType<T> Load(const T& v) {
  return static_cast<ComputeType<T>>(v);
}
template <typename T, typename C>
inline T Store(C v) {
  return static_cast<T>(v);
}
template <>
inline Half Store<Half, float>(float v) {
  return Half(v);
}
template <>
inline Half Store<Half, double>(double v) {
  return Half::FromDouble(v);
}

// n contiguous halves to floats and back through the SIMD conversion kernels: bit-exact with Load and
// Store<Half, float> per element, for the float16 paths that run float32 kernels.
static_assert(sizeof(Half) == sizeof(uint16_t), "Half is its bits");
inline void Widen(size_t n, const Half* x, float* y) {
  kernels::f16_f32_vcvt_ukernel__wasmsimd_u8(n, reinterpret_cast<const uint16_t*>(x), y);
}
inline void Narrow(size_t n, const float* x, Half* y) {
  kernels::f32_f16_vcvt_ukernel__wasmsimd_u8(n, x, reinterpret_cast<uint16_t*>(y));
}

// int4 / uint4 are held in int8 / uint8 (base/data_type.h): v saturated into [-8, 7] or [0, 15].
template <typename T>
inline T SaturateFourBit(T v) {
  static_assert(sizeof(T) == 1, "4-bit values are held in a byte");
  if constexpr (std::is_signed_v<T>) return std::clamp<T>(v, T(-8), T(7));
  return std::min<T>(v, T(15));
}

// Calls fn(T{}) with T the storage type of `type`.
template <typename Fn>
decltype(auto) VisitType(DataType type, Fn&& fn) {
  switch (type) {
    case DataType::kFloat32: return fn(float{});
    case DataType::kFloat16: return fn(Half{});
    case DataType::kInt32: return fn(int32_t{});
    case DataType::kUint32: return fn(uint32_t{});
    case DataType::kInt64: return fn(int64_t{});
    case DataType::kUint64: return fn(uint64_t{});
    case DataType::kInt8:
    case DataType::kInt4: return fn(int8_t{});  // a 4-bit value is held in a byte (base/data_type.h)
    case DataType::kUint8:
    case DataType::kUint4: return fn(uint8_t{});
  }
  return fn(float{});
}

}  // namespace webnn::compiler
