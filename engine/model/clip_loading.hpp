// The clips' loads and files without a window: hands a ClipSet's load requests and cancels to the
// ClipLoader that runs them, brings the loader's previews, outcomes and streamed rows back into
// the set, and watches the active clip's file (Watch files) so that a change on disk reloads it.
// The viewer pumps it once a frame (receive, then send after the set changed); anything else that
// holds a ClipSet (a test, a script) drives the same lifecycle the same way, with no display.
#pragma once

#include <string>
#include <utility>

#include "model/clip_loader.hpp"
#include "model/clip_set.hpp"
#include "model/file_watcher.hpp"

namespace bvhscope {

class ClipLoading {
 public:
  // Takes the loader's previews and outcomes, in the order the loads produced them, into `clips`,
  // and grows a streaming clip to the rows its parse has finished (in place: its values are a
  // handle on the table the load fills, so growing it copies nothing).
  void receive(ClipSet& clips);
  // Hands `clips`' cancels and load requests to the loader; true when a load was requested.
  bool send(ClipSet& clips);

  // Watch files: from now on the file of `active` is watched (nothing for the bundled sample or no
  // clip). Watched afresh only when another file or clip is active: watching again forgets a
  // change seen but not reported yet (it waits for the file to settle).
  void follow(const ClipSlot* active);
  // The file of `active` is watched afresh as it is now (Watch files was turned on).
  void watch_afresh(const ClipSlot* active);
  // `path` was just written by us (a save over the active clip's file): when it is the watched
  // file, it is watched as it is now, so that the write is not reported as a change.
  void written(const std::string& path);
  // When the watched file is next looked at (steady-clock seconds); infinity when none is.
  [[nodiscard]] double next_check() const noexcept { return watcher_.next_check(); }
  // At `now_seconds`: when the watched file changed and has settled, reloads its clips in `clips`
  // (the active one, and the other motions of a file of several; then send() hands the reloads to
  // the loader) and returns true.
  bool reload_if_changed(ClipSet& clips, double now_seconds);

  [[nodiscard]] const ClipLoader& loader() const noexcept { return loader_; }
  [[nodiscard]] FrameGate& frame_gate() noexcept { return loader_.frame_gate(); }
  // How every load reads its file (the command line's --skeleton, --source-fps...); before any load.
  void set_reading(FileReading reading) { loader_.set_reading(std::move(reading)); }
  [[nodiscard]] bool busy() const { return loader_.busy(); }

 private:
  void watch(const ClipSlot* active);

  ClipLoader loader_;
  FileWatcher watcher_;
  std::string watched_path_;  // the file the watcher watches (the active clip's; empty: none)
  int watched_clip_ = 0;      // the clip it was read for
};

}  // namespace bvhscope
