#include "graph/cast_number.h"

#include <cmath>
#include <cstring>

#include "base/float16.h"

namespace webnn::graph {
namespace {

// Signed and unsigned bounds of ConvertToInt. (The spec's table says "signed" for uint32, an evident slip:
// uint32 gets its own range here.)
void IntBounds(DataType type, __int128* lo, __int128* hi) {
  switch (type) {
    case DataType::kInt64: *lo = -(__int128{1} << 63); *hi = (__int128{1} << 63) - 1; return;
    case DataType::kUint64: *lo = 0; *hi = (__int128{1} << 64) - 1; return;
    case DataType::kInt32: *lo = INT32_MIN; *hi = INT32_MAX; return;
    case DataType::kUint32: *lo = 0; *hi = UINT32_MAX; return;
    case DataType::kInt8: *lo = INT8_MIN; *hi = INT8_MAX; return;
    case DataType::kUint8: *lo = 0; *hi = UINT8_MAX; return;
    case DataType::kInt4: *lo = -8; *hi = 7; return;
    case DataType::kUint4: *lo = 0; *hi = 15; return;
    default: *lo = *hi = 0; return;
  }
}

__int128 ConvertToInt(const Number& x, DataType type) {
  __int128 lo, hi;
  IntBounds(type, &lo, &hi);
  if (x.is_bigint) return x.bigint < lo ? lo : x.bigint > hi ? hi : x.bigint;
  if (std::isnan(x.value)) return 0;
  // Clamp in double first (the bounds round outwards, which the integer clamp below corrects), then round
  // half to even: nearbyint in the default rounding mode.
  double v = std::nearbyint(std::fmin(std::fmax(x.value, static_cast<double>(lo)), static_cast<double>(hi)));
  __int128 i = static_cast<__int128>(v);
  return i < lo ? lo : i > hi ? hi : i;
}

}  // namespace

Number CastNumber(const Number& x, DataType type) {
  switch (type) {
    case DataType::kFloat32:
      return {false, x.is_bigint ? static_cast<double>(static_cast<float>(x.bigint)) : static_cast<double>(static_cast<float>(x.value)), 0};
    case DataType::kFloat16: {
      Half h = Half::FromDouble(x.AsDouble());
      return {false, static_cast<double>(Float16ToFloat32(h.bits)), 0};
    }
    case DataType::kInt64:
    case DataType::kUint64:
      return {true, 0, ConvertToInt(x, type)};
    default:
      return {false, static_cast<double>(ConvertToInt(x, type)), 0};
  }
}

bool BigIntAllowed(const Number& x, DataType type) {
  return !x.is_bigint || type == DataType::kInt64 || type == DataType::kUint64;
}

std::string BigIntRefusal(DataType type) {
  return std::string("a BigInt is only valid for int64 and uint64 data, not ") + DataTypeName(type) + ".";
}

std::vector<uint8_t> NumberBytes(const Number& x, DataType type) {
  Number c = CastNumber(x, type);
  std::vector<uint8_t> bytes(ByteSize(type));
  auto put = [&](auto v) { std::memcpy(bytes.data(), &v, sizeof(v)); };
  switch (type) {
    case DataType::kFloat32: put(static_cast<float>(c.value)); break;
    case DataType::kFloat16: put(Half::FromDouble(c.value).bits); break;
    case DataType::kInt64: put(static_cast<int64_t>(c.bigint)); break;
    case DataType::kUint64: put(static_cast<uint64_t>(c.bigint)); break;
    case DataType::kInt32: put(static_cast<int32_t>(c.value)); break;
    case DataType::kUint32: put(static_cast<uint32_t>(c.value)); break;
    case DataType::kInt8:
    case DataType::kInt4: put(static_cast<int8_t>(c.value)); break;
    case DataType::kUint8:
    case DataType::kUint4: put(static_cast<uint8_t>(c.value)); break;
  }
  return bytes;
}

}  // namespace webnn::graph
