#include "bindings/call_record.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace webnn::bindings {
namespace {

using Kind = graph::ArgValue::Kind;
constexpr double kUndefined = 0, kBool = 1, kNumber = 2, kBigInt = 3, kString = 4, kOperand = 5, kList = 6;

Expected<CallRecord> Decode(const std::vector<double>& record, const std::string& text) {
  return DecodeCallRecord(record.data(), record.size(), text);
}

std::string Text(std::initializer_list<std::string> tokens) {
  std::string text;
  for (const std::string& t : tokens) text += t + '\0';
  text.pop_back();
  return text;
}

TEST(CallRecordTest, DecodesEveryKindOfValue) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto call = Decode({8, kOperand, 3, kBool, 1, kNumber, -0.0, kNumber, nan, kString, kBigInt, kUndefined, kList, 2, kNumber, 1, kNumber, 2},
                     Text({"conv2d", "input", "options.flag", "options.zero", "options.nan", "options.layout", "nhwc", "options.big", "12",
                           "options.absent", "options.dims", "the label"}));
  ASSERT_TRUE(call.ok()) << call.status().message();
  EXPECT_EQ(call->op, "conv2d");
  EXPECT_EQ(call->label, "the label");
  const auto& a = call->arguments.all();
  ASSERT_EQ(a.size(), 8u);
  EXPECT_EQ(a.at("input").kind, Kind::kOperand);
  EXPECT_EQ(a.at("input").operand, 3u);
  EXPECT_EQ(a.at("options.flag").kind, Kind::kBool);
  EXPECT_TRUE(a.at("options.flag").boolean);
  EXPECT_EQ(a.at("options.zero").kind, Kind::kNumber);
  EXPECT_TRUE(std::signbit(a.at("options.zero").number));  // -0 and NaN arrive as they were passed
  EXPECT_TRUE(std::isnan(a.at("options.nan").number));
  EXPECT_EQ(a.at("options.layout").kind, Kind::kString);
  EXPECT_EQ(a.at("options.layout").string, "nhwc");
  EXPECT_EQ(a.at("options.big").kind, Kind::kBigInt);
  EXPECT_TRUE(a.at("options.big").bigint == 12);
  EXPECT_EQ(a.at("options.absent").kind, Kind::kUndefined);  // present, as an absent optional argument is
  EXPECT_EQ(a.at("options.dims").kind, Kind::kNumberList);
  EXPECT_EQ(a.at("options.dims").numbers, (std::vector<double>{1, 2}));
}

TEST(CallRecordTest, StringsBigIntsAndLabelsAreTokensInOrder) {
  auto call = Decode({3, kString, kBigInt, kList, 2, kString, kString},
                     Text({"lstm", "options.direction", "both", "value", "-170141183460469231731687303715884105728",
                           "options.activations", "relu", "tanh", std::string("a\0label", 7)}));
  ASSERT_TRUE(call.ok()) << call.status().message();
  const auto& a = call->arguments.all();
  EXPECT_EQ(a.at("options.direction").string, "both");
  EXPECT_EQ(a.at("value").kind, Kind::kBigInt);
  EXPECT_TRUE(a.at("value").bigint < 0);
  EXPECT_TRUE(a.at("value").bigint == -((__int128{1} << 126) - 1) * 2 - 2);  // -2^127
  EXPECT_EQ(a.at("options.activations").kind, Kind::kStringList);
  EXPECT_EQ(a.at("options.activations").strings, (std::vector<std::string>{"relu", "tanh"}));
  EXPECT_EQ(call->label, std::string("a\0label", 7));  // the rest of the text, NULs and all
}

TEST(CallRecordTest, ListsOfOperandsAndEmptyLists) {
  auto call = Decode({2, kList, 3, kOperand, 0, kOperand, 7, kOperand, 4294967295.0, kList, 0}, Text({"concat", "inputs", "axes", ""}));
  ASSERT_TRUE(call.ok()) << call.status().message();
  const auto& a = call->arguments.all();
  EXPECT_EQ(a.at("inputs").kind, Kind::kOperandList);
  EXPECT_EQ(a.at("inputs").operands, (std::vector<graph::OperandId>{0, 7, 4294967295u}));
  EXPECT_EQ(a.at("axes").kind, Kind::kNumberList);
  EXPECT_TRUE(a.at("axes").numbers.empty());
  EXPECT_EQ(call->label, "");
}

// A list holding what no reader takes (a boolean, undefined) is passed as undefined: the reader then reports it.
TEST(CallRecordTest, ListsOfOtherValuesAreUndefined) {
  auto call = Decode({1, kList, 3, kNumber, 1, kBool, 1, kUndefined}, Text({"reshape", "newShape", ""}));
  ASSERT_TRUE(call.ok()) << call.status().message();
  EXPECT_EQ(call->arguments.all().at("newShape").kind, Kind::kUndefined);
}

// The module can be called directly: every malformed record is a TypeError, never a read beyond it.
TEST(CallRecordTest, MalformedRecordsAreTypeErrors) {
  const std::vector<std::pair<std::vector<double>, std::string>> cases = {
      {{}, "relu"},                                        // no entry count
      {{1}, Text({"relu", "input"})},                      // an entry without a value
      {{1, kOperand}, Text({"relu", "input"})},            // a value without its payload
      {{2, kOperand, 0}, Text({"relu", "input"})},         // more entries than the record holds
      {{1, kOperand, -1}, Text({"relu", "input"})},        // an id that is not an unsigned long
      {{1, kOperand, 0.5}, Text({"relu", "input"})},
      {{1, kOperand, 4294967296.0}, Text({"relu", "input"})},
      {{1, 7, 0}, Text({"relu", "input"})},                // an unknown tag
      {{1, 1.5, 0}, Text({"relu", "input"})},
      {{1, kList, 5, kNumber, 1}, Text({"relu", "input"})},  // a list longer than the record
      {{1, kList, 1, kList, 0}, Text({"relu", "input"})},    // a list in a list
      {{1, kString}, "relu"},                              // tokens run out
      {{1, kOperand, 0}, "relu"},
      {{1e300}, "relu"},
      {{-1}, "relu"},
      {{std::numeric_limits<double>::quiet_NaN()}, "relu"},
  };
  for (const auto& [record, text] : cases) {
    auto call = Decode(record, text);
    EXPECT_EQ(call.status().code(), StatusCode::kTypeError) << "record of " << record.size();
  }
}

}  // namespace
}  // namespace webnn::bindings
