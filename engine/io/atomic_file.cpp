#include "io/atomic_file.hpp"

#include "io/fd_buffer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

namespace bvhscope::io {
namespace {

// Temporary files to remove if a signal ends the process: fixed slots, filled before the file is
// created and freed after it is renamed or removed, read by the handler (async-signal-safe). A
// slot is free, then claimed (its path being written: the handler skips it), then ready.
constexpr std::size_t kSlots = 16;
constexpr std::size_t kPathMax = 4096;
enum SlotState : int { kFree = 0, kClaimed = 1, kReady = 2 };
std::array<std::atomic<int>, kSlots> g_slot_state{};
std::array<std::array<char, kPathMax>, kSlots> g_slot_path{};
std::atomic<bool> g_handlers_installed{false};
// defer_interrupt_signals(): the first SIGINT, SIGTERM or SIGHUP is only recorded here.
std::atomic<bool> g_defer_interrupts{false};
std::atomic<int> g_deferred_signal{0};

void remove_temporaries() noexcept {
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (g_slot_state[i].load() == kReady) ::unlink(g_slot_path[i].data());
  }
}

extern "C" void remove_temporaries_and_die(int signal_number) {
  if (signal_number != SIGPIPE && g_defer_interrupts.load()) {
    int none = 0;
    if (g_deferred_signal.compare_exchange_strong(none, signal_number)) return;  // the program shuts down
  }
  remove_temporaries();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

void install_handlers() {
  if (g_handlers_installed.exchange(true)) return;
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction current {};
    if (sigaction(signal_number, nullptr, &current) != 0) continue;
    // A signal the process ignores (nohup, a shell's background job) stays ignored; one it
    // handles itself keeps its handler.
    if (current.sa_handler != SIG_DFL) continue;
    struct sigaction action {};
    action.sa_handler = remove_temporaries_and_die;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, nullptr);
  }
}

int claim_slot(const std::string& path) {
  if (path.size() >= kPathMax) return -1;
  for (std::size_t i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_slot_state[i].compare_exchange_strong(expected, kClaimed)) continue;
    std::memcpy(g_slot_path[i].data(), path.c_str(), path.size() + 1);
    g_slot_state[i].store(kReady);
    return static_cast<int>(i);
  }
  return -1;
}

void release_slot(int slot) {
  if (slot >= 0) g_slot_state[static_cast<std::size_t>(slot)].store(kFree);
}

std::string reason(int error_number) { return std::strerror(error_number); }

}  // namespace

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
    release_slot(slot);
    slot = -1;
  }
};

std::optional<AtomicFile> AtomicFile::create(const std::string& target, std::string& error) {
  namespace fs = std::filesystem;
  install_handlers();
  static std::atomic<unsigned> counter{0};
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
        error = "cannot write through the link: " + reason(ELOOP);
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
      error = "cannot open for writing: " + reason(errno);
      return std::nullopt;
    }
    state->buffer = std::make_unique<detail::FdBuffer>(state->fd);
    state->stream = std::make_unique<std::ostream>(state->buffer.get());
    return AtomicFile(std::move(state));
  }
  state->temporary = (folder / ("." + path.filename().string() + "." + std::to_string(::getpid()) + "." +
                                std::to_string(counter++) + ".part"))
                         .string();
  state->slot = claim_slot(state->temporary);  // before the file exists: a signal in between finds nothing to remove
  mode_t mode = 0666;
  struct stat existing {};
  const bool keep_mode = ::stat(state->target.c_str(), &existing) == 0 && S_ISREG(existing.st_mode);
  if (keep_mode) mode = existing.st_mode & 07777;
  state->fd = ::open(state->temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  if (state->fd < 0) {
    error = "cannot create a file in " + folder.string() + ": " + reason(errno);
    release_slot(state->slot);
    state->slot = -1;
    state->temporary.clear();
    return std::nullopt;
  }
  if (keep_mode) ::fchmod(state->fd, mode);  // the umask narrowed it
  state->buffer = std::make_unique<detail::FdBuffer>(state->fd);
  state->stream = std::make_unique<std::ostream>(state->buffer.get());
  return AtomicFile(std::move(state));
}

void defer_interrupt_signals() {
  g_defer_interrupts.store(true);
  install_handlers();
}

int interrupt_signal() noexcept { return g_deferred_signal.load(); }

void end_by_interrupt_signal() {
  const int signal_number = g_deferred_signal.load();
  if (signal_number == 0) return;
  remove_temporaries();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
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
    error = "cannot write " + s.target + ": " + reason(write_error != 0 ? write_error : EIO);
    s.discard();
    return false;
  }
  if (s.temporary.empty()) {  // written directly (a device or a pipe)
    const int fd = s.fd;
    s.fd = -1;
    if (::close(fd) != 0) {
      error = "cannot write " + s.target + ": " + reason(errno);
      return false;
    }
    return true;
  }
  if (::fsync(s.fd) != 0 && errno != EINVAL && errno != EROFS) {  // EINVAL: a file system without fsync
    error = "cannot write " + s.target + ": " + reason(errno);
    s.discard();
    return false;
  }
  const int fd = s.fd;
  s.fd = -1;
  if (::close(fd) != 0) {
    error = "cannot write " + s.target + ": " + reason(errno);
    s.discard();
    return false;
  }
  if (::rename(s.temporary.c_str(), s.target.c_str()) != 0) {
    error = "cannot replace " + s.target + ": " + reason(errno);
    s.discard();
    return false;
  }
  s.temporary.clear();
  release_slot(s.slot);
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
