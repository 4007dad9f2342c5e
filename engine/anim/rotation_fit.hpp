// Fitting a rotation skeleton to joint positions: a positions motion (a joint array, Motion's
// positions) becomes a clip with BVH channels whose forward kinematics reproduce the positions,
// so that `convert X.npy -o X.bvh` (and the viewer's Save as BVH) write what any BVH reader opens.
#pragma once

#include <cstddef>
#include <string>

#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// How well the fitted skeleton follows the positions, in the clip's units.
struct RotationFitReport {
  double max_error = 0.0;  // the largest distance between a fitted joint and its position
  double mean_error = 0.0;
  int max_error_joint = 0;  // the input's joint index and frame of the largest error
  std::size_t max_error_frame = 0;
  // The bone whose length varies most across the motion (what no rigid skeleton can follow):
  // (longest - shortest) / mean length, and the joint the bone ends at (-1 without bones).
  double max_stretch = 0.0;
  double max_stretch_length = 0.0;  // longest - shortest, in the clip's units
  int stretch_joint = -1;
};

// The clip with channels fitted to a positions motion (anything else: an error). Each bone's
// length is its mean over the motion; the bones of a joint keep the directions they have in the
// first frame relative to one another (so that joints with several children, such as the pelvis
// with both hips and the spine, reproduce), and are turned as a whole into a T-pose
// (tpose_directions.hpp) for the rest pose where the names say how. Every frame, each joint's
// world rotation is the one that best carries its children's rest directions onto their
// directions in the positions (Horn's method); a joint with one child turns by the shortest
// rotation from where its parent carries the bone (no twist: positions do not show one), a joint
// without children as its parent does. Roots: Xposition Yposition Zposition and rotations; every
// other joint three rotations, Zrotation Xrotation Yrotation, continuous from frame to frame. Each
// joint without children gets an End Site half its bone's length further along that bone.
// The report (optional) gives the error of every joint in every frame against the positions.
Result<Clip> fit_rotations(const Clip& positions, RotationFitReport* report = nullptr);

}  // namespace bvhscope
