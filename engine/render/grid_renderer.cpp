#include "render/grid_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <numbers>
#include <optional>

#include "anim/video_timing.hpp"
#include "gfx/overlay_pass.hpp"
#include "gfx/render_target.hpp"
#include "model/overlay_labels.hpp"
#include "render/offscreen_clips.hpp"
#include "render/offscreen_context.hpp"
#include "video/png_file.hpp"

namespace bvhscope::render {
namespace {

constexpr int kMinTile = 16;
constexpr std::uint8_t kGap[4] = {32, 34, 38, 255};  // the background between tiles
constexpr float kCaptionPixels = 15.0f;              // the caption's line height, as the viewer's UI text

struct Tile {
  std::optional<gfx::RenderTarget> target;
  std::unique_ptr<OffscreenClips> clips;
  std::string caption;
  float start_yaw = 0.0f;
};

}  // namespace

struct GridRenderer::Parts {
  // Made in this order, destroyed in reverse: the context outlives every GL object.
  std::optional<OffscreenContext> context;
  std::optional<gfx::OverlayPass> captions;  // draws the captions
  std::vector<std::unique_ptr<Tile>> tiles;
  GridLayout layout;
  OffscreenOptions options;
  VideoCamera camera = VideoCamera::Fixed;
  int tile_width = 0;
  int tile_height = 0;
  std::vector<std::uint8_t> tile_rgba;  // reused
  std::size_t frames_drawn = 0;
  Overlay caption;  // a tile's caption, reused
};

GridRenderer::~GridRenderer() = default;

std::unique_ptr<GridRenderer> GridRenderer::create(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                                   const GridLayout& layout, VideoCamera camera, std::string& error) {
  if (clips.empty()) {
    error = "no clip to render";
    return nullptr;
  }
  const std::size_t tiles = static_cast<std::size_t>(layout.columns) * static_cast<std::size_t>(layout.rows);
  if (clips.size() > tiles) {
    error = std::to_string(clips.size()) + " clips do not fit a grid of " + std::to_string(layout.columns) + "x" +
            std::to_string(layout.rows) + " tiles";
    return nullptr;
  }
  const int tile_width = options.width / layout.columns;
  const int tile_height = options.height / layout.rows;
  if (tile_width < kMinTile || tile_height < kMinTile) {
    error = "tiles of " + std::to_string(tile_width) + "x" + std::to_string(tile_height) +
            " pixels are too small: give a larger --size";
    return nullptr;
  }
  std::unique_ptr<GridRenderer> grid(new GridRenderer());
  grid->parts_ = std::make_unique<Parts>();
  Parts& parts = *grid->parts_;
  parts.layout = layout;
  parts.options = options;
  parts.camera = camera;
  parts.tile_width = tile_width;
  parts.tile_height = tile_height;
  std::optional<OffscreenContext> context = OffscreenContext::create(error);
  if (!context) return nullptr;
  parts.context.emplace(std::move(*context));
  std::string caption_error;
  std::optional<gfx::OverlayPass> captions = gfx::OverlayPass::create(kCaptionPixels, caption_error);
  if (!captions) {
    error = "cannot draw the tiles' captions: " + caption_error;
    return nullptr;
  }
  parts.captions.emplace(std::move(*captions));
  OffscreenOptions tile_options = options;
  tile_options.width = tile_width;
  tile_options.height = tile_height;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    Tile& tile = *parts.tiles.emplace_back(std::make_unique<Tile>());
    std::optional<gfx::RenderTarget> target =
        gfx::RenderTarget::create(tile_width, tile_height, kOffscreenSamples, error);
    if (!target) return nullptr;
    tile.target.emplace(std::move(*target));
    const std::string source = clips[i].clip.source;
    if (static_cast<double>(clips[i].clip.motion.frame_count) * clips[i].clip.motion.frame_time >
        static_cast<double>(grid->longest_frames_) * grid->longest_frame_time_) {
      grid->longest_frames_ = clips[i].clip.motion.frame_count;
      grid->longest_frame_time_ = clips[i].clip.motion.frame_time;
    }
    std::vector<PreparedClip> own;
    own.push_back(std::move(clips[i]));
    tile.clips = OffscreenClips::create(std::move(own), tile_options, tile_width, tile_height, error);
    if (!tile.clips) return nullptr;
    tile.caption = i < layout.captions.size() && !layout.captions[i].empty()
                       ? layout.captions[i]
                       : std::filesystem::path(source).filename().string();
  }
  return grid;
}

void GridRenderer::draw(double seconds, std::vector<std::uint8_t>& rgba) {
  Parts& parts = *parts_;
  const auto width = static_cast<std::size_t>(parts.options.width);
  const auto height = static_cast<std::size_t>(parts.options.height);
  rgba.resize(width * height * 4);
  for (std::size_t p = 0; p < width * height; ++p) std::memcpy(rgba.data() + p * 4, kGap, 4);
  for (std::size_t i = 0; i < parts.tiles.size(); ++i) {
    Tile& tile = *parts.tiles[i];
    OffscreenClips& clips = *tile.clips;
    const ClipSlot& slot = *clips.clips().active();
    const Motion& motion = slot.clip().motion;
    const double last = static_cast<double>(std::max<std::size_t>(motion.frame_count, 1) - 1);
    const double frame = std::clamp(seconds / motion.frame_time, 0.0, last);
    if (parts.camera == VideoCamera::Orbit && parts.frames_drawn > 0) {  // one turn over the longest clip
      const double duration = static_cast<double>(longest_frames_) * longest_frame_time_;
      const double turn = duration > 0.0 ? seconds / duration : 0.0;
      clips.camera().yaw = tile.start_yaw + static_cast<float>(2.0 * std::numbers::pi * turn);
    }
    clips.pose_at(frame);
    const int w = parts.tile_width;
    const int h = parts.tile_height;
    tile.target->bind();
    gfx::clear_framebuffer(w, h, 0.125f, 0.133f, 0.149f);
    clips.draw();
    if (parts.frames_drawn == 0) {  // the first picture frames each clip; then the camera's way
      tile.start_yaw = clips.start_camera(parts.camera);
      clips.pose_at(frame);
      tile.target->bind();
      gfx::clear_framebuffer(w, h, 0.125f, 0.133f, 0.149f);
      clips.draw();
    }
    // The caption: its text on a dark band at the tile's top left.
    parts.caption.clear();
    parts.caption.text_pixels = kCaptionPixels;
    add_grid_caption(parts.caption, parts.captions->metrics(), tile.caption, glm::vec2(w, h));
    parts.captions->draw(parts.caption, gfx::Viewport{0, 0, w, h});
    tile.target->read_rgba_into(parts.tile_rgba);
    // Into the grid, reading order.
    const auto column = static_cast<std::size_t>(i) % static_cast<std::size_t>(parts.layout.columns);
    const auto row = static_cast<std::size_t>(i) / static_cast<std::size_t>(parts.layout.columns);
    const auto tile_row_bytes = static_cast<std::size_t>(w) * 4;
    for (std::size_t y = 0; y < static_cast<std::size_t>(h); ++y) {
      std::memcpy(
          rgba.data() + ((row * static_cast<std::size_t>(h) + y) * width + column * static_cast<std::size_t>(w)) * 4,
          parts.tile_rgba.data() + y * tile_row_bytes, tile_row_bytes);
    }
  }
  ++parts.frames_drawn;
  gfx::RenderTarget::bind_default();
}

bool render_grid_png(std::vector<PreparedClip> clips, const OffscreenOptions& options, const GridLayout& layout,
                     std::size_t frame_of_longest, const std::string& path, std::string& error) {
  std::unique_ptr<GridRenderer> grid =
      GridRenderer::create(std::move(clips), options, layout, VideoCamera::Fixed, error);
  if (!grid) return false;
  std::vector<std::uint8_t> rgba;
  grid->draw(static_cast<double>(frame_of_longest) * grid->longest_frame_time(), rgba);
  return video::write_png_file(path, options.width, options.height, rgba.data(), error);
}

bool render_grid_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const GridLayout& layout,
                       const VideoOptions& video, const std::string& path, std::string& error) {
  std::unique_ptr<GridRenderer> grid = GridRenderer::create(std::move(clips), options, layout, video.camera, error);
  if (!grid) return false;
  const std::optional<VideoTiming> timing =
      plan_video_timing(grid->longest_frames(), grid->longest_frame_time(), video.frames, video.fps, error);
  if (!timing) return false;
  std::unique_ptr<video::FrameSink> sink =
      open_video_output(path, options.width, options.height, *timing, video, error);
  if (!sink) return false;
  std::vector<std::uint8_t> rgba;
  return encode_frames(
      *sink, *timing, video,
      [&](std::size_t k) {
        grid->draw(timing->position(k) * grid->longest_frame_time(), rgba);
        return rgba.data();
      },
      error);
}

}  // namespace bvhscope::render
