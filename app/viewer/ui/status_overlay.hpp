// Overlays on the 3D view: the loading progress, the message banner (load errors as
// file:line:col, dropped files that are not BVH), and the hint shown when nothing is loaded.
#pragma once

#include <cstddef>
#include <string>

#include "model/clip_loader.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

struct LoadStatus {
  bool busy = false;
  LoadPhase phase = LoadPhase::Idle;
  const std::string* path = nullptr;  // the file being loaded
  double seconds = 0.0;
  double fraction = 0.0;            // of its bytes read (0 when unknown)
  std::size_t frames = 0;           // frames on screen already (a new clip streams in)
  std::size_t expected_frames = 0;  // frames it declares
  std::size_t waiting = 0;          // further files queued behind it
  std::size_t file_number = 0;      // of a batch of several files: this one's number ("12 of 40")
  std::size_t file_count = 0;       // the batch's files (1 for a single file)
};

// What the loading overlay shows of `live`: its moving readouts (frames, seconds, the bar's fill)
// afresh at most every kLoadReadoutSeconds, else as last shown, so that between those the overlay
// draws the same and its rectangle over the view is not drawn again (on a software renderer, a
// good part of each frame's work while a big file streams in). A new load, file, phase or count
// waiting is shown at once, and so is an animated bar (no fraction known yet). `shown` and
// `shown_path` keep what was shown (updated here).
inline constexpr double kLoadReadoutSeconds = 0.1;
LoadStatus steady_load_status(const LoadStatus& live, LoadStatus& shown, std::string& shown_path);

// A PNG sequence being written: its progress bar and Cancel button.
struct ExportStatus {
  bool active = false;
  float progress = 0.0f;
  std::size_t done = 0;
  std::size_t total = 0;
  const char* what = "PNG sequence";  // "Writing <what>: frame K of N"
};

void draw_status_overlay(const Rect& view, const ViewerState& state, const LoadStatus& load,
                         const ExportStatus& exporting, Actions& actions);

}  // namespace bvhscope::viewer
