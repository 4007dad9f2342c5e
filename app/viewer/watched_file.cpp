#include "viewer/watched_file.hpp"

namespace bvhscope::viewer {

void WatchedFile::follow(const ClipSlot* active) {
  const std::string watched = active == nullptr || active->is_sample ? std::string() : active->clip().source;
  if (watched != path || (active != nullptr && active->id != clip_id)) {
    watcher.watch(watched);
    path = watched;
    clip_id = active != nullptr ? active->id : 0;
  }
}

}  // namespace bvhscope::viewer
