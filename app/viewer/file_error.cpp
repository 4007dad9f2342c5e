#include "viewer/file_error.hpp"

#include <filesystem>
#include <system_error>

namespace bvhscope::viewer {
namespace {

// The folder `path` would be written in, when it does not exist ("" when it does).
std::string missing_folder(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path folder = fs::path(path).parent_path();
  if (folder.empty() || fs::exists(folder, ec)) return {};
  return folder.string();
}

}  // namespace

std::string write_failure(const std::string& path, const std::string& reason) {
  std::string text = "cannot write " + path;
  const std::string folder = missing_folder(path);
  if (!folder.empty()) {  // the cause, whatever the failed call reported
    return text + ": " + std::make_error_code(std::errc::no_such_file_or_directory).message() + " (the folder " +
           folder + " does not exist)";
  }
  return reason.empty() ? text : text + ": " + reason;
}

}  // namespace bvhscope::viewer
