// Left and right in joint names: which joints are counterparts ("LeftArm" and "RightArm", "lhip"
// and "rhip", "hand.l" and "hand.r", "Bip01 L Thigh" and "Bip01 R Thigh"). A side is a whole token
// at either end of a name part (the runs of letters and digits between ':', '_', '.', ' ', '-'):
// "left" / "right" or a lone "l" / "r" in any case; two joints pair only when swapping that token
// in one gives exactly the other's name, so "lowerback" never pairs (no "rowerback").
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/skeleton.hpp"

namespace bvhscope {

enum class Side : unsigned char { Left, Right };

struct SideReading {
  Side side = Side::Left;
  std::string counterpart;  // the name with this side token swapped, its case kept
  // The token reads as a side on its own: a whole part ("L", "left"), a word before a capital
  // ("LeftArm", "lShldr", "LHipJoint") or after a lower-case letter ("HandLeft"). Not clear: a
  // letter or word run into lower case ("lhip", "lefttoebase"), which pairs but is not warned about.
  bool clear = false;
};

// Every reading of `name` as naming a side, the whole words first, then the clear ones.
std::vector<SideReading> side_readings(std::string_view name);

// The counterpart of `name`: the first reading whose counterpart `exists`; nullopt without one.
std::optional<SideReading> counterpart_of(std::string_view name, const std::function<bool(std::string_view)>& exists);

struct SidePairs {
  std::vector<int> counterpart;  // per joint: the joint named for the other side, -1 without one
  std::vector<Side> side;        // per joint: the side its name says (meaningful where counterpart >= 0)
  std::vector<int> unpaired;     // joints clearly named for a side whose counterpart name is absent
  [[nodiscard]] bool any() const noexcept;
};

// The pairs of a skeleton's joints (End Sites never pair).
SidePairs side_pairs(const Skeleton& skeleton);

}  // namespace bvhscope
