// The IDL enums of idl_enums.def as C++ enums, and ReadEnum, which reads one from a builder call's
// arguments (TypeError "<op> <argument>: '<value>' is not a valid value for enum <IDL name>." otherwise).
#pragma once

#include <cstdint>
#include <iterator>
#include <string>

#include "base/data_type.h"
#include "graph/arguments.h"

namespace webnn::graph {

#define WEBNN_IDL_ENUM(type, idl) enum class type : uint8_t {
#define WEBNN_IDL_VALUE(type, enumerator, string) enumerator,
#define WEBNN_IDL_ENUM_END(type) };
#include "graph/idl_enums.def"
#undef WEBNN_IDL_ENUM
#undef WEBNN_IDL_VALUE
#undef WEBNN_IDL_ENUM_END

template <typename E>
struct IdlEnum;
#define WEBNN_IDL_ENUM(type, idl)             \
  template <>                                 \
  struct IdlEnum<type> {                      \
    static constexpr const char* kName = idl; \
    static constexpr const char* kValues[] = {
#define WEBNN_IDL_VALUE(type, enumerator, string) string,
#define WEBNN_IDL_ENUM_END(type) \
  }                              \
  ;                              \
  }                              \
  ;
#include "graph/idl_enums.def"
#undef WEBNN_IDL_ENUM
#undef WEBNN_IDL_VALUE
#undef WEBNN_IDL_ENUM_END

template <typename E>
const char* IdlString(E value) {
  return IdlEnum<E>::kValues[static_cast<size_t>(value)];
}

// The enum argument `name`, or default_value when it is absent (or invalid: the error is recorded).
template <typename E>
E ReadEnum(ArgReader& r, const std::string& name, E default_value) {
  std::optional<std::string> s = r.String(name);
  if (!s) return default_value;
  for (size_t i = 0; i < std::size(IdlEnum<E>::kValues); ++i) {
    if (*s == IdlEnum<E>::kValues[i]) return static_cast<E>(i);
  }
  r.Fail(name, "'" + *s + "' is not a valid value for enum " + IdlEnum<E>::kName + ".");
  return default_value;
}

// A required MLOperandDataType argument.
inline std::optional<DataType> ReadDataType(ArgReader& r, const std::string& name) {
  std::optional<std::string> s = r.String(name);
  if (!s) {
    if (r.status().ok()) r.Fail(name, "is required.");
    return std::nullopt;
  }
  std::optional<DataType> type = ParseDataType(*s);
  if (!type) r.Fail(name, "'" + *s + "' is not a valid value for enum MLOperandDataType.");
  return type;
}

}  // namespace webnn::graph
