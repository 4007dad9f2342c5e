// The inspector of the selected joint: hierarchy facts, OFFSET and bone length, the channels with
// their raw values at the frame on screen, the local rotation as Euler angles and as a quaternion,
// the world position and orientation; each block copyable. Also the inspection view options
// (trail, labels, curves, follow). Draws into the current window.
#pragma once

#include <string>

#include "viewer/actions.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

void draw_inspector(const ViewerState& state, Actions& actions);

// The inspector's blocks as plain text (what the Copy buttons put on the clipboard).
std::string format_joint_identity(const ClipSlot& slot, const JointDetails& details);
std::string format_joint_channels(const JointDetails& details);
std::string format_joint_transforms(const JointDetails& details);

}  // namespace bvhscope::viewer
