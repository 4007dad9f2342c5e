#include "cli/load_for_cli.hpp"

#include "anim/file_loader.hpp"

namespace bvhscope::cli {

std::optional<Clip> load_clip_reporting(const std::string& path, std::ostream& err) {
  Result<Clip> loaded = load_bvh_file(path);
  if (!loaded) {
    err << format_diagnostic(loaded.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  for (const Diagnostic& warning : loaded.value().warnings)
    err << format_diagnostic(warning, Severity::Warning) << '\n';
  return std::move(loaded).value();
}

}  // namespace bvhscope::cli
