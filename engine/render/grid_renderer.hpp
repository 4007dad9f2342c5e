// Several clips as a grid of tiles on one clock (`bvhscope render A B C D --grid 2x2`): each tile
// its own clips (render/offscreen_clips), framed on its own clip, with a caption (the file name or
// the one given, drawn by gfx's overlay pass), drawn into its own offscreen target and copied into
// the grid picture. Shorter clips hold their last frame. One EGL context for every tile.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/prepared_clip.hpp"
#include "render/offscreen_options.hpp"
#include "render/video_loop.hpp"

namespace bvhscope::render {

struct GridLayout {
  int columns = 1;
  int rows = 1;
  std::vector<std::string> captions;  // tile i's caption; the file name when missing or empty
};

class GridRenderer {
 public:
  // Tiles of (options.width / columns) x (options.height / rows) pixels, in reading order.
  // nullptr with `error` (more clips than tiles, tiles too small, no GL context, no caption font).
  static std::unique_ptr<GridRenderer> create(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                              const GridLayout& layout, VideoCamera camera, std::string& error);
  ~GridRenderer();
  GridRenderer(const GridRenderer&) = delete;
  GridRenderer& operator=(const GridRenderer&) = delete;

  // Every tile at `seconds` from the clips' first frames (each clip holds its last frame after its
  // end), into `rgba` (options.width x options.height x 4, top row first; gaps in the background).
  void draw(double seconds, std::vector<std::uint8_t>& rgba);
  // The longest clip: its frame count and frame time (the video follows it).
  [[nodiscard]] std::size_t longest_frames() const noexcept { return longest_frames_; }
  [[nodiscard]] double longest_frame_time() const noexcept { return longest_frame_time_; }

 private:
  struct Parts;
  GridRenderer() = default;
  std::unique_ptr<Parts> parts_;
  std::size_t longest_frames_ = 0;
  double longest_frame_time_ = 0.0;
};

// A still (`seconds`) or a video of the grid into `path` (PNG for a still, else a frame sink).
bool render_grid_png(std::vector<PreparedClip> clips, const OffscreenOptions& options, const GridLayout& layout,
                     std::size_t frame_of_longest, const std::string& path, std::string& error);
bool render_grid_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const GridLayout& layout,
                       const VideoOptions& video, const std::string& path, std::string& error);

}  // namespace bvhscope::render
