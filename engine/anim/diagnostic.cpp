#include "anim/diagnostic.hpp"

#include "anim/printable.hpp"

namespace bvhscope {

std::string format_diagnostic(const Diagnostic& diagnostic, Severity severity) {
  // The path and the message may hold names from the file: control characters are escaped.
  std::string text = printable(diagnostic.source);
  if (diagnostic.line > 0) {
    text += ':' + std::to_string(diagnostic.line) + ':' + std::to_string(diagnostic.column);
  }
  text += severity == Severity::Error ? ": error: " : ": warning: ";
  text += printable(diagnostic.message);
  return text;
}

}  // namespace bvhscope
