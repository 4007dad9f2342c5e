// Conversions of a clip's channels that keep every pose: position channels to the Biovision add
// rule, non-root position channels folded into OFFSET (three channels), another rotation order,
// and continuous Euler curves. Each takes the clip by value and returns the converted one.
#pragma once

#include <vector>

#include "anim/clip.hpp"
#include "anim/euler.hpp"
#include "anim/position_mode.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// Each joint's channels in order.
using JointChannels = std::vector<std::vector<ChannelKind>>;
JointChannels joint_channels(const Skeleton& skeleton);
// The clip with each joint's channels replaced by `channels[joint]`: a channel the joint had keeps
// its values, a new one is 0 in every frame.
Clip with_channels(const Clip& clip, const JointChannels& channels);

// A clip read under `mode` made to read the same under the add rule. Replace: a root's position
// channels already hold its translation, so their axes' OFFSET becomes 0; on other joints a
// constant channel moves into OFFSET (and reads 0), a moving one has the OFFSET subtracted.
// Add: the clip unchanged.
Clip to_add_rule(Clip clip, PositionMode mode);

// Removes the position channels of every joint but the roots, each constant one added to OFFSET;
// an error naming the joint and the channel when one moves.
Result<Clip> fold_position_channels(Clip clip);

// Every joint with rotation channels gets the three of `order` (in place of its rotation channels,
// where the first of them was), with angles giving the same rotation in every frame, each frame
// continuous with the one before. Joints already in that order keep their values.
Clip with_rotation_order(Clip clip, const RotationOrder& order);

// Euler curves without jumps: in each frame after the first, a joint's three rotation angles
// become the equivalent triple nearest the previous frame's (whole turns, or the other solution
// (a + 180, 180 - b, c + 180)); joints with one or two rotation channels get whole turns per
// channel. Poses are unchanged.
Clip unwrap_rotations(Clip clip);

}  // namespace bvhscope
