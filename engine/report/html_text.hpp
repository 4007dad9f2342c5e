// Text put into HTML and SVG: the five characters that mean markup escaped, and numbers written
// with a fixed count of decimals.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace bvhscope::report {

inline std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

inline std::string decimals(double value, int count) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", count, value);
  return text;
}

}  // namespace bvhscope::report
