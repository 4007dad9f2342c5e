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

namespace {

// Length of the valid UTF-8 sequence at `at`, or 0 when the bytes there are not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t length = 0;
  unsigned min_second = 0x80;
  unsigned max_second = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) min_second = 0xa0;  // no overlong forms
    if (lead == 0xed) max_second = 0x9f;  // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) min_second = 0x90;
    if (lead == 0xf4) max_second = 0x8f;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  if (byte(at + 1) < min_second || byte(at + 1) > max_second) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(at + i) < 0x80 || byte(at + i) > 0xbf) return 0;
  }
  return length;
}

}  // namespace

// JSON text must be Unicode: bytes that are not UTF-8 (a Latin-1 name) become U+FFFD.
void JsonWriter::write_string(std::string_view text) {
  out_ << '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(text, i);
      if (length == 0) {
        out_ << "\\ufffd";
      } else {
        out_.write(text.data() + i, static_cast<std::streamsize>(length));
        i += length - 1;
      }
      continue;
    }
    switch (c) {
      case '"': out_ << "\\\""; break;
      case '\\': out_ << "\\\\"; break;
      case '\n': out_ << "\\n"; break;
      case '\r': out_ << "\\r"; break;
      case '\t': out_ << "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          static constexpr char kHex[] = "0123456789abcdef";
          out_ << "\\u00" << kHex[c >> 4] << kHex[c & 15];
        } else {
          out_ << static_cast<char>(c);
        }
    }
  }
  out_ << '"';
}

}  // namespace bvhscope::cli
