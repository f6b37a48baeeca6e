// The spec's "cast" of an MLNumber to an MLOperandDataType (#algorithms-casting): ConvertToFloat rounds to
// the nearest value of the type (ties to even, +-Infinity beyond its range, NaN kept); ConvertToInt clamps
// to the type's range, then rounds half to even (NaN and -0 give +0). One implementation for every option
// that the spec casts (clamp's bounds, pad's value, constant(type, value)).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/data_type.h"
#include "graph/arguments.h"

namespace webnn::graph {

// The cast value, exact: a BigInt for int64 and uint64, a double otherwise.
Number CastNumber(const Number& x, DataType type);

// Not a step of the spec (which casts any MLNumber) but Chromium's rule, which the WPT validation tests check
// (clamp, constant): a BigInt only for int64 and uint64. BigIntRefusal says why, for the error message.
bool BigIntAllowed(const Number& x, DataType type);
std::string BigIntRefusal(DataType type);

// The cast value stored as one element of `type` (little-endian, float16 as its bits).
std::vector<uint8_t> NumberBytes(const Number& x, DataType type);

}  // namespace webnn::graph
