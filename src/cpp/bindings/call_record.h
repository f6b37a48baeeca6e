// A builder call's arguments in one piece: the JS layer (src/js/api/call-record.js) writes an operator call's
// converted arguments as float64s into a record in Wasm memory, names and strings as one text, and the native
// builder decodes them here. One crossing per call: reading each value through emval took ~80% of a builder
// call (relu 10 us, conv2d 26 us a call in Node, most of it handles and string conversions).
//
// Record: [entry count, then per entry a value]. The text's first token is the operator's name, then each entry's
// name is the next token, and what follows the last token the entries read is the label. A value is a tag
// and its payload:
//   kUndefined                       nothing (an absent optional argument, or a value no reader takes)
//   kBool, kNumber, kOperand         one float64 (0 or 1; the number; the operand's id)
//   kString, kBigInt                 the text's next token (a BigInt in decimal)
//   kList                            a count n, then n values (numbers, strings or operands)
// Tokens are separated by '\0'. The record is not trusted (the module is callable directly): a malformed one
// is a TypeError, never a read out of bounds.
#pragma once

#include <cstddef>
#include <string>

#include "base/status.h"
#include "graph/arguments.h"

namespace webnn::bindings {

enum class RecordTag : int { kUndefined = 0, kBool = 1, kNumber = 2, kBigInt = 3, kString = 4, kOperand = 5, kList = 6 };

struct CallRecord {
  std::string op;
  graph::Arguments arguments;
  std::string label;
};

Expected<CallRecord> DecodeCallRecord(const double* record, size_t length, const std::string& text);

// A decimal integer (a BigInt's toString()) as __int128; digits only after an optional '-'.
__int128 ParseBigInt(const std::string& s);

}  // namespace webnn::bindings
