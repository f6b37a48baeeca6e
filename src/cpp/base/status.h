// Status and Expected<T>: how every layer reports failure. C++ never throws across the Wasm boundary;
// the JS layer maps each StatusCode to the spec's exception (src/js/api/errors.js).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace webnn {

enum class StatusCode {
  kOk = 0,
  kTypeError,          // argument or validation failure (spec: TypeError)
  kInvalidState,       // destroyed context/graph/tensor, built builder (InvalidStateError)
  kNotSupported,       // valid per spec but not implemented here (NotSupportedError)
  kOperationError,     // build() failed for a reason that is not the caller's (OperationError)
  kUnknownError,       // allocation failure (UnknownError)
  kDataError,          // buffer size mismatch in read/write (spec: TypeError in JS; kept distinct for tests)
};

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}
  static Status Ok() { return Status(); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

inline Status TypeError(std::string message) { return Status(StatusCode::kTypeError, std::move(message)); }
inline Status InvalidState(std::string message) { return Status(StatusCode::kInvalidState, std::move(message)); }
inline Status NotSupported(std::string message) { return Status(StatusCode::kNotSupported, std::move(message)); }
inline Status UnknownError(std::string message) { return Status(StatusCode::kUnknownError, std::move(message)); }
inline Status OperationError(std::string message) {
  return Status(StatusCode::kOperationError, std::move(message));
}

// A value or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}  // NOLINT: implicit by design
  Expected(Status status) : data_(std::move(status)) {}  // NOLINT

  bool ok() const { return std::holds_alternative<T>(data_); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(data_);
  }
  T& value() & { return std::get<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }

 private:
  std::variant<T, Status> data_;
};

}  // namespace webnn

#define WEBNN_CONCAT_INNER(a, b) a##b
#define WEBNN_CONCAT(a, b) WEBNN_CONCAT_INNER(a, b)

// Returns early with the Status when `expr` (a Status) failed.
#define RETURN_IF_ERROR(expr)                  \
  do {                                         \
    ::webnn::Status _status = (expr);          \
    if (!_status.ok()) return _status;         \
  } while (0)

// `ASSIGN_OR_RETURN(auto x, ExpectedExpr)`: unwraps the value or returns its Status.
#define ASSIGN_OR_RETURN(lhs, expr) ASSIGN_OR_RETURN_IMPL(WEBNN_CONCAT(_expected_, __LINE__), lhs, expr)
#define ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                          \
  if (!tmp.ok()) return tmp.status();         \
  lhs = std::move(tmp).value()
