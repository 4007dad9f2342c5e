#include "cli/json_writer.hpp"

#include <charconv>
#include <cmath>

namespace bvhscope::cli {

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_in_scope_.empty()) {
    if (!first_in_scope_.back()) out_ << ',';
    first_in_scope_.back() = false;
  }
}

void JsonWriter::begin_object() {
  before_value();
  out_ << '{';
  first_in_scope_.push_back(true);
}

void JsonWriter::end_object() {
  first_in_scope_.pop_back();
  out_ << '}';
}

void JsonWriter::begin_array() {
  before_value();
  out_ << '[';
  first_in_scope_.push_back(true);
}

void JsonWriter::end_array() {
  first_in_scope_.pop_back();
  out_ << ']';
}

void JsonWriter::key(std::string_view name) {
  before_value();
  write_string(name);
  out_ << ':';
  after_key_ = true;
}

void JsonWriter::value(std::string_view text) {
  before_value();
  write_string(text);
}

void JsonWriter::value(bool flag) {
  before_value();
  out_ << (flag ? "true" : "false");
}

void JsonWriter::value(long long number) {
  before_value();
  out_ << number;
}

void JsonWriter::value(unsigned long long number) {
  before_value();
  out_ << number;
}

void JsonWriter::value(float number) {
  before_value();
  if (!std::isfinite(number)) {
    out_ << "null";
    return;
  }
  char digits[32];
  out_.write(digits, std::to_chars(digits, digits + sizeof digits, number).ptr - digits);
}

void JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    out_ << "null";
    return;
  }
  char digits[32];
  out_.write(digits, std::to_chars(digits, digits + sizeof digits, number).ptr - digits);
}

void JsonWriter::write_string(std::string_view text) {
  out_ << '"';
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out_ << "\\\"";
        break;
      case '\\':
        out_ << "\\\\";
        break;
      case '\n':
        out_ << "\\n";
        break;
      case '\r':
        out_ << "\\r";
        break;
      case '\t':
        out_ << "\\t";
        break;
      default:
        if (c < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out_ << "\\u00" << kHex[c >> 4] << kHex[c & 15];
        } else {
          out_ << ch;
        }
    }
  }
  out_ << '"';
}

}  // namespace bvhscope::cli
