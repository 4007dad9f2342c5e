#include "anim/diagnostic.hpp"

namespace bvhscope {

std::string format_diagnostic(const Diagnostic& diagnostic, Severity severity) {
  std::string text = diagnostic.source;
  if (diagnostic.line > 0) {
    text += ':' + std::to_string(diagnostic.line) + ':' + std::to_string(diagnostic.column);
  }
  text += severity == Severity::Error ? ": error: " : ": warning: ";
  text += diagnostic.message;
  return text;
}

}  // namespace bvhscope
