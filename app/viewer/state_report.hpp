// A plain-text snapshot of the viewer's state (key=value lines) for tests that drive the real app:
// when BVHSCOPE_STATE_FILE names a file, the window loop rewrites it whenever the state changes.
#pragma once

#include <string>

#include "model/load_frame_times.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {

// How the window loop showed its frames (the state report's partial_frames, frames_by_rectangles,
// frames_whole and frames_unchanged).
struct PresentCounts {
  bool partial = false;  // frames are shown by their changed rectangles (PartialPresent)
  long rectangles = 0;   // frames shown by rectangles (not whole)
  long whole = 0;        // frames drawn and shown whole
  long unchanged = 0;    // frames that changed nothing on screen (nothing drawn or shown)
};

// title, clip, file_name, frames, frame, playing, loop, speed, interpolate, clip_end, style,
// loading, message, camera, view rectangle, the timeline's view, the clips (shown or hidden at this
// time) and the active one, the selected joint and every value the inspector shows for it (full
// float precision), and the window pixel of every joint of the active clip ("joint_pixels");
// progressive loading (the streaming clip's frames and expected frames, the timeline's expected
// length, how long its first frame took) and, given `load_times`, the frames drawn so far and the
// frame intervals of the last load that ended; how many times the ground cache drew the ground
// ("ground_redraws", -1 without it); given `presents`, how the window showed its frames.
std::string describe_state(const Viewer& viewer, const LoadFrameTimes* load_times = nullptr,
                           const PresentCounts* presents = nullptr);

// Writes `text` to `path` atomically (temporary file + rename) so readers never see half of it.
void write_state_file(const std::string& path, const std::string& text);

}  // namespace bvhscope::viewer
