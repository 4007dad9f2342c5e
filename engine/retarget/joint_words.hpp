// A joint name read as words, for telling what a joint is in a humanoid rig: the namespace
// ("mixamorig:"), rig prefixes ("Bip01 ", "DEF-") and the side ("Left", "L_", ".l", "r" in "rhip")
// taken off, the rest in lower case run together ("LeftUpLeg" -> "upleg", "UpperArm_L" ->
// "upperarm", "Bip01 L Calf" -> "calf"), with the trailing number apart ("spine.003" -> "spine", 3).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace bvhscope {

enum class BodySide : unsigned char { Left, Right };

struct JointWords {
  std::string core;              // the letters left, lower case, run together
  int number = -1;               // the number the name ends with ("Spine2": 2), -1 without one
  std::optional<BodySide> side;  // the side the name says
};

JointWords joint_words(std::string_view name);

}  // namespace bvhscope
