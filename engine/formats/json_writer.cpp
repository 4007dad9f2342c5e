#include "formats/json_writer.hpp"

#include <charconv>
#include <cmath>

#include "anim/printable.hpp"

namespace bvhscope {

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

void JsonWriter::null_value() {
  before_value();
  out_ << "null";
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

// JSON text must be Unicode: bytes that are not UTF-8 (a Latin-1 name) become U+FFFD. Control
// characters, C1 (U+0080-U+009F) included, are written as \u00XX, and the characters that hide or
// reorder text (U+202E, ...: is_hiding_code_point) as \uXXXX, so that printed JSON cannot drive a
// terminal or show a name backwards; the string it holds is the same.
void JsonWriter::write_string(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out_ << '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(text, i);
      if (length == 0) {
        out_ << "\\ufffd";
      } else if (c == 0xc2 && static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
        const auto code = static_cast<unsigned char>(text[i + 1]);  // U+0080-U+009F
        out_ << "\\u00" << kHex[code >> 4] << kHex[code & 15];
        i += 1;
      } else {
        char32_t code_point = length == 2 ? c & 0x1fu : length == 3 ? c & 0x0fu : c & 0x07u;
        for (std::size_t k = 1; k < length; ++k)
          code_point = (code_point << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3fu);
        if (is_hiding_code_point(code_point)) {  // all in the BMP: one \uXXXX
          out_ << "\\u" << kHex[(code_point >> 12) & 15] << kHex[(code_point >> 8) & 15] << kHex[(code_point >> 4) & 15]
               << kHex[code_point & 15];
        } else {
          out_.write(text.data() + i, static_cast<std::streamsize>(length));
        }
        i += length - 1;
      }
      continue;
    }
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
        if (c < 0x20 || c == 0x7f) {
          out_ << "\\u00" << kHex[c >> 4] << kHex[c & 15];
        } else {
          out_ << static_cast<char>(c);
        }
    }
  }
  out_ << '"';
}

}  // namespace bvhscope
