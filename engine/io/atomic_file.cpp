#include "io/atomic_file.hpp"

#include "io/error_text.hpp"
#include "io/fd_buffer.hpp"
#include "io/signal_cleanup.hpp"
#include "io/stale_parts.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>

namespace bvhscope::io {

struct AtomicFile::State {
  std::string target;
  std::string temporary;
  int fd = -1;
  int slot = -1;
  int open_error = 0;
  std::unique_ptr<detail::FdBuffer> buffer;
  std::unique_ptr<std::ostream> stream;

  void discard() noexcept {
    if (fd >= 0) ::close(fd);
    fd = -1;
    if (!temporary.empty()) ::unlink(temporary.c_str());
    detail::release_slot(slot);
    slot = -1;
  }
};

std::optional<AtomicFile> AtomicFile::create(const std::string& target, std::string& error) {
  namespace fs = std::filesystem;
  detail::install_cleanup_handlers();
  static std::atomic<unsigned long> counter{0};
  // A symbolic link is written through: its file is replaced, the link stays.
  fs::path path(target);
  std::error_code ec;
  if (fs::is_symlink(path, ec)) {
    fs::path resolved = fs::canonical(path, ec);
    if (ec) {  // a dangling link: the file it names is created, the link stays
      resolved = path;
      for (int hops = 0; hops < 40 && fs::is_symlink(resolved, ec); ++hops) {
        const fs::path next = fs::read_symlink(resolved, ec);
        if (ec) break;
        resolved = next.is_absolute() ? next : resolved.parent_path() / next;
      }
      if (fs::is_symlink(resolved, ec)) {  // a loop: nothing to write through to
        error = "cannot write through the link: " + error_text(ELOOP);
        return std::nullopt;
      }
    }
    path = resolved;
  }
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  auto state = std::make_unique<State>();
  state->target = path.string();
  // A device, a pipe or a terminal (/dev/stdout, /dev/null) is written directly: it cannot be
  // replaced (and must not be: renaming over /dev/full as root would remove the device).
  struct stat existing_target {};
  if (::stat(state->target.c_str(), &existing_target) == 0 && !S_ISREG(existing_target.st_mode)) {
    if (S_ISDIR(existing_target.st_mode)) {
      error = "is a folder";
      return std::nullopt;
    }
    state->fd = ::open(state->target.c_str(), O_WRONLY | O_CLOEXEC);
    if (state->fd < 0) {
      error = "cannot open for writing: " + error_text(errno);
      return std::nullopt;
    }
    state->buffer = std::make_unique<detail::FdBuffer>(state->fd);
    state->stream = std::make_unique<std::ostream>(state->buffer.get());
    return AtomicFile(std::move(state));
  }
  // What a process killed before it could clean up left for this target goes first.
  remove_stale_parts(folder, path.filename().string(), PartKind::File);
  state->temporary = (folder / part_name(path.filename().string(), ::getpid(), counter++)).string();
  mode_t mode = 0666;
  struct stat existing {};
  const bool keep_mode = ::stat(state->target.c_str(), &existing) == 0 && S_ISREG(existing.st_mode);
  if (keep_mode) mode = existing.st_mode & 07777;
  {
    // The slot and the file together: a signal handled on another thread meanwhile waits, so
    // that its removal finds the file.
    const SignalsHeld creating;
    state->slot = detail::claim_file_slot(state->temporary);
    state->fd = ::open(state->temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  }
  if (state->fd < 0) {
    error = "cannot create a file in " + folder.string() + ": " + error_text(errno);
    detail::release_slot(state->slot);
    state->slot = -1;
    state->temporary.clear();
    return std::nullopt;
  }
  if (keep_mode) ::fchmod(state->fd, mode);  // the umask narrowed it
  state->buffer = std::make_unique<detail::FdBuffer>(state->fd);
  state->stream = std::make_unique<std::ostream>(state->buffer.get());
  return AtomicFile(std::move(state));
}

AtomicFile::AtomicFile(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {}
AtomicFile::AtomicFile(AtomicFile&& other) noexcept = default;
AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    if (state_) state_->discard();
    state_ = std::move(other.state_);
  }
  return *this;
}
AtomicFile::~AtomicFile() {
  if (state_) state_->discard();
}

std::ostream& AtomicFile::stream() noexcept { return *state_->stream; }

void AtomicFile::write(const void* data, std::size_t size) noexcept {
  state_->stream->write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
}

const std::string& AtomicFile::temporary_path() const noexcept { return state_->temporary; }

bool AtomicFile::commit(std::string& error) {
  State& s = *state_;
  const bool flushed = s.buffer->flush_all();
  const int write_error = s.buffer->error();
  if (!flushed || write_error != 0 || !*s.stream) {
    error = "cannot write " + s.target + ": " + error_text(write_error != 0 ? write_error : EIO);
    s.discard();
    return false;
  }
  if (s.temporary.empty()) {  // written directly (a device or a pipe)
    const int fd = s.fd;
    s.fd = -1;
    if (::close(fd) != 0) {
      error = "cannot write " + s.target + ": " + error_text(errno);
      return false;
    }
    return true;
  }
  if (::fsync(s.fd) != 0 && errno != EINVAL && errno != EROFS) {  // EINVAL: a file system without fsync
    error = "cannot write " + s.target + ": " + error_text(errno);
    s.discard();
    return false;
  }
  const int fd = s.fd;
  s.fd = -1;
  if (::close(fd) != 0) {
    error = "cannot write " + s.target + ": " + error_text(errno);
    s.discard();
    return false;
  }
  if (::rename(s.temporary.c_str(), s.target.c_str()) != 0) {
    error = "cannot replace " + s.target + ": " + error_text(errno);
    s.discard();
    return false;
  }
  s.temporary.clear();
  detail::release_slot(s.slot);
  s.slot = -1;
  const std::filesystem::path folder = std::filesystem::path(s.target).parent_path();
  const int folder_fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder_fd >= 0) {
    ::fsync(folder_fd);  // the rename itself, durable; best effort
    ::close(folder_fd);
  }
  return true;
}

}  // namespace bvhscope::io
