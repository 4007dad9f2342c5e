// Conversions of a clip's timing: a range of its frames, and another frame rate by the viewer's
// interpolation (rotations by quaternion slerp, translations linearly: sample_pose in pose.hpp).
#pragma once

#include <cstddef>
#include <vector>

#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// Frames first..last (inclusive, 0-based). An error (frame_range_problem) when they are not all in
// the clip.
Result<Clip> trim_frames(Clip clip, std::size_t first, std::size_t last);

// The clip at `fps` frames per second by the rule `render` times its videos with (plan_video_timing
// in video_timing.hpp, so both give the same frame count): N frames at rate R (within 0.01 % of a
// whole number: that number) last N / R s; output frame k shows the clip at time k / fps for every
// k / fps < N / R, the times past the last frame holding it. A time on a frame of the clip (within
// 1e-6 of a frame) copies that frame's values exactly; between frames, a joint with three rotation
// channels gets the slerp of its two neighbours' whole rotations (double precision) written back as
// angles in its own order (continuous with the frame before, euler_angles), one with one or two
// rotation channels the angles interpolated along the shorter way, and position channels are
// interpolated linearly. The clip must be in the add rule. An error when the clip's frame time is
// not a positive number.
Result<Clip> resample(const Clip& clip, double fps);

// A clip of the given frames of `clip` (indices below its frame count, in the order given), their
// rows copied as they are (channel values, or a positions motion's positions: no mode or unit is
// touched), `frame_time` apart. For quick looks at a long clip: an offset search's thinned pass, a
// report's filmstrip.
Clip pick_frames(const Clip& clip, const std::vector<std::size_t>& frames, double frame_time);

}  // namespace bvhscope
