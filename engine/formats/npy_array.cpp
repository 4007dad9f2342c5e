#include "formats/npy_array.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

namespace bvhscope {
namespace {

// The header's dict literal, read as np.save writes it ({'descr': '<f4', 'fortran_order': False,
// 'shape': (3, 22, 3), }), with the spacing and quoting any writer of the format may use.
class HeaderReader {
 public:
  HeaderReader(std::string_view text, std::size_t base, std::string_view source)
      : text_(text), base_(base), source_(source) {}

  Result<NpyArray> read() {
    NpyArray array;
    bool has_descr = false, has_order = false, has_shape = false;
    skip_space();
    if (!take('{')) return error("expected '{' opening the header's dict, found " + found());
    for (;;) {
      skip_space();
      if (take('}')) break;
      const std::size_t key_at = at_;
      std::optional<std::string> key = string_literal();
      if (!key) return error("expected a quoted key or '}' in the header's dict, found " + found());
      skip_space();
      if (!take(':')) return error("expected ':' after '" + *key + "', found " + found());
      skip_space();
      if (*key == "descr") {
        const std::size_t value_at = at_;
        std::optional<std::string> descr = string_literal();
        if (!descr) {
          if (peek() == '[')
            return error_at(value_at, "a structured array (descr is a list of fields) is not a joint array");
          return error("expected the element type as a quoted string, found " + found());
        }
        if (auto refused = read_descr(*descr, array, value_at)) return *refused;
        has_descr = true;
      } else if (*key == "fortran_order") {
        if (take_word("True")) {
          array.fortran_order = true;
        } else if (!take_word("False")) {
          return error("expected True or False for fortran_order, found " + found());
        }
        has_order = true;
      } else if (*key == "shape") {
        if (auto refused = read_shape(array)) return *refused;
        has_shape = true;
      } else {
        return error_at(key_at, "unknown key '" + *key + "' in the header (expected descr, fortran_order, shape)");
      }
      skip_space();
      if (take(',')) continue;
      skip_space();
      if (take('}')) break;
      return error("expected ',' or '}' in the header's dict, found " + found());
    }
    if (!has_descr || !has_order || !has_shape) {
      return error_at(0, std::string("the header's dict lacks ") + (!has_descr   ? "'descr'"
                                                                    : !has_order ? "'fortran_order'"
                                                                                 : "'shape'"));
    }
    return array;
  }

 private:
  std::optional<Diagnostic> read_descr(const std::string& descr, NpyArray& array, std::size_t at) {
    array.descr = descr;
    if (descr.size() == 2 && descr[1] == 'O' && (descr[0] == '|' || descr[0] == '<' || descr[0] == '>')) {
      array.kind = 'O';  // Python objects: a pickle follows the header (pickle_reader.hpp)
      array.item_bytes = 0;
      return std::nullopt;
    }
    if (descr.find('O') != std::string::npos) {
      return make_error(at,
                        "element type '" + descr + "' is not read; expected floats ('<f4', '<f8', '>f4', '<f2', ...)");
    }
    if (descr.size() != 3 || (descr[0] != '<' && descr[0] != '>' && descr[0] != '=' && descr[0] != '|') ||
        descr[1] != 'f' || (descr[2] != '2' && descr[2] != '4' && descr[2] != '8')) {
      return make_error(at,
                        "element type '" + descr + "' is not read; expected floats ('<f4', '<f8', '>f4', '<f2', ...)");
    }
    array.kind = 'f';
    array.item_bytes = descr[2] - '0';
    array.big_endian = descr[0] == '>' || (descr[0] == '=' && std::endian::native == std::endian::big);
    return std::nullopt;
  }

  std::optional<Diagnostic> read_shape(NpyArray& array) {
    if (!take('(')) return make_error(at_, "expected the shape as a tuple, found " + found());
    for (;;) {
      skip_space();
      if (take(')')) break;
      const std::size_t number_at = at_;
      std::size_t value = 0;
      bool digits = false;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
        const std::size_t digit = static_cast<std::size_t>(text_[at_] - '0');
        if (value > (std::numeric_limits<std::size_t>::max() - digit) / 10)
          return make_error(number_at, "a dimension of the shape is too large");
        value = value * 10 + digit;
        ++at_;
        digits = true;
      }
      take('L');  // Python 2's long suffix
      if (!digits) return make_error(at_, "expected a dimension (a whole number) in the shape, found " + found());
      if (array.shape.size() >= 32) return make_error(number_at, "the shape has more than 32 dimensions");
      array.shape.push_back(value);
      skip_space();
      if (take(',')) continue;
      skip_space();
      if (take(')')) break;
      return make_error(at_, "expected ',' or ')' in the shape, found " + found());
    }
    return std::nullopt;
  }

  std::optional<std::string> string_literal() {
    const char quote = peek();
    if (quote != '\'' && quote != '"') return std::nullopt;
    const std::size_t end = text_.find(quote, at_ + 1);
    if (end == std::string_view::npos) return std::nullopt;
    std::string value(text_.substr(at_ + 1, end - at_ - 1));
    at_ = end + 1;
    return value;
  }

  bool take_word(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }
  bool take(char c) {
    if (peek() != c) return false;
    ++at_;
    return true;
  }
  [[nodiscard]] char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }
  [[nodiscard]] std::string found() const {
    if (at_ >= text_.size()) return "the end of the header";
    const char c = text_[at_];
    if (c >= 0x21 && c <= 0x7e) return std::string("'") + c + "'";
    return "byte " + std::to_string(static_cast<unsigned char>(c));
  }
  [[nodiscard]] Diagnostic make_error(std::size_t at, std::string message) const {
    return Diagnostic{std::string(source_), 1, static_cast<int>(base_ + at + 1), std::move(message)};
  }
  Result<NpyArray> error(std::string message) const { return make_error(at_, std::move(message)); }
  Result<NpyArray> error_at(std::size_t at, std::string message) const { return make_error(at, std::move(message)); }

  std::string_view text_;
  std::size_t base_;  // the header's first byte in the file
  std::string_view source_;
  std::size_t at_ = 0;
};

std::uint64_t read_unsigned(std::string_view bytes, std::size_t at, int size) {
  std::uint64_t value = 0;
  for (int i = size - 1; i >= 0; --i)
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
  return value;  // little-endian, as the format's lengths are
}

double half_to_double(std::uint16_t bits) noexcept {
  const int sign = (bits >> 15) != 0 ? -1 : 1;
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  if (exponent == 0) return sign * std::ldexp(static_cast<double>(mantissa), -24);
  if (exponent == 31)
    return mantissa == 0 ? sign * std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  return sign * std::ldexp(static_cast<double>(mantissa + 1024), exponent - 25);
}

}  // namespace

double NpyArray::element(std::string_view bytes, std::size_t index) const noexcept {
  const std::size_t at = data_offset + index * static_cast<std::size_t>(item_bytes);
  std::uint64_t bits = 0;
  for (int i = 0; i < item_bytes; ++i) {
    const auto byte =
        static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(big_endian ? i : item_bytes - 1 - i)]);
    bits = (bits << 8) | byte;
  }
  if (item_bytes == 8) return std::bit_cast<double>(bits);
  if (item_bytes == 4) return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
  return half_to_double(static_cast<std::uint16_t>(bits));
}

std::vector<std::size_t> NpyArray::strides() const {
  std::vector<std::size_t> strides(shape.size(), 1);
  if (fortran_order) {
    for (std::size_t i = 1; i < shape.size(); ++i) strides[i] = strides[i - 1] * shape[i - 1];
  } else {
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  }
  return strides;
}

std::string NpyArray::shape_text() const {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  return text + (shape.size() == 1 ? ",)" : ")");
}

Result<NpyArray> read_npy_header(std::string_view bytes, std::string_view source) {
  const auto refuse = [&](int column, std::string message) {
    return Diagnostic{std::string(source), 1, column, std::move(message)};
  };
  if (bytes.empty()) return refuse(1, "empty file: expected a NumPy array (the bytes \\x93NUMPY)");
  if (bytes.substr(0, kNpyMagic.size()) != kNpyMagic)
    return refuse(1, "not a NumPy array: a .npy file starts with the bytes \\x93NUMPY");
  if (bytes.size() < 8) return refuse(static_cast<int>(bytes.size()) + 1, "the file ends inside the NumPy header");
  const int major = static_cast<unsigned char>(bytes[6]);
  const int minor = static_cast<unsigned char>(bytes[7]);
  if (major < 1 || major > 3) {
    return refuse(7, "NumPy format version " + std::to_string(major) + "." + std::to_string(minor) +
                         " is not read (1.0, 2.0 and 3.0 are)");
  }
  const int length_bytes = major == 1 ? 2 : 4;
  const std::size_t header_start = 8 + static_cast<std::size_t>(length_bytes);
  if (bytes.size() < header_start) return refuse(9, "the file ends inside the NumPy header");
  const std::uint64_t header_length = read_unsigned(bytes, 8, length_bytes);
  if (header_length > bytes.size() - header_start) {
    return refuse(9, "the header declares " + std::to_string(header_length) + " bytes but the file ends after " +
                         std::to_string(bytes.size() - header_start));
  }
  const std::string_view header = bytes.substr(header_start, static_cast<std::size_t>(header_length));
  Result<NpyArray> read = HeaderReader(header, header_start, source).read();
  if (!read) return read.error();
  NpyArray array = std::move(read).value();
  array.data_offset = header_start + static_cast<std::size_t>(header_length);
  std::size_t count = 1;
  for (const std::size_t dimension : array.shape) {
    if (dimension != 0 && count > std::numeric_limits<std::size_t>::max() / dimension / 8) {
      return refuse(static_cast<int>(header_start) + 1, "the shape " + array.shape_text() + " is too large");
    }
    count *= dimension;
  }
  array.count = count;
  const std::size_t present = bytes.size() - array.data_offset;
  const std::size_t needed = count * static_cast<std::size_t>(array.item_bytes);
  if (needed > present) {
    return Diagnostic{std::string(source), 0, 0,
                      "the header declares shape " + array.shape_text() + " of '" + array.descr + "' (" +
                          std::to_string(needed) + " bytes of data) but the file holds " + std::to_string(present) +
                          " bytes after its header: the file is cut short"};
  }
  return array;
}

Result<std::vector<double>> read_npy_vector(std::string_view bytes, std::string_view source) {
  Result<NpyArray> header = read_npy_header(bytes, source);
  if (!header) return header.error();
  const NpyArray& array = header.value();
  std::size_t longest = 0;  // (N,), (1, N) and (N, 1) are all a vector of N
  for (const std::size_t dimension : array.shape) longest = std::max(longest, dimension);
  if (array.kind != 'f' || array.shape.empty() || longest != array.count)
    return Diagnostic{std::string(source), 0, 0,
                      "shape " + array.shape_text() + " of '" + array.descr +
                          "' is not one row of numbers; expected floats of the shape (N,)"};
  std::vector<double> values(array.count);
  for (std::size_t k = 0; k < array.count; ++k) {
    values[k] = array.element(bytes, k);
    if (!std::isfinite(values[k]))
      return Diagnostic{std::string(source), 0, 0, "value " + std::to_string(k) + " is not a finite number"};
  }
  return values;
}

}  // namespace bvhscope
