// Maps a DataType to its C++ storage type and the type generic kernels compute in.
#pragma once

#include <cstddef>
#include <cstdint>

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
    case DataType::kInt8: return fn(int8_t{});
    case DataType::kUint8: return fn(uint8_t{});
  }
  return fn(float{});
}

}  // namespace webnn::compiler
