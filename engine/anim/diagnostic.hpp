// Located messages from the engine: an error or warning at a 1-based line and column of a source.
#pragma once

#include <cstdint>
#include <string>

namespace bvhscope {

enum class Severity : std::uint8_t { Error, Warning };

struct Diagnostic {
  std::string source;  // file path or the name the caller gave the text
  int line = 0;        // 1-based; 0 when the message is about the whole source
  int column = 0;      // 1-based byte column; 0 when the message is about the whole source
  std::string message;
};

// "source:line:col: error: message" (or "source: error: message" without a location), with
// control characters in the source and the message escaped (printable()): ready for a terminal.
std::string format_diagnostic(const Diagnostic& diagnostic, Severity severity);

}  // namespace bvhscope
