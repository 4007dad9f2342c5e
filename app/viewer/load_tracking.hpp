// What the viewer keeps about the loader's progress between frames: whether it was loading at the
// last frame (the title changes when that does), the file the loading overlay names (kept to avoid
// a string per frame), how long the last streamed clip took to show its first frame, and what the
// loading overlay showed last.
#pragma once

#include <string>

#include "viewer/load_status.hpp"

namespace bvhscope::viewer {

struct LoadTracking {
  bool was_loading = false;
  std::string loading_path;
  // Of the last clip streamed in: seconds from its load's request to the UI frame showing its
  // first frame (0 before any).
  double first_streamed_frame_seconds = 0.0;
  // What the loading overlay showed last (steady_load_status).
  LoadStatus shown_status;
  std::string shown_path;
};

}  // namespace bvhscope::viewer
