// Moving a humanoid motion onto another humanoid skeleton: every source frame posed on the
// target's skeleton (its joint names, order, OFFSETs and channel layout kept exactly), each mapped
// target bone pointing where its source bone points and turning with it about its length, the
// root's path scaled from one figure's legs to the other's, both figures upright and facing alike.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "anim/clip.hpp"
#include "anim/result.hpp"
#include "anim/up_axis.hpp"
#include "retarget/humanoid_rig.hpp"
#include "retarget/retarget_map.hpp"

namespace bvhscope {

// What moves the target's root: the source's path scaled by the ratio of leg lengths (scale), the
// source's path in the same real length (keep: the two figures' units), or nothing (none: the
// root stays where the target's rest pose puts it; the body still turns).
enum class RootMotion : unsigned char { Scale, Keep, None };

struct RetargetOptions {
  RootMotion root = RootMotion::Scale;
  // Feet the source plants (slow, near its floor) stay planted: the target's legs reach where the
  // source's ankles are (scaled as the root is), eased in and out by the foot's speed.
  bool plant_feet = true;
  bool fingers = false;
  std::vector<std::pair<std::string, std::string>> map;  // the user's (source, target) pairs
  std::vector<int> map_lines;
  std::string map_source;
  UpAxisRequest source_up;  // auto unless given
  UpAxisRequest target_up;
};

struct RetargetReport {
  std::vector<RetargetPair> pairs;  // source joints index `source_skeleton`, target joints `target_skeleton`
  Skeleton source_skeleton;         // the source's (its fitted one for joint positions)
  Skeleton target_skeleton;         // the result's: the target's (its fitted one for joint positions)
  HumanoidRig source_rig;
  HumanoidRig target_rig;
  double root_scale = 1.0;  // target lengths per source length applied to the root's path (1 for none)
  double source_leg = 0.0;  // the legs' mean length (thigh + shin), each in its own file units
  double target_leg = 0.0;
  UpAxis source_up = UpAxis::PosY;
  UpAxis target_up = UpAxis::PosY;
  bool target_fitted = false;      // the target held joint positions: its fitted skeleton was used
  std::size_t planted_frames = 0;  // leg-frames whose ankle was moved to a held foot (fully or eased)
};

// `source` (any clip: channels, or joint positions, which get channels fitted first) on
// `target`'s skeleton, at the source's frame rate and frame count. Errors: either rig not a
// humanoid (humanoid_rig.hpp), a map naming joints that do not exist, --root keep without a known
// unit on both sides.
Result<Clip> retarget(const Clip& source, const Clip& target, const RetargetOptions& options,
                      RetargetReport* report = nullptr);

}  // namespace bvhscope
