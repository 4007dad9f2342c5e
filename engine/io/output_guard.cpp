#include "io/output_guard.hpp"

#include <sys/stat.h>

#include <filesystem>

namespace bvhscope::io {
namespace {

// The same file: by device and inode when both exist, else by their resolved paths (an output
// that does not exist yet can still name another output that does not either).
bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {};
  struct stat sb {};
  const bool a_exists = ::stat(a.c_str(), &sa) == 0;
  const bool b_exists = ::stat(b.c_str(), &sb) == 0;
  if (a_exists && b_exists) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (a_exists != b_exists) return false;
  std::error_code ec_a;
  std::error_code ec_b;
  const auto pa = std::filesystem::weakly_canonical(std::filesystem::absolute(a), ec_a);
  const auto pb = std::filesystem::weakly_canonical(std::filesystem::absolute(b), ec_b);
  return !ec_a && !ec_b && pa == pb;
}

}  // namespace

std::optional<std::string> output_conflict(const std::string& output, std::span<const std::string> inputs,
                                           std::span<const std::string> other_outputs) {
  for (const std::string& input : inputs) {
    if (same_file(output, input)) return output + " would overwrite the input " + input;
  }
  for (const std::string& other : other_outputs) {
    if (same_file(output, other)) return output + " is named for two outputs (" + other + ")";
  }
  return std::nullopt;
}

}  // namespace bvhscope::io
