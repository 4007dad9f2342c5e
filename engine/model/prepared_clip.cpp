#include "model/prepared_clip.hpp"

#include <algorithm>

#include "anim/joint_filter.hpp"
#include "model/scene_scale.hpp"

namespace bvhscope {
namespace {

// Baked positions (12 bytes each) are kept up to this many per value of the motion (4 bytes in
// memory, at least 2 in the file), or this many in all.
constexpr std::size_t kBakedPositionsPerValue = 4;
constexpr std::size_t kMinBakedPositions = std::size_t{4} << 20;

// "XYZ ZXY": the order of a joint's position channels, then of its rotation channels.
std::string channel_order(const Skeleton& skeleton, int joint) {
  std::string positions;
  std::string rotations;
  const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
  for (int c = first; c < first + skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++c) {
    const ChannelKind kind = skeleton.channel_kinds[static_cast<std::size_t>(c)];
    (is_position(kind) ? positions : rotations) += "XYZ"[channel_axis(kind)];
  }
  if (positions.empty()) return rotations;
  return rotations.empty() ? positions : positions + " " + rotations;
}

}  // namespace

JointListing list_joints(const Skeleton& skeleton) {
  JointListing listing;
  listing.labels = joint_labels(skeleton);
  listing.channel_orders.reserve(static_cast<std::size_t>(skeleton.joint_count()));
  for (int joint = 0; joint < skeleton.joint_count(); ++joint)
    listing.channel_orders.push_back(channel_order(skeleton, joint));
  listing.tree_shape = joint_tree_shape(skeleton);
  return listing;
}

ClipMeasures measure_clip(const Clip& clip, PositionMode mode, UpAxisRequest up,
                          const std::function<void()>& on_worker_start) {
  ClipMeasures measures;
  // Every joint at every frame, unless that is far more than the motion's own values (a huge
  // skeleton whose frames move a few channels: a million joints over thousands of frames would be
  // tens of gigabytes from a file of megabytes); then every n-th frame within that budget, so
  // trails and speed curves are drawn at a lower resolution.
  // A positions motion's values are its positions.
  const std::size_t values =
      clip.motion.frame_count * static_cast<std::size_t>(clip.motion.channel_count + clip.motion.position_joints * 3);
  const std::size_t budget =
      std::min(kBakedPositionBudget, std::max(kMinBakedPositions, kBakedPositionsPerValue * values));
  measures.baked = bake_positions(clip, mode, 0, on_worker_start, budget);
  static_cast<FigureAnalysis&>(measures) = analyse_figure(clip, mode, up);
  const bool baked = measures.baked.frame_count > 0;
  const bool has_root = !clip.skeleton.roots.empty();
  measures.root_path =
      baked && has_root ? joint_path(measures.baked, clip.skeleton.roots.front()) : root_trajectory(clip, mode);
  measures.detail = draw_detail(clip.skeleton, measures.to_upright);
  return measures;
}

PreparedClip prepare_clip(Clip clip, PositionModeRequest request, UpAxisRequest up) {
  PreparedClip prepared;
  prepared.clip = std::move(clip);
  prepared.up_request = up;
  change_position_mode(prepared, request);
  prepared.listing = list_joints(prepared.clip.skeleton);
  return prepared;
}

void change_position_mode(PreparedClip& prepared, PositionModeRequest request) {
  prepared.mode_request = request;
  prepared.decision = decide_position_mode(prepared.clip, request);
  prepared.measures = measure_clip(prepared.clip, prepared.decision.mode, prepared.up_request);
}

void change_up_axis(PreparedClip& prepared, UpAxisRequest request) {
  prepared.up_request = request;
  prepared.measures = measure_clip(prepared.clip, prepared.decision.mode, request);
}

PreparedClip share_prepared_clip(const PreparedClip& original) {
  PreparedClip copy;
  copy.clip = share_clip(original.clip);
  copy.mode_request = original.mode_request;
  copy.up_request = original.up_request;
  copy.decision = original.decision;
  copy.measures = original.measures;
  copy.listing = original.listing;
  return copy;
}

}  // namespace bvhscope
