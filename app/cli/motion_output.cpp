#include "cli/motion_output.hpp"

#include "anim/printable.hpp"

namespace bvhscope::cli {

std::optional<std::string> write_motion_file_reporting(const Clip& clip, MotionFileKind kind, const std::string& path,
                                                       const MotionFileOptions& options, std::ostream& err) {
  Result<std::string> written = write_motion_file(clip, kind, path, options);
  if (written) return std::move(written).value();
  const Diagnostic& error = written.error();
  if (error.source == path && error.line == 0)  // the system's reason
    err << printable(path) << ": error: " << printable(error.message) << '\n';
  else
    err << format_diagnostic(error, Severity::Error) << "; nothing was written\n";
  return std::nullopt;
}

}  // namespace bvhscope::cli
