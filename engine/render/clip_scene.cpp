#include "render/clip_scene.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include "anim/baked_positions.hpp"
#include "anim/pose.hpp"
#include "model/clip_placement.hpp"
#include "model/pixel_rect.hpp"
#include "model/scene_scale.hpp"
#include "render/clip_look.hpp"

namespace bvhscope::render {
namespace {

// Upright, scaled into the first clip's units, then the side-by-side offsets (automatic unless
// edited), which also stand every clip on the floor at y = 0 (unless the floor is the origin plane).
void place_clips(ClipSet& clips, bool floor_at_origin) {
  const double scene_metres = metres_per_unit(clips.front());
  std::vector<ClipFootprint> footprints;
  footprints.reserve(clips.size());
  for (ClipSlot& slot : clips) {
    const ClipMeasures& measures = slot.prepared.measures;
    slot.placement.rotation = measures.to_upright;
    slot.placement.scale = static_cast<float>(metres_per_unit(slot) / scene_metres);
    const glm::vec3 start =
        measures.root_path.empty() ? glm::vec3(0.0f) : measures.to_upright * measures.root_path.front();
    const Bounds& motion = measures.figure.bounds;  // upright, over the whole motion
    ClipFootprint footprint{start * slot.placement.scale, measures.figure.extent * slot.placement.scale,
                            measures.figure.floor * slot.placement.scale};
    if (!motion.empty()) {
      footprint.min = motion.min * slot.placement.scale;
      footprint.max = motion.max * slot.placement.scale;
    }
    footprints.push_back(footprint);
  }
  const std::vector<glm::vec3> automatic = side_by_side_offsets(footprints, !floor_at_origin);
  for (std::size_t i = 0; i < clips.size(); ++i) {
    ClipSlot& slot = clips[i];
    if (slot.auto_offset) slot.side_offset = automatic[i];
    slot.placement.offset = slot.side_offset;
  }
}

}  // namespace

void ClipScene::rebuild(ClipSet& clips, const Comparison& comparison, const DisplayOptions& display) {
  if (clips.empty()) return;
  trajectory_placed_ = false;
  place_clips(clips, display.floor_at_origin);
  scene_.clips.assign(clips.size(), SceneClip{});
  ghost_poses_.resize(clips.size());
  Bounds bounds;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    ClipSlot& slot = clips[i];
    slot.detail = slot.prepared.measures.detail;
    SceneClip& drawn = scene_.clips[i];
    drawn.skeleton = &slot.clip().skeleton;
    drawn.pose = &slot.pose;
    drawn.placement = slot.placement;
    drawn.height = slot.prepared.measures.figure.extent * slot.placement.scale;
    drawn.detail = slot.detail;
    // The bounds are upright already: scaled and shifted only. A ghost stands over the reference.
    const Bounds& b = slot.prepared.measures.figure.bounds;
    if (!b.empty() && ghost_comparison(comparison, slot) == nullptr) {
      bounds.add(b.min * slot.placement.scale + slot.placement.offset);
      bounds.add(b.max * slot.placement.scale + slot.placement.offset);
    }
  }
  bounds_ = bounds;
  // The floor: y = 0 of the scene (every clip's contact level, or the file's origin plane).
  Bounds ground = bounds;
  if (!ground.empty()) ground.min.y = 0.0f;
  scene_.ground = ground_grid(ground, metres_per_unit(clips.front()));
  // The active clip's root path, placed: now when it is shown, else when it first is (draw), so
  // that a clip of a long motion does not copy its whole path when it comes.
  trajectory_clip_ = clips.active()->id;
  scene_.trajectory.clear();
  if (display.trajectory) place_trajectory(clips);
  scene_.revision = ++revisions_;
  trail_key_ = {};
}

void ClipScene::place_trajectory(const ClipSet& clips) {
  trajectory_placed_ = true;
  const ClipSlot* slot = clips.with_id(trajectory_clip_);
  if (slot == nullptr) return;
  scene_.trajectory = slot->prepared.measures.root_path;
  slot->placement.apply_in_place(scene_.trajectory);
  drawer_.trajectory_changed();
}

bool ClipScene::ghosts_changed(const ClipSet& clips, const Comparison& comparison) {
  ghosts_.scratch.clear();
  for (const ClipSlot& slot : clips)
    if (ghost_comparison(comparison, slot) != nullptr) ghosts_.scratch.push_back(slot.id);
  if (ghosts_.scratch == ghosts_.ids) return false;
  ghosts_.ids = ghosts_.scratch;
  return true;
}

void ClipScene::pose(ClipSet& clips, const Comparison& comparison, const PoseTiming& timing) {
  if (clips.empty()) return;
  const double seconds = clips.timeline_start() + clips.clock().position() * clips.clock().frame_time();
  const Sampling sampling = timing.interpolate ? Sampling::Linear : Sampling::Nearest;
  for (ClipSlot& slot : clips) {
    const Clip& clip = slot.clip();
    const ClipSample sample =
        clip_sample(clip.motion, slot.time_offset, seconds, slot.loading ? ClipEnd::Hold : timing.clip_end);
    double position = sample.frame;
    if (!timing.interpolate) position = std::floor(position + 1e-6);
    slot.frame_position = position;
    slot.shown = sample.shown;
    sample_pose(clip, position, sampling, slot.prepared.decision.mode, slot.pose);
  }
  const ClipSlot* reference = clips.with_id(comparison.settings().reference_id);
  for (std::size_t i = 0; i < clips.size() && i < scene_.clips.size(); ++i) {
    ClipSlot& slot = clips[i];
    SceneClip& drawn = scene_.clips[i];
    drawn.pose = &slot.pose;
    drawn.placement = slot.placement;
    const ClipComparison* ghost = reference != nullptr ? ghost_comparison(comparison, slot) : nullptr;
    if (ghost != nullptr) {
      // The pose compare measures beside the reference's frame on screen: its time (reference
      // frame + offset) x the reference's frame time, interpolated, clamped to its frames.
      const double ratio = reference->clip().motion.frame_time / slot.clip().motion.frame_time;
      const double last = static_cast<double>(std::max<std::size_t>(slot.clip().motion.frame_count, 1) - 1);
      slot.frame_position = std::clamp((reference->frame_position + ghost->options.offset) * ratio, 0.0, last);
      sample_pose(slot.clip(), slot.frame_position, Sampling::Linear, slot.prepared.decision.mode, slot.pose);
      // Moved where it is measured: aligned on the reference for this frame as compare_motion
      // aligns it (from the poses on screen), then placed as the reference is placed.
      ghosts_.aligned_pose(slot, *reference, *ghost, ghost_poses_[i]);
      drawn.pose = &ghost_poses_[i];
      drawn.placement = reference->placement;
    }
  }
  drawer_.stage(scene_);
  grow_with_streaming_poses(clips, comparison);
}

// A streaming clip's motion is not measured until its load ends (its bounds are its first pose's):
// the scene's bounds grow with every pose it is shown in, so that what F and a new framing see holds
// where it has been (a figure walking away is framed where it stands, one dancing in place is not
// framed again for each pose), and its floor is made again when a joint reaches the disc's fading
// rim, wide enough that everything seen and a few metres more lie well inside it: made again once
// every few metres walked (the whole view is drawn again then), never for a figure that stays.
void ClipScene::grow_with_streaming_poses(const ClipSet& clips, const Comparison& comparison) {
  // Well inside the disc (it fades out by radius from 0.45 to 1 of its half-width).
  constexpr float kPlainFloor = 0.75f;
  const GroundGrid& floor = scene_.ground;
  const glm::vec2 centre(floor.center.x, floor.center.z);
  bool reached_rim = false;
  for (std::size_t i = 0; i < clips.size() && i < drawer_.renderer().skeleton_pass().slot_count(); ++i) {
    const ClipSlot& slot = clips[i];
    if (!slot.loading || !slot.drawn() || ghost_comparison(comparison, slot) != nullptr) continue;
    for (const glm::vec3& p : drawer_.renderer().skeleton_pass().joint_positions(i)) {
      bounds_.add(p);
      reached_rim = reached_rim || glm::length(glm::vec2(p.x, p.z) - centre) > kPlainFloor * floor.extent;
    }
  }
  if (!reached_rim || bounds_.empty()) return;
  const float metre = floor.major_spacing;
  const glm::vec3 room(3.0f * metre, 0.0f, 3.0f * metre);
  Bounds ground = bounds_;
  ground.min.y = 0.0f;
  ground.add(ground.min - room);
  ground.add(ground.max + room);
  GroundGrid grid = ground_grid(ground, metres_per_unit(clips.front()));
  // The corner of what was seen farthest from the new centre, and the room ahead, inside the plain part.
  float farthest = 0.0f;
  for (const float x : {bounds_.min.x, bounds_.max.x})
    for (const float z : {bounds_.min.z, bounds_.max.z})
      farthest = std::max(farthest, glm::length(glm::vec2(x - grid.center.x, z - grid.center.z)));
  const float needed = (farthest + 3.0f * metre) / kPlainFloor;
  if (grid.extent < needed) grid.extent = std::ceil(needed / metre) * metre;
  scene_.ground = grid;
  drawer_.stage_ground(scene_);
}

void ClipScene::update_trail(const ClipSet& clips, const InspectionOptions& inspection) {
  const ClipSlot* slot = clips.active();
  TrailKey key;
  if (slot != nullptr && slot->selected >= 0 && inspection.trail) {
    key = {slot->id, slot->selected, slot->placement.offset, slot->placement.scale,
           slot->prepared.measures.baked.frame_count};
  }
  if (key == trail_key_) return;
  trail_key_ = key;
  if (key.joint < 0 || key.frames == 0) {
    scene_.trail.clear();
  } else {
    const BakedPositions& baked = slot->prepared.measures.baked;
    scene_.trail = joint_trail(baked, key.joint, 0, static_cast<std::ptrdiff_t>(baked.clip_frame_count) - 1);
    slot->placement.apply_in_place(scene_.trail);
  }
  scene_.trail_revision = ++revisions_;
  drawer_.stage_trail(scene_);
}

gfx::SceneStyle ClipScene::style(const ClipSet& clips, const DisplayOptions& display,
                                 const InspectionOptions& inspection, float pixel_scale) {
  gfx::SceneStyle style;
  style.bones = display.solid ? gfx::BoneStyle::Solid : gfx::BoneStyle::Lines;
  style.show_grid = display.grid;
  style.show_axes = display.axes;
  style.show_trajectory = display.trajectory;
  style.show_shadow = display.shadow;
  style.show_joints = display.joints;
  style.pixel_scale = pixel_scale;
  const ClipSlot* slot = clips.active();
  if (slot != nullptr && slot->selected >= 0 && inspection.trail && slot->drawn()) {
    const std::size_t frame = slot->frame();
    const auto window = static_cast<std::size_t>(std::max(inspection.trail_frames, 1));
    style.show_trail = true;
    style.trail_first = frame > window ? frame - window : 0;
    style.trail_last = frame + window;
    style.trail_current = frame;
  }
  return style;
}

void ClipScene::update_looks(const ClipSet& clips, const Comparison& comparison, const HoveredJoints& hovered) {
  if (clips.empty()) return;
  for (std::size_t i = 0; i < clips.size() && i < scene_.clips.size(); ++i) {
    const bool active = static_cast<int>(i) == clips.active_index();
    const int joint = active && hovered.tree_joint >= 0          ? hovered.tree_joint
                      : hovered.view_clip == static_cast<int>(i) ? hovered.view_joint
                                                                 : -1;
    set_clip_look(clips[i], clips, comparison, active, joint, scene_.clips[i].look);
  }
  drawer_.set_looks(scene_);
}

void ClipScene::draw(const gfx::SceneView& view, const gfx::SceneStyle& style, const ClipSet& clips, bool over_ground) {
  if (clips.empty()) {  // the scene keeps the last clips' skeletons: an empty one draws the floor
    Scene empty;
    empty.view = view;
    empty.style = style;
    drawer_.draw_staged(empty);
    return;
  }
  scene_.view = view;
  scene_.style = style;
  scene_.trajectory_frame = clips.active()->frame();
  if (style.show_trajectory && !trajectory_placed_) place_trajectory(clips);
  drawer_.stage_trajectory(scene_);  // turned on since the last stage: uploaded now
  drawer_.draw_staged(scene_, over_ground ? SceneDrawer::Layer::OverGround : SceneDrawer::Layer::All);
}

void ClipScene::draw_ground(const gfx::SceneView& view, const gfx::SceneStyle& style) {
  scene_.view = view;
  scene_.style = style;
  drawer_.draw_staged(scene_, SceneDrawer::Layer::Ground);
}

void ClipScene::draw_backdrop(const gfx::SceneView& view, const gfx::SceneStyle& style) {
  scene_.view = view;
  scene_.style = style;
  drawer_.draw_staged(scene_, SceneDrawer::Layer::Backdrop);
}

std::optional<gfx::Viewport> ClipScene::figure_region(const gfx::SceneView& view, const gfx::SceneStyle& style,
                                                      const ClipSet& clips) {
  if (clips.empty()) return std::nullopt;
  scene_.view = view;
  scene_.style = style;
  return drawer_.figure_region(scene_);
}

Bounds ClipScene::first_view_bounds(const ClipSet& clips, const Comparison& comparison) const {
  float figure = 0.0f;
  Bounds poses;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const ClipSlot& slot = clips[i];
    figure = std::max(figure, slot.prepared.measures.figure.extent * slot.placement.scale);
    // A ghost stands over the reference.
    if (!slot.drawn() || ghost_comparison(comparison, slot) != nullptr) continue;
    // A whole frame (not the interpolated pose), so a reset on a paused frame always frames the same.
    const BakedPositions& baked = slot.prepared.measures.baked;
    if (const std::optional<std::size_t> whole = baked.index_of(slot.frame())) {
      for (const glm::vec3& p : baked.frame(*whole)) poses.add(slot.placement.apply(p));
    } else {
      for (const glm::vec3& p : drawer_.renderer().skeleton_pass().joint_positions(i)) poses.add(p);
    }
  }
  const glm::vec3 size = bounds_.size();
  const glm::vec3 shown = poses.size();
  if (poses.empty() || std::max(size.x, size.z) <= std::max(1.5f * figure, 1.3f * std::max(shown.x, shown.z))) {
    return bounds_;
  }
  const float floor = bounds_.min.y;
  poses.add(glm::vec3(poses.center().x, std::min(poses.min.y, floor), poses.center().z));
  const glm::vec3 margin(0.06f * poses.size().y);  // a little air around the figures
  poses.add(poses.min - margin);
  poses.add(poses.max + margin);
  return poses;
}

bool ClipScene::figures_leave_view(const ClipSet& clips, const Comparison& comparison,
                                   const glm::mat4& view_projection) const {
  if (drawer_.renderer().skeleton_pass().buffer_bytes() / sizeof(glm::vec3) > kMostProjectedPoints) return false;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const ClipSlot& slot = clips[i];
    if (!slot.drawn() || ghost_comparison(comparison, slot) != nullptr) continue;
    for (const glm::vec3& p : drawer_.renderer().skeleton_pass().joint_positions(i)) {
      const glm::vec4 clip = view_projection * glm::vec4(p, 1.0f);
      if (clip.w <= 0.0f || std::abs(clip.x) > clip.w || std::abs(clip.y) > clip.w) return true;
    }
  }
  return false;
}

glm::vec3 ClipScene::placed_joint(const ClipSet& clips, const ClipSlot& slot, int joint) const {
  const int index = clips.index_of(slot.id);
  if (index >= 0 && static_cast<std::size_t>(index) < drawer_.renderer().skeleton_pass().slot_count()) {
    const std::span<const glm::vec3> placed =
        drawer_.renderer().skeleton_pass().joint_positions(static_cast<std::size_t>(index));
    if (joint >= 0 && static_cast<std::size_t>(joint) < placed.size()) return placed[static_cast<std::size_t>(joint)];
  }
  return slot.placement.apply(slot.pose.position(joint));
}

}  // namespace bvhscope::render
