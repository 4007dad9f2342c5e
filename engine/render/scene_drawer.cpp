#include "render/scene_drawer.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "model/pixel_rect.hpp"

namespace bvhscope::render {
namespace {

bool same_detail(const DrawDetail& a, const DrawDetail& b) noexcept {
  return a.solid == b.solid && a.joint_dots == b.joint_dots && a.shadow == b.shadow && a.every_bone == b.every_bone &&
         a.bones == b.bones && a.drawn_bones == b.drawn_bones && a.joints == b.joints;
}

bool same_ground(const GroundGrid& a, const GroundGrid& b) noexcept {
  return a.center == b.center && a.minor_spacing == b.minor_spacing && a.major_spacing == b.major_spacing &&
         a.extent == b.extent;
}

}  // namespace

std::optional<SceneDrawer> SceneDrawer::create(std::string& error) {
  std::optional<gfx::SceneRenderer> renderer = gfx::SceneRenderer::create(error);
  if (!renderer) return std::nullopt;
  return SceneDrawer(std::move(*renderer));
}

void SceneDrawer::upload_changes(const Scene& scene) {
  const bool by_revision = scene.revision != 0;
  if (!anything_uploaded_ || !by_revision || scene.revision != uploaded_.revision) {
    skeletons_.clear();
    heights_.clear();
    details_.clear();
    for (const SceneClip& clip : scene.clips) {
      skeletons_.push_back(clip.skeleton);
      heights_.push_back(clip.height);
      details_.push_back(clip.detail);
    }
    // A new revision is uploaded whole; without revisions, what differs only.
    bool same_skeletons =
        anything_uploaded_ && !by_revision && skeletons_ == uploaded_.skeletons && heights_ == uploaded_.heights;
    for (std::size_t i = 0; same_skeletons && i < details_.size(); ++i) {
      same_skeletons = same_detail(details_[i], uploaded_.details[i]);
    }
    if (!same_skeletons) {
      renderer_.set_skeletons(skeletons_, heights_, details_);
      uploaded_.skeletons.assign(skeletons_.begin(), skeletons_.end());
      uploaded_.heights.assign(heights_.begin(), heights_.end());
      uploaded_.details.assign(details_.begin(), details_.end());
    }
    if (by_revision) uploaded_.ground.reset();  // a new revision's ground goes up whatever it is
    if (by_revision || !anything_uploaded_ || scene.trajectory != uploaded_.trajectory) {
      trajectory_stale_ = true;
      if (!by_revision) uploaded_.trajectory = scene.trajectory;
    }
    uploaded_.revision = scene.revision;
  }
  stage_ground(scene);
  stage_trail(scene);
  stage_trajectory(scene);
  anything_uploaded_ = true;
}

void SceneDrawer::stage_ground(const Scene& scene) {
  if (uploaded_.ground && same_ground(*uploaded_.ground, scene.ground)) return;
  renderer_.set_ground(scene.ground);
  uploaded_.ground = scene.ground;
}

void SceneDrawer::stage_trajectory(const Scene& scene) {
  if (!trajectory_stale_ || !scene.style.show_trajectory) return;
  renderer_.set_trajectory(scene.trajectory);
  trajectory_stale_ = false;
}

void SceneDrawer::stage_trail(const Scene& scene) {
  const bool by_revision = scene.trail_revision != 0;
  if (trail_uploaded_ &&
      (by_revision ? scene.trail_revision == uploaded_.trail_revision : scene.trail == uploaded_.trail))
    return;
  renderer_.set_trail(scene.trail);
  if (!by_revision) uploaded_.trail = scene.trail;
  uploaded_.trail_revision = scene.trail_revision;
  trail_uploaded_ = true;
}

void SceneDrawer::stage(const Scene& scene) {
  if (scene.clips.empty()) return;
  upload_changes(scene);
  for (std::size_t i = 0; i < scene.clips.size(); ++i) {
    const SceneClip& clip = scene.clips[i];
    if (clip.skeleton != nullptr && clip.pose != nullptr) {
      renderer_.write_pose(i, *clip.skeleton, *clip.pose, clip.placement);
    }
  }
  renderer_.upload_poses();
  set_looks(scene);
}

void SceneDrawer::set_looks(const Scene& scene) {
  // Assigned in place: a look's joint colours reuse their storage (nothing allocated a frame).
  looks_.resize(scene.clips.size());
  for (std::size_t i = 0; i < scene.clips.size(); ++i) looks_[i] = scene.clips[i].look;
  renderer_.set_looks(looks_);
}

void SceneDrawer::draw_staged(const Scene& scene, Layer layer) const {
  switch (layer) {
    case Layer::Ground:
      renderer_.draw_ground(scene.view, scene.style);
      return;
    case Layer::Backdrop:
      renderer_.draw_backdrop(scene.view, scene.style);
      return;
    case Layer::All:
    case Layer::OverGround:
      break;
  }
  if (scene.clips.empty()) {
    renderer_.draw_empty(scene.view, scene.style);
  } else if (layer == Layer::OverGround) {
    renderer_.draw_over_ground(scene.view, scene.style, scene.trajectory_frame);
  } else {
    renderer_.draw(scene.view, scene.style, scene.trajectory_frame);
  }
}

void SceneDrawer::draw(const Scene& scene, int fb_width, int fb_height, OverlayDrawer* overlay) {
  stage(scene);
  draw_staged(scene, Layer::All);
  if (overlay != nullptr && !scene.overlay.items.empty()) overlay->draw(scene.overlay, fb_width, fb_height);
}

std::optional<gfx::Viewport> SceneDrawer::figure_region(const Scene& scene) const {
  const gfx::SceneStyle& style = scene.style;
  const gfx::SceneView& view = scene.view;
  if (scene.clips.empty() || style.show_trail || style.show_trajectory) return std::nullopt;
  if (renderer_.skeleton_pass().buffer_bytes() / sizeof(glm::vec3) > kMostProjectedPoints) return std::nullopt;
  // Lines 4 px wide and joint dots 10 px (SkeletonPass), antialiased edges: 8 px at scale 1.
  const int pad = static_cast<int>(std::ceil(8.0f * std::max(style.pixel_scale, 1.0f)));
  PixelExtent extent(view.projection * view.view, view.viewport.width, view.viewport.height);
  renderer_.add_figure_extent(extent);
  const std::optional<PixelRect> rect = extent.rect(pad);
  if (!rect) return std::nullopt;
  return gfx::Viewport{view.viewport.x + rect->x, view.viewport.y + rect->y, rect->width, rect->height};
}

}  // namespace bvhscope::render
