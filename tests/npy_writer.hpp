// Tests' .npy writer: the bytes np.save writes for an array of floats (format 1.0, the header dict
// padded with spaces to a multiple of 64 bytes and ended by a newline), in either byte order and
// either memory order, written here from the format's description so that the reader is tested
// against bytes it did not make. `values` are in C order (the last index fastest) whatever `order`.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace bvhscope::test {

struct NpySpec {
  std::string descr = "<f4";  // '<f4', '>f8', '<f2'...
  bool fortran_order = false;
  std::vector<std::size_t> shape;
  int version = 1;  // 1, 2 or 3
};

inline std::string npy_header_dict(const NpySpec& spec) {
  std::string dict =
      "{'descr': '" + spec.descr + "', 'fortran_order': " + (spec.fortran_order ? "True" : "False") + ", 'shape': (";
  for (std::size_t i = 0; i < spec.shape.size(); ++i) dict += std::to_string(spec.shape[i]) + ", ";
  if (spec.shape.size() > 1) dict.resize(dict.size() - 2);
  if (spec.shape.size() == 1) dict.resize(dict.size() - 1);
  return dict + "), }";
}

// The 16-bit float nearest `value` for the small whole and quarter values the tests use.
inline std::uint16_t to_half(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint32_t sign = (bits >> 16) & 0x8000u;
  const int exponent = static_cast<int>((bits >> 23) & 0xff) - 127 + 15;
  if ((bits & 0x7fffffffu) == 0) return static_cast<std::uint16_t>(sign);
  return static_cast<std::uint16_t>(sign | (static_cast<std::uint32_t>(exponent) << 10) | ((bits >> 13) & 0x3ffu));
}

inline std::string npy_bytes(const NpySpec& spec, const std::vector<double>& values) {
  std::string header = npy_header_dict(spec);
  const std::size_t prefix = spec.version == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(spec.version);
  out += '\0';
  const std::size_t length = header.size();
  const int length_bytes = spec.version == 1 ? 2 : 4;
  for (int i = 0; i < length_bytes; ++i) out += static_cast<char>((length >> (8 * i)) & 0xff);
  out += header;
  // Memory order: C order as given, or Fortran order (the first index fastest).
  std::vector<double> ordered = values;
  if (spec.fortran_order) {
    const std::size_t rank = spec.shape.size();
    std::vector<std::size_t> index(rank, 0);
    for (std::size_t f = 0; f < values.size(); ++f) {  // f: Fortran flat index; index: its coordinates
      std::size_t c_flat = 0;
      for (std::size_t d = 0; d < rank; ++d) c_flat = c_flat * spec.shape[d] + index[d];
      ordered[f] = values[c_flat];
      for (std::size_t d = 0; d < rank; ++d) {
        if (++index[d] < spec.shape[d]) break;
        index[d] = 0;
      }
    }
  }
  const bool big = spec.descr[0] == '>';
  const int size = spec.descr[2] - '0';
  for (const double value : ordered) {
    std::uint64_t bits = 0;
    if (size == 8) bits = std::bit_cast<std::uint64_t>(value);
    if (size == 4) bits = std::bit_cast<std::uint32_t>(static_cast<float>(value));
    if (size == 2) bits = to_half(static_cast<float>(value));
    for (int i = 0; i < size; ++i) {
      const int shift = 8 * (big ? size - 1 - i : i);
      out += static_cast<char>((bits >> shift) & 0xff);
    }
  }
  return out;
}

}  // namespace bvhscope::test
