#include "viewer/offscreen_render.hpp"

#include <algorithm>
#include <numbers>

#include "gfx/render_target.hpp"
#include "model/orbit_camera.hpp"
#include "render/clip_video.hpp"
#include "render/offscreen_context.hpp"
#include "viewer/imgui_session.hpp"
#include "viewer/settings.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

constexpr int kSamples = 4;
// Frames of UI built before the one captured, so ImGui has measured every window.
constexpr int kUiWarmupFrames = 3;
// What the frame is cleared to before the scene's background covers it.
constexpr float kClearColor[3] = {0.125f, 0.133f, 0.149f};

// The viewer settings an offscreen render uses: the defaults (not the user's file: the same command
// gives the same image) with the display choices of `options`.
Settings offscreen_settings(const OffscreenOptions& options) {
  Settings settings;  // the defaults, not the user's file: the same command gives the same image
  settings.solid_style = options.solid;
  settings.show_grid = options.grid;
  settings.show_shadow = options.shadow;
  settings.show_joints = options.joints;
  settings.show_axes = options.axes;
  settings.show_trajectory = options.trajectory;
  return settings;
}

}  // namespace

struct OffscreenViewer::Parts {
  // Made in this order, destroyed in reverse: the context outlives every GL object.
  std::optional<render::OffscreenContext> context;
  std::optional<gfx::RenderTarget> target;
  std::optional<Viewer> viewer;
  std::optional<ImGuiSession> imgui;
};

OffscreenViewer::OffscreenViewer(const OffscreenOptions& options)
    : options_(options), parts_(std::make_unique<Parts>()) {}

Viewer& OffscreenViewer::viewer() noexcept { return *parts_->viewer; }
const Viewer& OffscreenViewer::viewer() const noexcept { return *parts_->viewer; }

std::unique_ptr<OffscreenViewer> OffscreenViewer::create(std::vector<PreparedClip> clips,
                                                         const OffscreenOptions& options, std::string& error) {
  if (clips.empty()) {
    error = "no clip to render";
    return nullptr;
  }
  std::unique_ptr<OffscreenViewer> made(new OffscreenViewer(options));
  std::optional<render::OffscreenContext> context = render::OffscreenContext::create(error);
  if (!context) return nullptr;
  made->parts_->context.emplace(std::move(*context));
  std::optional<gfx::RenderTarget> target = gfx::RenderTarget::create(options.width, options.height, kSamples, error);
  if (!target) return nullptr;
  made->parts_->target.emplace(std::move(*target));
  std::optional<gfx::SceneRenderer> renderer = gfx::SceneRenderer::create(error);
  if (!renderer) return nullptr;

  Viewer& viewer = made->parts_->viewer.emplace(std::move(*renderer), offscreen_settings(options), 1.0f);
  viewer.set_clip(std::move(clips.front()));
  for (std::size_t i = 1; i < clips.size(); ++i) viewer.add_clip(std::move(clips[i]));
  clips.clear();
  ViewerState& state = viewer.state();
  state.clock().pause();
  state.inspection.trail = options.trail;
  state.inspection.labels = static_cast<LabelMode>(std::clamp(options.labels, 0, 2));
  if (options.compare) {  // measured before the first frame is drawn
    state.comparison.start(state.clips[0].id, *options.compare);
    state.comparison.update(state.clips);
    state.comparison.wait_idle(state.clips);
    viewer.poll_background(0.0);  // ghosts leave the scene's bounds: the view frames the rest
  }
  if (!options.select.empty() && !viewer.select_joint_named(options.select, error)) return nullptr;
  // Headless: the OpenGL3 backend alone, fed what the GLFW one would feed for a window.
  made->parts_->imgui.emplace(1.0f);
  return made;
}

OffscreenViewer::~OffscreenViewer() {
  if (parts_ && parts_->context) gfx::RenderTarget::bind_default();
}

void OffscreenViewer::draw_frame(double active_frame) {
  Viewer& viewer = *parts_->viewer;
  ViewerState& state = viewer.state();
  // Positions count frames of the active (last) clip.
  state.clock().seek(state.clips.clock_position_for(*state.active_slot(), active_frame));
  const int w = options_.width;
  const int h = options_.height;
  const int frames = frames_drawn_ == 0 ? kUiWarmupFrames + 1 : 1;
  for (int frame = 0; frame < frames; ++frame) {
    ImGuiSession::begin_headless_frame(static_cast<float>(w), static_cast<float>(h), 1.0f / 60.0f);
    viewer.build_ui();
    viewer.advance(0.0);
    viewer.draw_view_overlay();
    ImGuiSession::end_frame();
    parts_->target->bind();
    gfx::clear_framebuffer(w, h, kClearColor[0], kClearColor[1], kClearColor[2]);
    viewer.render(w, h, static_cast<float>(w), static_cast<float>(h));
    ImGuiSession::render_draw_data();
  }
  ++frames_drawn_;
}

void OffscreenViewer::read_pixels(std::vector<std::uint8_t>& rgba) const { parts_->target->read_rgba_into(rgba); }

std::optional<OffscreenImage> render_ui_still(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                              std::string& error) {
  std::unique_ptr<OffscreenViewer> offscreen = OffscreenViewer::create(std::move(clips), options, error);
  if (!offscreen) return std::nullopt;
  offscreen->draw_frame(static_cast<double>(options.frame));
  const Viewer& viewer = offscreen->viewer();
  OffscreenImage image;
  image.width = options.width;
  image.height = options.height;
  offscreen->read_pixels(image.rgba);
  const Rect& view = viewer.layout().view;
  const glm::mat4 view_projection = viewer.view_projection();
  const ClipSlot& active = *viewer.state().active_slot();
  for (const glm::mat4& world : active.pose.world) {
    const glm::vec3 p = project_to_pixels(view_projection, active.placement.apply(glm::vec3(world[3])),
                                          glm::vec2(view.width, view.height));
    image.joint_pixels.emplace_back(p.x + view.x, p.y + view.y);
  }
  for (const ClipSlot& slot : viewer.state().clips) {
    if (!slot.detail.full()) image.notices.push_back({slot.clip().source, draw_detail_notice(slot.detail)});
  }
  return image;
}

bool render_ui_video(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                     const render::VideoOptions& video, const std::string& path, std::string& error) {
  std::optional<render::OpenedClipVideo> opened = render::open_clip_video(clips, options, video, path, error);
  if (!opened) return false;
  const VideoTiming& timing = opened->timing;
  std::unique_ptr<OffscreenViewer> offscreen = OffscreenViewer::create(std::move(clips), options, error);
  if (!offscreen) return false;
  offscreen->draw_frame(timing.position(0));
  Viewer& viewer = offscreen->viewer();
  Actions start;  // framed as a still is, then the camera's way
  if (video.camera == render::VideoCamera::Fixed) {
    start.frame_all = true;
  } else {
    start.follow = true;
  }
  viewer.apply(start);
  const float start_yaw = viewer.state().camera.yaw;
  std::vector<std::uint8_t> rgba;
  return render::encode_frames(
      *opened->sink, timing, video,
      [&](std::size_t k) {
        if (video.camera == render::VideoCamera::Orbit) {  // one whole turn over the video
          const double turn = static_cast<double>(k) / static_cast<double>(timing.frame_count);
          viewer.state().camera.yaw = start_yaw + static_cast<float>(2.0 * std::numbers::pi * turn);
        }
        offscreen->draw_frame(timing.position(k));
        offscreen->read_pixels(rgba);
        return rgba.data();
      },
      error);
}

}  // namespace bvhscope::viewer
