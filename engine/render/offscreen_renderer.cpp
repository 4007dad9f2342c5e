#include "render/offscreen_renderer.hpp"

#include "gfx/render_target.hpp"
#include "render/offscreen_context.hpp"
#include "render/patched_frame.hpp"

namespace bvhscope::render {
namespace {

// What the frame is cleared to before the scene's background covers it.
constexpr float kClearColor[3] = {0.125f, 0.133f, 0.149f};

}  // namespace

struct OffscreenRenderer::Parts {
  // Made in this order, destroyed in reverse: the context outlives every GL object. With a session,
  // the context is the session's, and the targets and the clips' shaders go back to it.
  OffscreenSession* session = nullptr;
  std::optional<OffscreenContext> context;
  std::optional<gfx::RenderTarget> target;
  std::unique_ptr<OffscreenClips> clips;
  // draw_video_frame's: the frame over its backdrop, the changed rectangle read back, a whole
  // frame read back, and the view of the last frame (the backdrop holds while it stays).
  PatchedFrame patched;
  std::optional<gfx::RenderTarget> ground;  // the ground alone, multisampled, copied under each frame
  std::vector<std::uint8_t> rect_pixels;
  std::vector<std::uint8_t> whole_pixels;
  std::optional<glm::mat4> last_view_projection;
  std::optional<PixelRect> redrawn;
  std::vector<video::FrameRegion> changed_regions;  // write_video_frame's, kept to spare an allocation a frame
};

OffscreenRenderer::OffscreenRenderer(const OffscreenOptions& options)
    : options_(options), parts_(std::make_unique<Parts>()) {}

OffscreenRenderer::~OffscreenRenderer() {
  if (!parts_) return;
  Parts& parts = *parts_;
  if (parts.context || parts.session != nullptr) gfx::RenderTarget::bind_default();
  if (parts.session == nullptr) return;
  if (parts.clips) parts.session->give_back(std::move(*parts.clips).take_renderer());
  parts.clips.reset();
  if (parts.ground) parts.session->give_back(std::move(*parts.ground), kOffscreenSamples);
  if (parts.target) parts.session->give_back(std::move(*parts.target), kOffscreenSamples);
}

// A target for this renderer: the session's, or a new one.
std::optional<gfx::RenderTarget> OffscreenRenderer::make_target(std::string& error) const {
  OffscreenSession* session = parts_->session;
  return session != nullptr ? session->take_target(options_.width, options_.height, kOffscreenSamples, error)
                            : gfx::RenderTarget::create(options_.width, options_.height, kOffscreenSamples, error);
}

OffscreenClips& OffscreenRenderer::clips() noexcept { return *parts_->clips; }

std::unique_ptr<OffscreenRenderer> OffscreenRenderer::create(std::vector<PreparedClip> clips,
                                                             const OffscreenOptions& options, std::string& error,
                                                             OffscreenSession* session) {
  if (clips.empty()) {
    error = "no clip to render";
    return nullptr;
  }
  std::unique_ptr<OffscreenRenderer> made(new OffscreenRenderer(options));
  Parts& parts = *made->parts_;
  if (session != nullptr) {
    if (!session->ensure_context(error)) return nullptr;
    parts.session = session;
  } else {
    std::optional<OffscreenContext> context = OffscreenContext::create(error);
    if (!context) return nullptr;
    parts.context.emplace(std::move(*context));
  }
  std::optional<gfx::RenderTarget> target = made->make_target(error);
  if (!target) return nullptr;
  parts.target.emplace(std::move(*target));
  parts.clips = OffscreenClips::create(std::move(clips), options, options.width, options.height, error, session);
  if (!parts.clips) return nullptr;
  return made;
}

void OffscreenRenderer::draw_frame(double active_frame) {
  Parts& parts = *parts_;
  parts.clips->pose_at(active_frame);
  parts.target->bind();
  gfx::clear_framebuffer(options_.width, options_.height, kClearColor[0], kClearColor[1], kClearColor[2]);
  parts.clips->draw();
}

void OffscreenRenderer::frame_at(double active_frame) {
  parts_->clips->pose_at(active_frame);
  static_cast<void>(parts_->clips->view());  // the first view frames the clips
}

void OffscreenRenderer::read_pixels(std::vector<std::uint8_t>& rgba) const { parts_->target->read_rgba_into(rgba); }

const std::vector<std::uint8_t>& OffscreenRenderer::draw_video_frame(double active_frame) {
  Parts& parts = *parts_;
  parts.redrawn.reset();
  OffscreenClips& clips = *parts.clips;
  clips.pose_at(active_frame);
  const int w = options_.width;
  const int h = options_.height;
  const gfx::SceneView view = clips.view();
  const glm::mat4 view_projection = view.projection * view.view;
  const std::optional<gfx::Viewport> region = clips.figure_region();
  // The backdrop holds while the camera stays; a frame whose figures reach the camera's plane
  // (no rectangle) is drawn whole without dropping it. A still camera's first frame draws the
  // backdrop at once, rather than a whole frame and then the backdrop at the second.
  const bool first = !parts.last_view_projection.has_value();
  const bool same_view = parts.last_view_projection == view_projection;
  if (!same_view) parts.patched.clear();
  const bool still = region && (same_view || (first && !clips.camera_follows()));
  parts.last_view_projection = view_projection;
  const gfx::RenderTarget& target = *parts.target;
  if (!still) {  // the first frame, a moving camera: the whole frame
    target.bind();
    gfx::clear_framebuffer(w, h, kClearColor[0], kClearColor[1], kClearColor[2]);
    clips.draw();
    target.read_rgba_into(parts.whole_pixels);
    return parts.whole_pixels;
  }
  if (!parts.patched.has_backdrop()) {
    if (!parts.ground) {
      std::string error;  // the same size and samples as the target: it can be made
      parts.ground = make_target(error);
    }
    if (parts.ground) {
      parts.ground->bind();
      gfx::clear_framebuffer(w, h, kClearColor[0], kClearColor[1], kClearColor[2]);
      clips.draw_ground();
    }
    target.bind();
    gfx::clear_framebuffer(w, h, kClearColor[0], kClearColor[1], kClearColor[2]);
    clips.draw_backdrop();
    target.read_rgba_into(parts.whole_pixels);
    parts.patched.set_backdrop(w, h, parts.whole_pixels);
  }
  const PixelRect rect{region->x, region->y, region->width, region->height};
  parts.redrawn = rect;
  if (!rect.empty()) {
    if (parts.ground) {  // the ground copied, the rest drawn over it
      target.copy_rect_from(*parts.ground, rect.x, rect.y, rect.width, rect.height);
      target.bind();
      clips.draw(region, true);
    } else {
      target.bind();
      gfx::clear_framebuffer_rect(rect.x, rect.y, rect.width, rect.height, kClearColor[0], kClearColor[1],
                                  kClearColor[2]);
      clips.draw(region);
    }
    target.read_rgba_rect_into(rect.x, rect.y, rect.width, rect.height, parts.rect_pixels);
  }
  parts.patched.paste(rect, parts.rect_pixels.data());
  return parts.patched.pixels();
}

bool OffscreenRenderer::write_video_frame(double active_frame, video::FrameSink& sink, std::string& error) {
  const std::vector<std::uint8_t>& frame = draw_video_frame(active_frame);
  PatchedFrame& patched = parts_->patched;
  if (!parts_->redrawn) {  // a whole frame: the sink's buffers no longer hold backdrop-based frames
    patched.forget_slots();
    return sink.write(frame.data(), error);
  }
  const auto fill = [&patched](std::uint8_t* buffer, std::size_t slot) { patched.write_into(buffer, slot); };
  const std::optional<std::array<PixelRect, 2>>& change = patched.last_change();
  if (!change) return sink.write_filled(fill, error);
  // Where this frame differs from the one written before it, rows counted from the top.
  std::vector<video::FrameRegion>& regions = parts_->changed_regions;
  regions.clear();
  for (const PixelRect& rect : *change) {
    if (!rect.empty()) regions.push_back({rect.x, options_.height - (rect.y + rect.height), rect.width, rect.height});
  }
  return sink.write_changed(fill, regions, error);
}

std::optional<PixelRect> OffscreenRenderer::video_redrawn() const noexcept { return parts_->redrawn; }

std::optional<OffscreenImage> render_still(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                           std::string& error, OffscreenSession* session) {
  std::unique_ptr<OffscreenRenderer> renderer = OffscreenRenderer::create(std::move(clips), options, error, session);
  if (!renderer) return std::nullopt;
  renderer->draw_frame(static_cast<double>(options.frame));
  OffscreenImage image;
  image.width = options.width;
  image.height = options.height;
  renderer->read_pixels(image.rgba);
  image.joint_pixels = renderer->clips().active_joint_pixels();
  image.notices = renderer->clips().detail_notices();
  return image;
}

}  // namespace bvhscope::render
