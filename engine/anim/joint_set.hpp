// The joints a comparison measures (compare --joints): all matched joints (the default), the body
// (no End Sites, no zero-length joints, no fingers), the hands (each hand and the joints below it),
// or joints named in a list. Fingers are told by the tree and the names together: the joints below
// the first joint of a chain named as a hand or wrist, and any joint named as a finger.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/result.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {

enum class JointSetKind : unsigned char { All, Body, Hands, Named };

struct JointSet {
  JointSetKind kind = JointSetKind::All;
  std::vector<std::string> names;  // Named: the joints, as given

  // "all", "body", "hands", or the names joined by commas.
  [[nodiscard]] std::string text() const;
};

// "all", "body", "hands", or a comma-separated list of joint names (spaces around a name dropped);
// nullopt for an empty list or an empty name.
std::optional<JointSet> parse_joint_set(std::string_view text);

// One flag per joint of `skeleton`: whether `set` holds it. A Named set naming joints the skeleton
// lacks is an error naming every one (`source`: the skeleton's file); Hands on a skeleton with no
// joint named as a hand is an error too.
Result<std::vector<bool>> joints_in_set(const Skeleton& skeleton, const JointSet& set, const std::string& source);

// One flag per joint: a finger (below a hand, or named as a finger).
std::vector<bool> finger_joints(const Skeleton& skeleton);

}  // namespace bvhscope
