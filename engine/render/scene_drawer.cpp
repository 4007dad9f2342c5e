#include "render/scene_drawer.hpp"

#include <utility>

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
  std::vector<const Skeleton*> skeletons;
  std::vector<float> heights;
  std::vector<DrawDetail> details;
  for (const SceneClip& clip : scene.clips) {
    skeletons.push_back(clip.skeleton);
    heights.push_back(clip.height);
    details.push_back(clip.detail);
  }
  bool same_skeletons = anything_uploaded_ && skeletons == uploaded_.skeletons && heights == uploaded_.heights;
  for (std::size_t i = 0; same_skeletons && i < details.size(); ++i) {
    same_skeletons = same_detail(details[i], uploaded_.details[i]);
  }
  if (!same_skeletons) {
    renderer_.set_skeletons(skeletons, heights, details);
    uploaded_.skeletons = std::move(skeletons);
    uploaded_.heights = std::move(heights);
    uploaded_.details = std::move(details);
  }
  if (!uploaded_.ground || !same_ground(*uploaded_.ground, scene.ground)) {
    renderer_.set_ground(scene.ground);
    uploaded_.ground = scene.ground;
  }
  if (!anything_uploaded_ || scene.trajectory != uploaded_.trajectory) {
    renderer_.set_trajectory(scene.trajectory);
    uploaded_.trajectory = scene.trajectory;
  }
  if (!anything_uploaded_ || scene.trail != uploaded_.trail) {
    renderer_.set_trail(scene.trail);
    uploaded_.trail = scene.trail;
  }
  anything_uploaded_ = true;
}

void SceneDrawer::draw(const Scene& scene, int fb_width, int fb_height, OverlayDrawer* overlay) {
  if (scene.clips.empty()) {
    renderer_.draw_empty(scene.view, scene.style);
  } else {
    upload_changes(scene);
    looks_.clear();
    for (std::size_t i = 0; i < scene.clips.size(); ++i) {
      const SceneClip& clip = scene.clips[i];
      if (clip.skeleton != nullptr && clip.pose != nullptr) {
        renderer_.write_pose(i, *clip.skeleton, *clip.pose, clip.placement);
      }
      looks_.push_back(clip.look);
    }
    renderer_.upload_poses();
    renderer_.set_looks(looks_);
    renderer_.draw(scene.view, scene.style, scene.trajectory_frame);
  }
  if (overlay != nullptr && !scene.overlay.items.empty()) overlay->draw(scene.overlay, fb_width, fb_height);
}

}  // namespace bvhscope::render
