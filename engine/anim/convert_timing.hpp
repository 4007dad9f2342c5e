// Conversions of a clip's timing: a range of its frames, and another frame rate by the viewer's
// interpolation (rotations by quaternion slerp, translations linearly: sample_pose in pose.hpp).
#pragma once

#include <cstddef>

#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// Frames first..last (inclusive, 0-based). An error (frame_range_problem) when they are not all in
// the clip.
Result<Clip> trim_frames(Clip clip, std::size_t first, std::size_t last);

// The clip at `fps` frames per second over the same duration (its last frame at or before the old
// end). Frame k shows time k / fps: a time that falls on a frame of the clip (within 1e-6 of a frame)
// copies that frame's values exactly; between frames, a joint with three rotation channels gets
// the slerp of its two neighbours' rotations written back as angles in its own order (continuous
// with the frame before), one with one or two rotation channels the angles interpolated along the
// shorter way, and position channels are interpolated linearly. The clip must be in the add rule.
Clip resample(const Clip& clip, double fps);

}  // namespace bvhscope
