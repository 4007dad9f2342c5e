#include "render/offscreen_clips.hpp"

#include <algorithm>
#include <cmath>

#include "model/draw_detail.hpp"
#include "model/orbit_camera.hpp"

namespace bvhscope::render {

OffscreenClips::OffscreenClips(gfx::SceneRenderer renderer, const OffscreenOptions& options, int width, int height)
    : scene_(std::move(renderer)), width_(width), height_(height) {
  display_.solid = options.solid;
  display_.grid = options.grid;
  display_.shadow = options.shadow;
  display_.joints = options.joints;
  display_.axes = options.axes;
  display_.trajectory = options.trajectory;
  inspection_.trail = options.trail;
  inspection_.labels = static_cast<LabelMode>(std::clamp(options.labels, 0, 2));
}

std::unique_ptr<OffscreenClips> OffscreenClips::create(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                                       int width, int height, std::string& error,
                                                       OffscreenSession* session) {
  if (clips.empty()) {
    error = "no clip to render";
    return nullptr;
  }
  std::optional<gfx::SceneRenderer> renderer =
      session != nullptr ? session->take_renderer(error) : gfx::SceneRenderer::create(error);
  if (!renderer) return nullptr;
  if (options.strip >= 2 && clips.size() == 1) {  // the clip again (its motion table shared, not copied)
    clips.reserve(static_cast<std::size_t>(options.strip));
    for (int i = 1; i < options.strip; ++i) clips.push_back(share_prepared_clip(clips.front()));
  }
  std::unique_ptr<OffscreenClips> made(new OffscreenClips(std::move(*renderer), options, width, height));
  ClipSet& set = made->clips_;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    set.add_ready(std::move(clips[i]), i == 0);
    made->sync();
  }
  clips.clear();
  set.clock().pause();
  if (options.strip >= 2) made->arrange_strip(options);
  if (options.compare) {  // measured before the first picture: ghosts leave the scene's bounds
    made->comparison_.start(set[0].id, *options.compare);
    made->comparison_.update(set);
    made->comparison_.wait_idle(set);
    made->sync();
  }
  if (!options.select.empty()) {
    const std::optional<int> joint = find_joint_named(*set.active(), options.select, error);
    if (!joint) return nullptr;
    set.select(set.active_index(), *joint);
    made->sync();
  }
  return made;
}

void OffscreenClips::sync() {
  // Added clips ask for nothing and nobody reads their notices: dropped so they do not pile up.
  (void)clips_.take_requests();
  (void)clips_.take_cancels();
  (void)clips_.take_notices();
  bool changed = clips_.revision() != revision_;
  revision_ = clips_.revision();
  changed = scene_.ghosts_changed(clips_, comparison_) || changed;
  if (changed && !clips_.empty()) scene_.rebuild(clips_, comparison_, display_);
  scene_.pose(clips_, comparison_, timing_);
}

// The strip's poses: copy i shows frame first + i (last - first) / (n - 1) at the same moment,
// all where the first stands, in its colour, older ones fainter (the newest, the active clip, opaque).
void OffscreenClips::arrange_strip(const OffscreenOptions& options) {
  const std::size_t n = clips_.size();
  const Motion& motion = clips_[0].clip().motion;
  const std::size_t end = motion.frame_count > 0 ? motion.frame_count - 1 : 0;
  const double first = static_cast<double>(std::min(options.strip_first, end));
  const double last = static_cast<double>(std::min(options.strip_last, end));
  const glm::vec3 place = clips_[0].side_offset;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 1.0;
    const double frame = std::round(first + (last - first) * t);
    clips_.set_time_offset(static_cast<int>(i), -frame * motion.frame_time);
    clips_.set_side_offset(static_cast<int>(i), place);
    clips_[i].color_index = clips_[0].color_index;
    clips_[i].opacity = static_cast<float>(0.22 + 0.78 * t * t);
  }
  sync();
}

float OffscreenClips::aspect() const noexcept {
  return height_ > 0 ? static_cast<float>(width_) / static_cast<float>(height_) : 1.0f;
}

void OffscreenClips::frame(const Bounds& bounds, bool reset) {
  if (reset) {
    camera_.reset(bounds, aspect());
  } else {
    camera_.frame(bounds, aspect());
  }
  framed_camera_ = camera_;
}

void OffscreenClips::update_follow() {
  const ClipSlot* slot = clips_.active();
  if (!follow_ || slot == nullptr || slot->clip().skeleton.roots.empty()) return;
  if (slot->selected >= 0) {
    camera_.target = scene_.placed_joint(clips_, *slot, slot->selected);
    return;
  }
  const glm::vec3 root = scene_.placed_joint(clips_, *slot, slot->clip().skeleton.roots.front());
  camera_.target = glm::vec3(root.x, follow_height_, root.z);
}

void OffscreenClips::pose_at(double active_frame) {
  clips_.clock().seek(clips_.clock_position_for(*clips_.active(), active_frame));
  clips_.clock().advance(0.0);
  scene_.pose(clips_, comparison_, timing_);
  update_follow();
  // A camera still where the last framing put it frames the figures again when they leave the view.
  if (framed_ && !follow_ && framed_camera_ && same_view(camera_, *framed_camera_) &&
      scene_.figures_leave_view(clips_, comparison_, camera_.projection(aspect()) * camera_.view())) {
    frame(scene_.first_view_bounds(clips_, comparison_), false);
    follow_height_ = camera_.target.y;
  }
  scene_.update_trail(clips_, inspection_);
}

gfx::SceneView OffscreenClips::view() {
  if (!framed_ && !scene_.bounds().empty()) {  // the first picture frames the clips as a new view does
    frame(scene_.first_view_bounds(clips_, comparison_), true);
    follow_height_ = camera_.target.y;
    framed_ = true;
  }
  gfx::SceneView view;
  view.viewport = gfx::Viewport{0, 0, std::max(width_, 1), std::max(height_, 1)};
  view.view = camera_.view();
  view.projection = camera_.projection(aspect());
  view.eye = camera_.eye();
  return view;
}

gfx::SceneStyle OffscreenClips::style() const { return ClipScene::style(clips_, display_, inspection_, 1.0f); }

void OffscreenClips::draw(std::optional<gfx::Viewport> region, bool over_ground) {
  gfx::SceneView scene_view = view();
  scene_view.region = region;
  scene_.update_looks(clips_, comparison_, HoveredJoints{});
  scene_.draw(scene_view, style(), clips_, over_ground);
}

void OffscreenClips::draw_ground(std::optional<gfx::Viewport> region) {
  gfx::SceneView scene_view = view();
  scene_view.region = region;
  scene_.draw_ground(scene_view, style());
}

void OffscreenClips::draw_backdrop() { scene_.draw_backdrop(view(), style()); }

std::optional<gfx::Viewport> OffscreenClips::figure_region() { return scene_.figure_region(view(), style(), clips_); }

float OffscreenClips::start_camera(VideoCamera camera) {
  if (camera == VideoCamera::Fixed) {
    if (!scene_.bounds().empty()) frame(scene_.bounds(), false);
  } else {
    follow_ = true;
    follow_height_ = camera_.target.y;
    update_follow();
  }
  return camera_.yaw;
}

std::vector<std::pair<float, float>> OffscreenClips::active_joint_pixels() const {
  std::vector<std::pair<float, float>> pixels;
  const ClipSlot& active = *clips_.active();
  const glm::mat4 view_projection = camera_.projection(aspect()) * camera_.view();
  for (const glm::mat4& world : active.pose.world) {
    const glm::vec3 p = project_to_pixels(view_projection, active.placement.apply(glm::vec3(world[3])),
                                          glm::vec2(static_cast<float>(width_), static_cast<float>(height_)));
    pixels.emplace_back(p.x, p.y);
  }
  return pixels;
}

std::vector<OffscreenImage::Notice> OffscreenClips::detail_notices() const {
  std::vector<OffscreenImage::Notice> notices;
  for (const ClipSlot& slot : clips_) {
    if (!slot.detail.full()) notices.push_back({slot.clip().source, draw_detail_notice(slot.detail)});
  }
  return notices;
}

}  // namespace bvhscope::render
