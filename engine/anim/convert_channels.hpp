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

// How far a position channel below the root may move and still count as constant (export noise
// such as +-1e-6): 0.1 % of the figure's size, its largest extent (0 counts as 1e-6). The one rule for lint's
// joint-position-channels / moving-joint-positions and for convert --channels 3.
inline constexpr double kStillPositionShareOfExtent = 1e-3;
double still_position_tolerance(double figure_extent);

// Removes the position channels of every joint but the roots, each still one (its values at most
// `tolerance` apart) added to OFFSET as its mean; an error naming the joint and the channel when one
// moves by more.
Result<Clip> fold_position_channels(Clip clip, double tolerance = 0.0);

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
