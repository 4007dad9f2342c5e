#include "anim/file_loader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "anim/bvh_parser.hpp"

namespace bvhscope {
namespace {

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  [[nodiscard]] int get() const noexcept { return fd_; }

 private:
  int fd_;
};

Diagnostic file_error(const std::string& path, std::string message) { return Diagnostic{path, 0, 0, std::move(message)}; }

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

Result<std::string> read_text_file(const std::string& path) {
  // O_NONBLOCK so that opening a FIFO without a writer cannot hang; we refuse FIFOs anyway.
  const FileDescriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (file.get() < 0) return file_error(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) return file_error(path, std::string("cannot read: ") + std::strerror(errno));
  if (!S_ISREG(info.st_mode)) return file_error(path, std::string("cannot open ") + kind_of(info.st_mode) + ", expected a .bvh file");
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > kMaxFileBytes) {
    return file_error(path, "file is " + std::to_string(size >> 20) + " MiB; files over " +
                                std::to_string(kMaxFileBytes >> 30) + " GiB are not loaded");
  }
  std::string text(static_cast<std::size_t>(size), '\0');
  std::size_t filled = 0;
  while (filled < text.size()) {
    const ssize_t got = ::read(file.get(), text.data() + filled, text.size() - filled);
    if (got < 0) {
      if (errno == EINTR) continue;
      return file_error(path, std::string("cannot read: ") + std::strerror(errno));
    }
    if (got == 0) break;  // the file shrank while we read it
    filled += static_cast<std::size_t>(got);
  }
  text.resize(filled);
  return text;
}

Result<Clip> load_bvh_file(const std::string& path) {
  Result<std::string> text = read_text_file(path);
  if (!text) return text.error();
  return parse_bvh(text.value(), path);
}

}  // namespace bvhscope
