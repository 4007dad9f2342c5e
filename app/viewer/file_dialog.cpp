#include "viewer/file_dialog.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <vector>

#include "formats/format_registry.hpp"

extern char** environ;

namespace bvhscope::viewer {

FileDialog::~FileDialog() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  if (fd_ >= 0) close(fd_);
}

bool FileDialog::available() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return false;
  std::string_view rest(path);
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string_view dir = rest.substr(0, colon);
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    if (dir.empty()) continue;
    const std::string candidate = std::string(dir) + "/zenity";
    if (access(candidate.c_str(), X_OK) == 0) return true;
  }
  return false;
}

std::vector<std::string> chosen_paths(const std::string& answer) {
  std::vector<std::string> paths;
  std::size_t start = 0;
  while (start <= answer.size()) {
    const std::size_t end = answer.find(kChosenPathSeparator, start);
    std::string path = answer.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!path.empty() && path.back() == '\r') path.pop_back();
    if (!path.empty()) paths.push_back(std::move(path));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return paths;
}

bool FileDialog::open(const std::string& title, bool multiple, const std::string& start_folder) {
  // "Motion files | *.bvh *.BVH *.npy *.NPY": every format's extensions, in either case.
  std::string patterns;
  for (const MotionFormat& format : motion_formats()) {
    for (const std::string_view extension : format.extensions) {
      std::string upper(extension);
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      patterns += " *" + std::string(extension) + " *" + upper;
    }
  }
  std::vector<std::string> args = {"zenity", "--file-selection", "--title=" + title,
                                   "--file-filter=Motion files |" + patterns, "--file-filter=All files | *"};
  if (multiple) {
    args.emplace_back("--multiple");
    args.emplace_back(std::string("--separator=") + kChosenPathSeparator);
  }
  // A folder given with a trailing slash: zenity shows its content, nothing selected.
  if (!start_folder.empty()) args.push_back("--filename=" + start_folder + (start_folder.back() == '/' ? "" : "/"));
  return spawn(std::move(args));
}

bool FileDialog::open_save(const std::string& title, const std::string& default_path, bool folder) {
  std::vector<std::string> args = {"zenity", "--file-selection", "--save", "--title=" + title,
                                   "--filename=" + default_path};
  if (folder) {
    args.emplace_back("--directory");
  } else {
    args.emplace_back("--confirm-overwrite");
  }
  return spawn(std::move(args));
}

bool FileDialog::spawn(std::vector<std::string> args) {
  if (pid_ > 0) return false;
  std::array<int, 2> pipe_fds{};
  if (pipe(pipe_fds.data()) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int status = posix_spawnp(&pid, "zenity", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (status != 0) {
    close(pipe_fds[0]);
    return false;
  }
  fcntl(pipe_fds[0], F_SETFL, fcntl(pipe_fds[0], F_GETFL) | O_NONBLOCK);
  pid_ = pid;
  fd_ = pipe_fds[0];
  output_.clear();
  return true;
}

std::optional<std::string> FileDialog::poll() {
  if (pid_ <= 0) return std::nullopt;
  std::array<char, 1024> buffer{};
  for (;;) {
    const ssize_t n = read(fd_, buffer.data(), buffer.size());
    if (n > 0) {
      output_.append(buffer.data(), static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return std::nullopt;  // still open
    break;                                                                  // EOF: zenity is done
  }
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  close(fd_);
  fd_ = -1;
  while (!output_.empty() && (output_.back() == '\n' || output_.back() == '\r')) output_.pop_back();
  const bool chosen = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return chosen ? output_ : std::string();
}

}  // namespace bvhscope::viewer
