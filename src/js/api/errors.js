// The one table that maps C++ Status codes (src/cpp/base/status.h) to the exceptions the spec names.
const kTypeError = 1;
const kInvalidState = 2;
const kNotSupported = 3;
const kOperationError = 4;
const kUnknownError = 5;
const kDataError = 6;

export function errorFromStatus(code, message) {
  switch (code) {
    case kTypeError:
    case kDataError:
      return new TypeError(message);
    case kInvalidState:
      return new DOMException(message, 'InvalidStateError');
    case kNotSupported:
      return new DOMException(message, 'NotSupportedError');
    case kOperationError:
      return new DOMException(message, 'OperationError');
    case kUnknownError:
    default:
      return new DOMException(message, 'UnknownError');
  }
}

// Unwraps a native result ({value} or {error, message}), throwing the mapped exception.
export function unwrap(result) {
  if (result.error) throw errorFromStatus(result.error, result.message);
  return result.value;
}

export function invalidState(message) {
  return new DOMException(message, 'InvalidStateError');
}
