#include "cli/load_for_cli.hpp"

#include <thread>

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

std::optional<std::pair<Clip, Clip>> load_two_clips_reporting(const std::string& first, const std::string& second,
                                                              std::ostream& err) {
  LoadProgress second_progress;
  std::optional<Result<Clip>> second_loaded;
  std::thread second_load([&] { second_loaded.emplace(load_bvh_file(second, &second_progress)); });
  Result<Clip> first_loaded = load_bvh_file(first);
  if (!first_loaded) second_progress.cancel.store(true, std::memory_order_relaxed);
  second_load.join();
  if (!first_loaded) {
    err << format_diagnostic(first_loaded.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  for (const Diagnostic& warning : first_loaded.value().warnings)
    err << format_diagnostic(warning, Severity::Warning) << '\n';
  if (!*second_loaded) {
    err << format_diagnostic(second_loaded->error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  for (const Diagnostic& warning : second_loaded->value().warnings)
    err << format_diagnostic(warning, Severity::Warning) << '\n';
  return std::pair<Clip, Clip>(std::move(first_loaded).value(), std::move(*second_loaded).value());
}

}  // namespace bvhscope::cli
