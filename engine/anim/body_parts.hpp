// Body parts by joint name, for the cues that names can give (which end is the head, whether a rig
// is a lone hand): case-insensitive, and never required (animals, robots and props have other names).
#pragma once

#include <string_view>
#include <vector>

#include "anim/skeleton.hpp"

namespace bvhscope {

enum class BodyPart : unsigned char { Other, Head, Foot, Hand };

// Head: "head", "skull"; foot: "foot", "toe", "ankle", "heel"; hand: "hand", "finger", "thumb",
// "wrist", "palm", "index", "pinky". "Head" wins over the others ("HeadTop_End").
BodyPart body_part_of(std::string_view name) noexcept;

struct NamedParts {
  std::vector<int> head;  // joints named as the head
  std::vector<int> feet;  // joints named as feet
  int hands = 0;          // joints named as hands and fingers
  // A lone hand or arm: hand names without a head or feet (no up, no human size).
  [[nodiscard]] bool partial_hand_rig() const noexcept { return hands > 0 && head.empty() && feet.empty(); }
};
NamedParts named_parts(const Skeleton& skeleton);

}  // namespace bvhscope
