#include "viewer/offscreen_render.hpp"

#include <algorithm>
#include <cmath>

#include "gfx/render_target.hpp"
#include "io/atomic_file.hpp"
#include "model/draw_detail.hpp"
#include "model/orbit_camera.hpp"
#include "render/offscreen_context.hpp"
#include "render/patched_frame.hpp"
#include "viewer/imgui_session.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

constexpr int kSamples = 4;
// Frames of UI built before the one captured, so ImGui has measured every window.
constexpr int kUiWarmupFrames = 3;

// What the frame is cleared to before the scene's background covers it.
constexpr float kClearColor[3] = {0.125f, 0.133f, 0.149f};

void draw(Viewer& viewer, const gfx::RenderTarget& target, bool ui) {
  const int w = target.width();
  const int h = target.height();
  target.bind();
  gfx::clear_framebuffer(w, h, kClearColor[0], kClearColor[1], kClearColor[2]);
  viewer.render(w, h, static_cast<float>(w), static_cast<float>(h));
  if (ui) ImGuiSession::render_draw_data();
}

// The clip again strip - 1 times (its motion table shared, not copied) for a filmstrip's poses.
void add_strip_copies(std::vector<PreparedClip>& clips, int strip) {
  clips.reserve(static_cast<std::size_t>(strip));  // `original` stays where it is
  const PreparedClip& original = clips.front();
  for (int i = 1; i < strip; ++i) clips.push_back(share_prepared_clip(original));
}

// The strip's poses: copy i shows frame first + i (last - first) / (n - 1) at the same moment,
// all where the first stands, in its colour, older ones fainter (the newest, the active clip, opaque).
void arrange_strip(Viewer& viewer, const OffscreenOptions& options) {
  ClipSet& clips = viewer.state().clips;
  const std::size_t n = clips.size();
  const Motion& motion = clips[0].clip().motion;
  const std::size_t end = motion.frame_count > 0 ? motion.frame_count - 1 : 0;
  const double first = static_cast<double>(std::min(options.strip_first, end));
  const double last = static_cast<double>(std::min(options.strip_last, end));
  const glm::vec3 place = clips[0].side_offset;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 1.0;
    const double frame = std::round(first + (last - first) * t);
    clips.set_time_offset(static_cast<int>(i), -frame * motion.frame_time);
    clips.set_side_offset(static_cast<int>(i), place);
    clips[i].color_index = clips[0].color_index;
    clips[i].opacity = static_cast<float>(0.22 + 0.78 * t * t);
  }
  viewer.poll_background(0.0);  // the scene placed again
}

}  // namespace

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

std::optional<OffscreenImage> render_offscreen(PreparedClip clip, const OffscreenOptions& options, std::string& error) {
  std::vector<PreparedClip> clips;
  clips.push_back(std::move(clip));
  return render_offscreen(std::move(clips), options, error);
}

struct OffscreenViewer::Parts {
  // Made in this order, destroyed in reverse: the context outlives every GL object.
  std::optional<render::OffscreenContext> context;
  std::optional<gfx::RenderTarget> target;
  std::optional<Viewer> viewer;
  std::optional<ImGuiSession> imgui;
  // draw_video_frame's: the frame over its backdrop, the changed rectangle read back, a whole
  // frame read back, and the view of the last frame (the backdrop holds while it stays).
  render::PatchedFrame patched;
  std::optional<gfx::RenderTarget> ground;  // the ground alone, multisampled, copied under each frame
  std::vector<std::uint8_t> rect_pixels;
  std::vector<std::uint8_t> whole_pixels;
  std::optional<glm::mat4> last_view_projection;
  std::optional<PixelRect> redrawn;
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

  if (options.strip >= 2 && clips.size() == 1) add_strip_copies(clips, options.strip);
  Viewer& viewer = made->parts_->viewer.emplace(std::move(*renderer), offscreen_settings(options), 1.0f);
  viewer.set_clip(std::move(clips.front()));
  for (std::size_t i = 1; i < clips.size(); ++i) viewer.add_clip(std::move(clips[i]));
  clips.clear();
  ViewerState& state = viewer.state();
  state.clock().pause();
  if (options.strip >= 2) arrange_strip(viewer, options);
  state.inspection.trail = options.trail;
  state.inspection.labels = static_cast<LabelMode>(std::clamp(options.labels, 0, 2));
  if (options.compare) {  // measured before the first frame is drawn
    state.comparison.start(state.clips[0].id, *options.compare);
    state.comparison.update(state.clips);
    state.comparison.wait_idle(state.clips);
    viewer.poll_background(0.0);  // ghosts leave the scene's bounds: the view frames the rest
  }
  if (!options.select.empty() && !viewer.select_joint_named(options.select, error)) return nullptr;
  if (options.ui) {
    // Headless: the OpenGL3 backend alone, fed what the GLFW one would feed for a window.
    made->parts_->imgui.emplace(1.0f);
  } else {
    viewer.use_full_view(static_cast<float>(options.width), static_cast<float>(options.height));
  }
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
  if (parts_->imgui) {
    // The first frame builds the UI a few times, so that ImGui has measured every window.
    const int frames = frames_drawn_ == 0 ? kUiWarmupFrames + 1 : 1;
    for (int frame = 0; frame < frames; ++frame) {
      ImGuiSession::begin_headless_frame(static_cast<float>(options_.width), static_cast<float>(options_.height),
                                         1.0f / 60.0f);
      viewer.build_ui();
      viewer.advance(0.0);
      viewer.draw_view_overlay();
      ImGuiSession::end_frame();
      draw(viewer, *parts_->target, true);
    }
  } else {
    viewer.advance(0.0);
    draw(viewer, *parts_->target, false);
  }
  ++frames_drawn_;
}

void OffscreenViewer::read_pixels(std::vector<std::uint8_t>& rgba) const { parts_->target->read_rgba_into(rgba); }

const std::vector<std::uint8_t>& OffscreenViewer::draw_video_frame(double active_frame) {
  Parts& parts = *parts_;
  parts.redrawn.reset();
  if (parts.imgui) {
    draw_frame(active_frame);
    read_pixels(parts.whole_pixels);
    return parts.whole_pixels;
  }
  Viewer& viewer = *parts.viewer;
  ViewerState& state = viewer.state();
  state.clock().seek(state.clips.clock_position_for(*state.active_slot(), active_frame));
  viewer.advance(0.0);
  const int w = options_.width;
  const int h = options_.height;
  const gfx::SceneView view = viewer.scene_view(w, h, static_cast<float>(w), static_cast<float>(h));
  const glm::mat4 view_projection = view.projection * view.view;
  const std::optional<gfx::Viewport> region = viewer.figure_region(view);
  // The backdrop holds while the camera stays; a frame whose figures reach the camera's plane
  // (no rectangle) is drawn whole without dropping it.
  const bool same_view = parts.last_view_projection == view_projection;
  if (!same_view) parts.patched.clear();
  const bool still = region && same_view;
  parts.last_view_projection = view_projection;
  ++frames_drawn_;
  const gfx::RenderTarget& target = *parts.target;
  if (!still) {  // the first frame, a moving camera: the whole frame
    draw(viewer, target, false);
    target.read_rgba_into(parts.whole_pixels);
    return parts.whole_pixels;
  }
  if (!parts.patched.has_backdrop()) {
    if (!parts.ground) {
      std::string error;  // the same size and samples as the target: it can be made
      parts.ground = gfx::RenderTarget::create(w, h, target.samples(), error);
    }
    if (parts.ground) {
      parts.ground->bind();
      gfx::clear_framebuffer(w, h, kClearColor[0], kClearColor[1], kClearColor[2]);
      viewer.render_ground(w, h, static_cast<float>(w), static_cast<float>(h));
    }
    target.bind();
    gfx::clear_framebuffer(w, h, kClearColor[0], kClearColor[1], kClearColor[2]);
    viewer.render_backdrop(w, h, static_cast<float>(w), static_cast<float>(h));
    target.read_rgba_into(parts.whole_pixels);
    parts.patched.set_backdrop(w, h, parts.whole_pixels);
  }
  const PixelRect rect{region->x, region->y, region->width, region->height};
  parts.redrawn = rect;
  if (!rect.empty()) {
    if (parts.ground) {  // the ground copied, the rest drawn over it
      target.copy_rect_from(*parts.ground, rect.x, rect.y, rect.width, rect.height);
      target.bind();
      viewer.render(w, h, static_cast<float>(w), static_cast<float>(h), region, Viewer::SceneLayers::OverGround);
    } else {
      target.bind();
      gfx::clear_framebuffer_rect(rect.x, rect.y, rect.width, rect.height, kClearColor[0], kClearColor[1],
                                  kClearColor[2]);
      viewer.render(w, h, static_cast<float>(w), static_cast<float>(h), region);
    }
    target.read_rgba_rect_into(rect.x, rect.y, rect.width, rect.height, parts.rect_pixels);
  }
  parts.patched.paste(rect, parts.rect_pixels.data());
  return parts.patched.pixels();
}

bool OffscreenViewer::write_video_frame(double active_frame, video::FrameSink& sink, std::string& error) {
  const std::vector<std::uint8_t>& frame = draw_video_frame(active_frame);
  render::PatchedFrame& patched = parts_->patched;
  if (!parts_->redrawn) {  // a whole frame: the sink's buffers no longer hold backdrop-based frames
    patched.forget_slots();
    return sink.write(frame.data(), error);
  }
  return sink.write_filled([&patched](std::uint8_t* buffer, std::size_t slot) { patched.write_into(buffer, slot); },
                           error);
}

std::optional<PixelRect> OffscreenViewer::video_redrawn() const noexcept { return parts_->redrawn; }

std::optional<OffscreenImage> render_offscreen(std::vector<PreparedClip> clips, const OffscreenOptions& options,
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

bool write_png(const OffscreenImage& image, const std::string& path, std::string& error) {
  return write_png_file(path, image.width, image.height, image.rgba.data(), error);
}

}  // namespace bvhscope::viewer
