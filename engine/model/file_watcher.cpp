#include "model/file_watcher.hpp"

#include <sys/stat.h>

namespace bvhscope {

FileWatcher::Stamp FileWatcher::stamp() const {
  struct stat info {};
  if (path_.empty() || stat(path_.c_str(), &info) != 0) return {};
  return {info.st_mtim, info.st_size};
}

void FileWatcher::watch(const std::string& path) {
  path_ = path;
  seen_ = stamp();
  has_pending_ = false;
  next_check_ = 0.0;
}

double FileWatcher::next_check() const noexcept {
  return path_.empty() ? std::numeric_limits<double>::infinity() : next_check_;
}

bool FileWatcher::changed(double now) {
  if (path_.empty() || now < next_check_) return false;
  next_check_ = now + 0.5;
  const Stamp current = stamp();
  if (current.size < 0) return false;  // gone for now (an editor replacing it): wait
  if (current == seen_) {
    has_pending_ = false;
    return false;
  }
  if (!has_pending_ || !(current == pending_)) {
    pending_ = current;
    has_pending_ = true;
    return false;
  }
  seen_ = current;
  has_pending_ = false;
  return true;
}

}  // namespace bvhscope
