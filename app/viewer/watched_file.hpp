// Watching the active clip's file for changes (Watch files): which file and clip are watched, so
// that the watch starts afresh only when another file becomes active.
#pragma once

#include <string>

#include "model/clip_slot.hpp"
#include "model/file_watcher.hpp"

namespace bvhscope::viewer {

struct WatchedFile {
  // Watches `active`'s file (none for the sample or no clip). Watched afresh only when another
  // file is active: watching again forgets a change seen but not reported yet (it waits for the
  // file to settle).
  void follow(const ClipSlot* active);

  FileWatcher watcher;
  std::string path;  // the file the watcher watches (the active clip's)
  int clip_id = 0;
};

}  // namespace bvhscope::viewer
