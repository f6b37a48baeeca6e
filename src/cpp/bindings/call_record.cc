#include "bindings/call_record.h"

#include <cmath>
#include <utility>

namespace webnn::bindings {
namespace {

using Kind = graph::ArgValue::Kind;

class RecordReader {
 public:
  RecordReader(const double* record, size_t length, const std::string& text)
      : record_(record), length_(length), text_(text) {}

  bool Number(double* out) {
    if (next_ >= length_) return false;
    *out = record_[next_++];
    return true;
  }

  // A count or an id: a whole number in [0, limit].
  bool Whole(double limit, size_t* out) {
    double v;
    if (!Number(&v) || !(v >= 0 && v <= limit) || v != std::floor(v)) return false;
    *out = static_cast<size_t>(v);
    return true;
  }

  bool Token(std::string* out) {
    if (cursor_ > text_.size()) return false;
    size_t end = text_.find('\0', cursor_);
    if (end == std::string::npos) end = text_.size();
    out->assign(text_, cursor_, end - cursor_);
    cursor_ = end + 1;
    return true;
  }

  // The text after the last token read.
  std::string Rest() const { return cursor_ < text_.size() ? text_.substr(cursor_) : std::string(); }

  size_t remaining() const { return length_ - next_; }

 private:
  const double* record_;
  size_t length_;
  size_t next_ = 0;
  const std::string& text_;
  size_t cursor_ = 0;
};

// One value; `in_list` values are a list's items. False when the record is malformed.
bool ReadValue(RecordReader& r, graph::ArgValue* out, bool in_list) {
  size_t tag;
  if (!r.Whole(static_cast<double>(RecordTag::kList), &tag)) return false;
  switch (static_cast<RecordTag>(tag)) {
    case RecordTag::kUndefined:
      return true;
    case RecordTag::kBool: {
      double v;
      if (!r.Number(&v)) return false;
      out->kind = Kind::kBool;
      out->boolean = v != 0;
      return true;
    }
    case RecordTag::kNumber:
      out->kind = Kind::kNumber;
      return r.Number(&out->number);
    case RecordTag::kBigInt: {
      std::string digits;
      if (!r.Token(&digits)) return false;
      out->kind = Kind::kBigInt;
      out->bigint = ParseBigInt(digits);
      return true;
    }
    case RecordTag::kString:
      out->kind = Kind::kString;
      return r.Token(&out->string);
    case RecordTag::kOperand: {
      size_t id;
      if (!r.Whole(4294967295.0, &id)) return false;
      out->kind = Kind::kOperand;
      out->operand = static_cast<graph::OperandId>(id);
      return true;
    }
    case RecordTag::kList: {
      size_t n;
      if (in_list || !r.Whole(static_cast<double>(r.remaining()), &n)) return false;
      // A list of numbers, strings or operands; a list holding anything else is one no reader takes.
      out->kind = Kind::kNumberList;
      bool taken = true;
      for (size_t i = 0; i < n; ++i) {
        graph::ArgValue item;
        if (!ReadValue(r, &item, true)) return false;
        if (item.kind == Kind::kNumber) {
          out->numbers.push_back(item.number);
        } else if (item.kind == Kind::kString) {
          out->kind = Kind::kStringList;
          out->strings.push_back(std::move(item.string));
        } else if (item.kind == Kind::kOperand) {
          out->kind = Kind::kOperandList;
          out->operands.push_back(item.operand);
        } else {
          taken = false;
        }
      }
      if (!taken) *out = graph::ArgValue{};
      return true;
    }
  }
  return false;
}

}  // namespace

__int128 ParseBigInt(const std::string& s) {
  bool negative = !s.empty() && s[0] == '-';
  unsigned __int128 v = 0;  // unsigned: a BigInt beyond 128 bits wraps instead of overflowing
  for (size_t i = negative ? 1 : 0; i < s.size(); ++i) v = v * 10 + static_cast<unsigned>(s[i] - '0');
  return static_cast<__int128>(negative ? ~v + 1 : v);
}

Expected<CallRecord> DecodeCallRecord(const double* record, size_t length, const std::string& text) {
  RecordReader r(record, length, text);
  CallRecord call;
  size_t entries;
  if (!r.Token(&call.op) || !r.Whole(static_cast<double>(length), &entries)) return TypeError("builder call: malformed arguments.");
  for (size_t i = 0; i < entries; ++i) {
    std::string name;
    graph::ArgValue value;
    if (!r.Token(&name) || !ReadValue(r, &value, false)) return TypeError("builder call: malformed arguments.");
    call.arguments.Set(name, std::move(value));
  }
  call.label = r.Rest();
  return call;
}

}  // namespace webnn::bindings
