// What the loading overlay shows of a load (the file, its phase, how far it is, the queue behind
// it), and how its moving figures are held steady between tenths of a second so that the overlay
// over the view is not drawn again every frame.
#pragma once

#include <cstddef>
#include <string>

#include "model/clip_loader.hpp"

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

// How far the load is, 0..1, as its bar shows it: the frames on screen when a clip streams in (as
// the timeline shows them), else the bytes read; 0 when not known (the bar then moves on its own).
double load_fraction(const LoadStatus& load) noexcept;

// What the loading overlay shows of `live`: its moving readouts (frames, seconds, the bar's fill)
// afresh when the seconds shown (to a tenth) would change, else as last shown, so that between
// those the overlay draws the same and its rectangle over the view is not drawn again (on a
// software renderer, a good part of each frame's work while a big file streams in). A new load,
// file, phase or count waiting is shown at once, and so is a bar that moves on its own (no
// fraction known). `shown` and `shown_path` keep what was shown (updated here).
LoadStatus steady_load_status(const LoadStatus& live, LoadStatus& shown, std::string& shown_path);

}  // namespace bvhscope::viewer
