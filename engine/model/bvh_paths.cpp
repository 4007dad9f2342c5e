#include "model/bvh_paths.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "formats/read_motions.hpp"

namespace bvhscope {
namespace {

namespace fs = std::filesystem;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool hidden(const fs::path& path) {
  const std::string name = path.filename().string();
  return !name.empty() && name.front() == '.';
}

// The motion files in `folder` by their names (.bvh: every format's extension, has_motion_file_extension) (and below it
// when `recursive`); problems reading it are refused.
void add_folder(const std::string& folder, bool recursive, BvhPaths& out) {
  std::vector<std::string> found;
  std::error_code ec;
  const auto options = fs::directory_options::skip_permission_denied;
  if (recursive) {
    fs::recursive_directory_iterator it(folder, options, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code entry_error;  // an entry that cannot be examined is skipped, not the folder
      const bool folder_entry = it->is_directory(entry_error);
      if (hidden(it->path())) {
        if (folder_entry) it.disable_recursion_pending();
        continue;
      }
      if (!folder_entry && has_motion_file_extension(it->path().string())) found.push_back(it->path().string());
    }
  } else {
    fs::directory_iterator it(folder, options, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
      std::error_code entry_error;
      if (!hidden(it->path()) && has_motion_file_extension(it->path().string()) && !it->is_directory(entry_error)) {
        found.push_back(it->path().string());
      }
    }
  }
  if (ec) {
    out.refused.push_back(folder + ": cannot read the folder: " + ec.message());
    return;
  }
  if (found.empty()) {
    out.refused.push_back(folder + ": no motion files (" + known_extensions_text() + ") in this folder" +
                          (recursive ? " or below it" : ""));
    return;
  }
  std::sort(found.begin(), found.end(), natural_less);
  out.files.insert(out.files.end(), found.begin(), found.end());
}

}  // namespace

bool has_bvh_extension(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(), lower);
  return extension == ".bvh";
}

bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      // Compare the numbers: skip leading zeros, then the longer run is larger, else digit by digit.
      std::size_t end_a = i;
      std::size_t end_b = j;
      while (end_a < a.size() && is_digit(a[end_a])) ++end_a;
      while (end_b < b.size() && is_digit(b[end_b])) ++end_b;
      std::size_t start_a = i;
      std::size_t start_b = j;
      while (start_a + 1 < end_a && a[start_a] == '0') ++start_a;
      while (start_b + 1 < end_b && b[start_b] == '0') ++start_b;
      const std::size_t length_a = end_a - start_a;
      const std::size_t length_b = end_b - start_b;
      if (length_a != length_b) return length_a < length_b;
      const int order = a.compare(start_a, length_a, b, start_b, length_b);
      if (order != 0) return order < 0;
      i = end_a;
      j = end_b;
      continue;
    }
    if (lower(a[i]) != lower(b[j])) return lower(a[i]) < lower(b[j]);
    ++i;
    ++j;
  }
  if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
  return a < b;  // equal but for case or leading zeros: a fixed order still
}

BvhPaths expand_bvh_paths(const std::vector<std::string>& paths, bool recursive) {
  BvhPaths out;
  for (const std::string& path : paths) {
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (!ec && fs::is_directory(status)) {
      add_folder(path, recursive, out);
    } else if (!is_motion_file(path)) {  // a known extension, or (a file named otherwise) known content
      out.refused.push_back(path + ": not a BVH file (bvhscope opens .bvh motion-capture files)");
    } else {
      out.files.push_back(path);  // a missing or unreadable file is reported by its load
    }
  }
  return out;
}

}  // namespace bvhscope
