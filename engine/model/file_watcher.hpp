// Notices when the active clip's file changes on disk (modification time or size), checked at
// most twice a second with stat(2).
#pragma once

#include <sys/types.h>
#include <ctime>
#include <limits>
#include <string>

namespace bvhscope {

class FileWatcher {
 public:
  // Starts watching `path` as it is now (an empty path watches nothing).
  void watch(const std::string& path);
  // True once after the file changed and has stayed unchanged for one check (so a file being
  // written is reloaded when the writer is done). `now` is in seconds on any steady clock.
  bool changed(double now);
  // When changed() next looks at the file (seconds on its clock); infinity when nothing is watched.
  [[nodiscard]] double next_check() const noexcept;

 private:
  struct Stamp {
    timespec modified{};
    off_t size = -1;
    bool operator==(const Stamp& other) const noexcept {
      return modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec &&
             size == other.size;
    }
  };
  [[nodiscard]] Stamp stamp() const;

  std::string path_;
  Stamp seen_;
  Stamp pending_;
  bool has_pending_ = false;
  double next_check_ = 0.0;
};

}  // namespace bvhscope
