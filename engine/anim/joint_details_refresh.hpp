// Refreshing an inspected joint's per-frame values in place, so an inspector open during playback
// allocates nothing: the same numbers describe_joint gives, for the same joint at another frame.
#pragma once

#include <cstddef>

#include "anim/joint_details.hpp"

namespace bvhscope {

// `details` must come from describe_joint for the same clip, joint and mode; `pose` must hold
// `frame`. Updates the channel values and the local and world transforms. Allocates nothing.
void refresh_joint_details(const Clip& clip, const Pose& pose, std::size_t frame, PositionMode mode,
                           JointDetails& details) noexcept;

}  // namespace bvhscope
