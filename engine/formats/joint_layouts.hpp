// The joint layouts joint arrays come in, known by their joint count: HumanML3D's 22 SMPL body
// joints, KIT-ML's 21, SMPL's 24 and SMPL-H's 52 (body and hands), each with its joint names, its
// parents (its kinematic tree) and the frame rate its datasets use. An array of another joint
// count has no layout: its joints are unconnected points.
#pragma once

#include <span>
#include <string_view>

namespace bvhscope {

struct JointLayout {
  std::string_view name;  // "HumanML3D (SMPL body, 22 joints)"
  std::span<const std::string_view> joint_names;
  std::span<const int> parents;     // -1 for the root; each parent comes before its children
  double frames_per_second = 30.0;  // the rate its datasets are stored at
};

// The layout of arrays with `joints` joints, or null when none is known.
const JointLayout* joint_layout_for(int joints) noexcept;

// The frame rate of an array whose layout is not known (its file does not say).
inline constexpr double kDefaultArrayFramesPerSecond = 30.0;

}  // namespace bvhscope
