#include "io/stale_parts.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace bvhscope::io {
namespace {

struct Part {
  std::string name;  // the output it was for
  long pid = 0;
};

bool all_digits(const std::string& text) {
  if (text.empty() || text.size() > 18) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// ".NAME.PID.N.part" read from its end (NAME may hold dots); nullopt for any other name.
std::optional<Part> parse_part(const std::string& file_name) {
  static const std::string kSuffix = ".part";
  if (file_name.size() < kSuffix.size() + 6 || file_name[0] != '.' ||
      file_name.compare(file_name.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
    return std::nullopt;
  const std::string stem = file_name.substr(1, file_name.size() - 1 - kSuffix.size());  // NAME.PID.N
  const std::size_t n_dot = stem.rfind('.');
  if (n_dot == std::string::npos || !all_digits(stem.substr(n_dot + 1))) return std::nullopt;
  const std::size_t pid_dot = stem.rfind('.', n_dot - 1);
  if (pid_dot == std::string::npos || pid_dot == 0 || n_dot == 0) return std::nullopt;
  const std::string pid_text = stem.substr(pid_dot + 1, n_dot - pid_dot - 1);
  if (!all_digits(pid_text)) return std::nullopt;
  Part part{stem.substr(0, pid_dot), std::stol(pid_text)};
  if (part.pid <= 0) return std::nullopt;
  return part;
}

bool process_gone(long pid) {
  return pid != static_cast<long>(::getpid()) && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

// Per folder, the parts whose process was gone when it was listed (file names).
std::mutex g_mutex;
std::map<std::string, std::vector<std::string>> g_listed;

std::vector<std::string>& parts_of(const std::filesystem::path& folder) {
  const auto [found, fresh] = g_listed.try_emplace(folder.string());
  if (!fresh) return found->second;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file_name = it->path().filename().string();
    const std::optional<Part> part = parse_part(file_name);
    if (part && process_gone(part->pid)) found->second.push_back(file_name);
  }
  return found->second;
}

}  // namespace

std::string part_name(const std::string& name, long pid, unsigned long n) {
  return "." + name + "." + std::to_string(pid) + "." + std::to_string(n) + ".part";
}

void remove_stale_parts(const std::filesystem::path& folder, const std::string& name, PartKind kind) {
  const std::lock_guard lock(g_mutex);
  std::vector<std::string>& parts = parts_of(folder.empty() ? std::filesystem::path(".") : folder);
  for (auto it = parts.begin(); it != parts.end();) {
    const std::optional<Part> part = parse_part(*it);
    if (!part || part->name != name) {
      ++it;
      continue;
    }
    const std::filesystem::path path = (folder.empty() ? std::filesystem::path(".") : folder) / *it;
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::symlink_status(path, ec);
    const bool right_kind =
        kind == PartKind::File ? std::filesystem::is_regular_file(status) : std::filesystem::is_directory(status);
    if (right_kind && process_gone(part->pid)) {
      if (kind == PartKind::File) {
        std::filesystem::remove(path, ec);
      } else {
        std::filesystem::remove_all(path, ec);
      }
    }
    it = parts.erase(it);
  }
}

void remove_parts_of_process(const std::filesystem::path& folder, const std::string& name, long pid) {
  if (!process_gone(pid)) return;
  const std::filesystem::path where = folder.empty() ? std::filesystem::path(".") : folder;
  std::vector<std::filesystem::path> parts;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(where, ec), end; !ec && it != end; it.increment(ec)) {
    const std::optional<Part> part = parse_part(it->path().filename().string());
    if (part && part->name == name && part->pid == pid) parts.push_back(it->path());
  }
  for (const std::filesystem::path& path : parts) std::filesystem::remove_all(path, ec);
}

}  // namespace bvhscope::io
