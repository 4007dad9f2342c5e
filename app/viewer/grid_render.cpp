#include "viewer/grid_render.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <numbers>
#include <optional>

#include <imgui.h>

#include "anim/video_timing.hpp"
#include "gfx/render_target.hpp"
#include "model/overlay_labels.hpp"
#include "render/offscreen_context.hpp"
#include "viewer/imgui_overlay.hpp"
#include "viewer/imgui_session.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

constexpr int kSamples = 4;
constexpr int kMinTile = 16;
constexpr std::uint8_t kGap[4] = {32, 34, 38, 255};  // the background between tiles

struct Tile {
  std::optional<gfx::RenderTarget> target;
  std::optional<Viewer> viewer;
  std::string caption;
  float start_yaw = 0.0f;
};

}  // namespace

struct GridRenderer::Parts {
  // Made in this order, destroyed in reverse: the context outlives every GL object.
  std::optional<render::OffscreenContext> context;
  std::optional<ImGuiSession> imgui;         // captions (headless: no input)
  std::vector<std::unique_ptr<Tile>> tiles;  // a viewer cannot move
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
  std::optional<render::OffscreenContext> context = render::OffscreenContext::create(error);
  if (!context) return nullptr;
  parts.context.emplace(std::move(*context));
  parts.imgui.emplace(1.0f);
  for (std::size_t i = 0; i < clips.size(); ++i) {
    Tile& tile = *parts.tiles.emplace_back(std::make_unique<Tile>());
    std::optional<gfx::RenderTarget> target = gfx::RenderTarget::create(tile_width, tile_height, kSamples, error);
    if (!target) return nullptr;
    tile.target.emplace(std::move(*target));
    std::optional<gfx::SceneRenderer> renderer = gfx::SceneRenderer::create(error);
    if (!renderer) return nullptr;
    const std::string source = clips[i].clip.source;
    if (static_cast<double>(clips[i].clip.motion.frame_count) * clips[i].clip.motion.frame_time >
        static_cast<double>(grid->longest_frames_) * grid->longest_frame_time_) {
      grid->longest_frames_ = clips[i].clip.motion.frame_count;
      grid->longest_frame_time_ = clips[i].clip.motion.frame_time;
    }
    Viewer& viewer = tile.viewer.emplace(std::move(*renderer), offscreen_settings(options), 1.0f);
    viewer.set_clip(std::move(clips[i]));
    viewer.use_full_view(static_cast<float>(tile_width), static_cast<float>(tile_height));
    ViewerState& state = viewer.state();
    state.clock().pause();
    state.clip_end = ClipEnd::Hold;
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
    Viewer& viewer = *tile.viewer;
    ViewerState& state = viewer.state();
    const ClipSlot& slot = *state.active_slot();
    const Motion& motion = slot.clip().motion;
    const double last = static_cast<double>(std::max<std::size_t>(motion.frame_count, 1) - 1);
    const double frame = std::clamp(seconds / motion.frame_time, 0.0, last);
    state.clock().seek(state.clips.clock_position_for(slot, frame));
    if (parts.camera == VideoCamera::Orbit && parts.frames_drawn > 0) {  // one turn over the longest clip
      const double duration = static_cast<double>(longest_frames_) * longest_frame_time_;
      const double turn = duration > 0.0 ? seconds / duration : 0.0;
      state.camera.yaw = tile.start_yaw + static_cast<float>(2.0 * std::numbers::pi * turn);
    }
    viewer.advance(0.0);
    const int w = parts.tile_width;
    const int h = parts.tile_height;
    tile.target->bind();
    gfx::clear_framebuffer(w, h, 0.125f, 0.133f, 0.149f);
    viewer.render(w, h, static_cast<float>(w), static_cast<float>(h));
    if (parts.frames_drawn == 0) {  // the first picture frames each clip; then the camera's way
      tile.start_yaw = start_video_camera(viewer, parts.camera);
      viewer.advance(0.0);
      tile.target->bind();
      gfx::clear_framebuffer(w, h, 0.125f, 0.133f, 0.149f);
      viewer.render(w, h, static_cast<float>(w), static_cast<float>(h));
    }
    // The caption: its text on a dark band at the tile's top left.
    ImGuiSession::begin_headless_frame(static_cast<float>(w), static_cast<float>(h), 1.0f / 60.0f);
    parts.caption.clear();
    add_grid_caption(parts.caption, ImGuiTextMetrics(), tile.caption, glm::vec2(w, h));
    draw_overlay_imgui(parts.caption, ImGui::GetForegroundDrawList());
    ImGuiSession::end_frame();
    tile.target->bind();
    ImGuiSession::render_draw_data();
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
  return write_png_file(path, options.width, options.height, rgba.data(), error);
}

bool render_grid_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const GridLayout& layout,
                       const VideoOptions& video, const std::string& path, std::string& error) {
  std::unique_ptr<GridRenderer> grid = GridRenderer::create(std::move(clips), options, layout, video.camera, error);
  if (!grid) return false;
  const std::optional<VideoTiming> timing =
      plan_video_timing(grid->longest_frames(), grid->longest_frame_time(), video.frames, video.fps, error);
  if (!timing) return false;
  std::unique_ptr<video::FrameSink> sink =
      render::open_video_output(path, options.width, options.height, *timing, video, error);
  if (!sink) return false;
  std::vector<std::uint8_t> rgba;
  return render::encode_frames(
      *sink, *timing, video,
      [&](std::size_t k) {
        grid->draw(timing->position(k) * grid->longest_frame_time(), rgba);
        return rgba.data();
      },
      error);
}

}  // namespace bvhscope::viewer
