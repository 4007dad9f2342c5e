#include "report/base64.hpp"

namespace bvhscope::report {

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const auto a = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
    const auto b = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1]));
    const auto c = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 2]));
    const std::uint32_t word = a << 16 | b << 8 | c;
    out += kDigits[word >> 18 & 63];
    out += kDigits[word >> 12 & 63];
    out += kDigits[word >> 6 & 63];
    out += kDigits[word & 63];
  }
  const std::size_t left = bytes.size() - i;
  if (left > 0) {
    const auto a = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
    const auto b = left > 1 ? static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) : 0u;
    const std::uint32_t word = a << 16 | b << 8;
    out += kDigits[word >> 18 & 63];
    out += kDigits[word >> 12 & 63];
    out += left > 1 ? kDigits[word >> 6 & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace bvhscope::report
