// Conversions of where a clip's figure is: lengths scaled, the axes turned (another up axis),
// mirrored across a coordinate plane, put in place (no horizontal travel) or on the ground. Each
// keeps the motion's shape; the clip must be in the add rule (to_add_rule).
#pragma once

#include <glm/mat3x3.hpp>

#include "anim/clip.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

// OFFSETs and position channels multiplied by `factor`.
Clip scale_lengths(Clip clip, double factor);

// Every world position p becomes turn * p, where `turn` is a signed permutation of the axes (a
// proper rotation, such as rotation_to_y_up): every joint's transform is conjugated by it, so
// OFFSETs turn, and each channel moves to the axis its own axis turns to (negated when that axis
// turns to a negative one). Exact: no value is rounded.
Clip turn_axes(Clip clip, const glm::mat3& turn);

// Every world position mirrored across the plane through the origin across `axis` (0 X, 1 Y,
// 2 Z): OFFSETs and position channels along the axis negated, rotations about the two other axes
// negated. Exact. Names are not changed (mirror_names in convert_names.hpp).
Clip reflect(Clip clip, int axis);

// The first root's horizontal translation (across `up`) set to 0 in every frame, the other
// roots moved with it: the figure stays over the origin, its height kept.
Clip put_in_place(Clip clip, UpAxis up);

// The whole motion moved along `up` so that its lowest joint (over every frame) is at height 0:
// the same shift in every root's position channel along the up axis (its OFFSET without one).
Clip put_on_ground(Clip clip, UpAxis up);

}  // namespace bvhscope
