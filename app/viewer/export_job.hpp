// Exports started from the UI that need the GL context: a PNG of the view, and a PNG sequence of
// a frame range written a few frames per UI frame (so the window stays live) and cancellable.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace bvhscope::viewer {

struct ExportJob {
  // The sequence in progress (active until the last frame is written, an error, or Cancel).
  bool active = false;
  std::string directory;
  std::size_t first = 0;
  std::size_t last = 0;
  std::size_t next = 0;
  int clip_id = 0;               // the clip whose frames are written
  double resume_position = 0.0;  // the playhead to restore afterwards
  bool resume_playing = false;
  // A single PNG of the view, written after the next render.
  std::optional<std::string> png_path;

  [[nodiscard]] std::size_t total() const noexcept { return last >= first ? last - first + 1 : 0; }
  [[nodiscard]] std::size_t done() const noexcept { return next - first; }
  [[nodiscard]] float progress() const noexcept {
    return total() > 0 ? static_cast<float>(done()) / static_cast<float>(total()) : 1.0f;
  }
};

// "<directory>/frame_000123.png": zero-padded to at least 6 digits so names sort in frame order.
std::string sequence_file_name(const std::string& directory, std::size_t frame);

// Frames written per UI frame: enough to finish 1000 frames in well under a minute, few enough
// that the window answers clicks (Cancel) at once.
inline constexpr std::size_t kSequenceFramesPerUiFrame = 3;

}  // namespace bvhscope::viewer
