#include "io/temporary_folder.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <filesystem>

#include "io/atomic_file.hpp"
#include "io/error_text.hpp"
#include "io/signal_cleanup.hpp"
#include "io/stale_parts.hpp"

namespace bvhscope::io {
namespace {

namespace fs = std::filesystem;

void fsync_folder(const std::string& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);  // the renames, durable; best effort
  ::close(fd);
}

// An open folder locked for this process (flock): closed, and so unlocked, when it goes.
struct LockedFolder {
  int fd = -1;
  ~LockedFolder() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::vector<std::string> folder_entries(const std::string& folder,
                                        const std::function<bool(const std::string&)>& keep) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (keep(name)) names.push_back(std::move(name));
  }
  std::sort(names.begin(), names.end());
  return names;
}

struct TemporaryFolder::State {
  std::string target;
  std::string parent;
  std::string path;
  int fd = -1;  // the folder, open for the signal handler to empty it
  int slot = -1;

  void discard() noexcept {
    if (path.empty()) return;
    std::error_code ec;
    fs::remove_all(path, ec);
    if (fd >= 0) ::close(fd);
    fd = -1;
    detail::release_slot(slot);
    slot = -1;
    path.clear();
  }
};

std::optional<TemporaryFolder> TemporaryFolder::create(const std::string& target, std::string& error) {
  detail::install_cleanup_handlers();
  static std::atomic<unsigned long> counter{0};
  auto state = std::make_unique<State>();
  fs::path target_path(target);
  while (target_path.has_filename() == false && target_path.has_parent_path() && target_path != target_path.root_path())
    target_path = target_path.parent_path();  // "out/frames/" names the folder "out/frames"
  const std::string name = target_path.filename().string();
  if (name.empty() || name == "." || name == "..") {
    error = "cannot write into " + target + " as a new folder (name a folder: OUT/FRAMES/)";
    return std::nullopt;
  }
  state->target = target_path.string();
  state->parent = target_path.has_parent_path() ? target_path.parent_path().string() : std::string(".");
  std::error_code ec;
  fs::create_directories(state->parent, ec);
  if (ec) {
    error = "cannot create the folder " + state->parent + ": " + ec.message();
    return std::nullopt;
  }
  remove_stale_parts(state->parent, name, PartKind::Folder);
  state->path = (fs::path(state->parent) / part_name(name, ::getpid(), counter++)).string();
  {
    // The slot, the folder and its descriptor together: a signal handled on another thread
    // meanwhile waits, so that its removal finds the folder.
    const SignalsHeld creating;
    state->slot = detail::claim_folder_slot(state->path);
    if (::mkdir(state->path.c_str(), 0777) != 0) {
      const int failed = errno;
      detail::release_slot(state->slot);
      error = "cannot create a folder in " + state->parent + ": " + error_text(failed);
      return std::nullopt;
    }
    state->fd = ::open(state->path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    detail::set_folder_fd(state->slot, state->fd);
  }
  return TemporaryFolder(std::move(state));
}

TemporaryFolder::TemporaryFolder(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {}
TemporaryFolder::TemporaryFolder(TemporaryFolder&& other) noexcept = default;
TemporaryFolder& TemporaryFolder::operator=(TemporaryFolder&& other) noexcept {
  if (this != &other) {
    if (state_) state_->discard();
    state_ = std::move(other.state_);
  }
  return *this;
}
TemporaryFolder::~TemporaryFolder() {
  if (state_) state_->discard();
}

const std::string& TemporaryFolder::path() const noexcept { return state_->path; }

bool TemporaryFolder::commit(const std::function<bool(const std::string& name)>& replaced, bool replace_existing,
                             std::string& error) {
  State& s = *state_;
  if (s.path.empty()) {
    error = "the folder is already committed";
    return false;
  }
  {  // A missing target: this folder, renamed, is it. Never over an existing (even empty) folder.
    const SignalsHeld renaming;
    int renamed = ::renameat2(AT_FDCWD, s.path.c_str(), AT_FDCWD, s.target.c_str(), RENAME_NOREPLACE);
    if (renamed != 0 && (errno == EINVAL || errno == ENOSYS)) {  // a file system without RENAME_NOREPLACE
      struct stat existing {};
      if (::lstat(s.target.c_str(), &existing) == 0) {
        errno = EEXIST;
      } else {
        renamed = ::rename(s.path.c_str(), s.target.c_str());
      }
    }
    if (renamed == 0) {
      if (s.fd >= 0) ::close(s.fd);
      s.fd = -1;
      detail::release_slot(s.slot);  // before the signals: the handler must not empty the target
      s.slot = -1;
      s.path.clear();
      fsync_folder(s.parent);
      return true;
    }
    if (errno != EEXIST && errno != ENOTEMPTY) {
      error = "cannot create the folder " + s.target + ": " + error_text(errno);
      s.discard();
      return false;
    }
  }
  LockedFolder target;
  target.fd = ::open(s.target.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (target.fd < 0) {
    error = errno == ENOTDIR ? s.target + " is not a folder"
                             : "cannot open the folder " + s.target + ": " + error_text(errno);
    s.discard();
    return false;
  }
  while (::flock(target.fd, LOCK_EX) != 0) {
    if (errno != EINTR) {
      error = "cannot lock the folder " + s.target + ": " + error_text(errno);
      s.discard();
      return false;
    }
  }
  const std::vector<std::string> old = folder_entries(s.target, replaced);
  if (!replace_existing && !old.empty()) {
    error = s.target + " now holds " + std::to_string(old.size()) +
            " files this output would replace, written since it started (another render into the same folder?)";
    s.discard();
    return false;
  }
  const std::vector<std::string> ours = folder_entries(s.path, [](const std::string&) { return true; });
  {
    const SignalsHeld renaming;  // all moved, or (a failure) as many as could be
    for (const std::string& name : ours) {
      const std::string from = s.path + "/" + name;
      if (::renameat(AT_FDCWD, from.c_str(), target.fd, name.c_str()) != 0) {
        error = "cannot move " + name + " into " + s.target + ": " + error_text(errno);
        s.discard();
        return false;
      }
    }
    for (const std::string& name : old) {
      if (!std::binary_search(ours.begin(), ours.end(), name)) ::unlinkat(target.fd, name.c_str(), 0);
    }
    ::fsync(target.fd);
    s.discard();  // now empty
  }
  return true;
}

}  // namespace bvhscope::io
