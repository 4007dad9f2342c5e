// The joint names of the skeleton conventions tools expect (convert --skeleton-names): SMPL's own
// (Pelvis, L_Hip...), the CMU motion-capture database's (Hips, LeftUpLeg, LowerBack...) and
// Mixamo's (Hips, Spine, Spine1, Spine2, LeftHandIndex1...: its bone names without the rig's
// "mixamorig:" namespace, which three.js cannot bind an animation track to), for the SMPL family
// of joints that joint arrays carry (HumanML3D's 22, SMPL's 24, SMPL-H's 52: pelvis, left_hip...
// as joint_layouts.cpp names them), so that a BVH fitted to an array opens in a retargeting tool
// with its bones known.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anim/result.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {

enum class SkeletonNaming : unsigned char { Smpl, Cmu, Mixamo };

// "smpl", "cmu", "mixamo" (any case), or nullopt.
std::optional<SkeletonNaming> parse_skeleton_naming(std::string_view text) noexcept;

// The (old, new) renames giving `skeleton`'s SMPL-family joints the convention's names, in joint
// order (End Sites and joints the convention has no name for are left as they are). Refused, for
// `source`: a skeleton that is not of the SMPL family (no spine1: KIT-ML's shares a few names but
// not its bones), its first joints named.
Result<std::vector<std::pair<std::string, std::string>>> skeleton_naming_renames(const Skeleton& skeleton,
                                                                                 SkeletonNaming naming,
                                                                                 std::string_view source);

}  // namespace bvhscope
