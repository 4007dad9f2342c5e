// Posing: a frame's channel values to local joint transforms, and forward kinematics to world space.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

// Local and world matrices of every joint; kept outside the skeleton and reused frame after frame.
struct Pose {
  std::vector<glm::mat4> local;
  std::vector<glm::mat4> world;

  void resize(int joint_count) {
    local.resize(static_cast<std::size_t>(joint_count));
    world.resize(static_cast<std::size_t>(joint_count));
  }
  [[nodiscard]] glm::vec3 position(int joint) const { return glm::vec3(world[static_cast<std::size_t>(joint)][3]); }
};

// The joint's rotation channels composed in file order: R = R(c1) * R(c2) * R(c3), degrees.
glm::mat3 joint_rotation(const Skeleton& skeleton, int joint, std::span<const float> frame);
// OFFSET combined with the joint's position channels under `mode`.
glm::vec3 joint_translation(const Skeleton& skeleton, int joint, std::span<const float> frame, PositionMode mode);

// local[i] = translate(joint_translation) * joint_rotation, for every joint.
void compute_local_transforms(const Skeleton& skeleton, std::span<const float> frame, PositionMode mode,
                              std::span<glm::mat4> local);
// One forward pass: world[i] = world[parent[i]] * local[i] (parent[i] < i by construction).
void forward_kinematics(std::span<const int> parents, std::span<const glm::mat4> local, std::span<glm::mat4> world);

// The file's exact pose at `frame` (clamped to the clip). A positions motion (Motion::holds_positions)
// poses to its positions as they are: world[i] is the joint's position with no rotation, local[i]
// the step from its parent.
void pose_frame(const Clip& clip, std::size_t frame, PositionMode mode, Pose& pose);

// Every joint's world position at `frame` (pose_frame into `pose`), x y z per joint into `out`,
// turned by `turn` when it is given (rotation_to_y_up): what export writes, and the Python module's
// positions.
void frame_positions(const Clip& clip, std::size_t frame, PositionMode mode, const glm::mat3* turn, Pose& pose,
                     float* out);

// The rest pose: every channel 0 (OFFSETs only).
void pose_rest(const Clip& clip, Pose& pose);

enum class Sampling : std::uint8_t { Nearest, Linear };

// The pose at a fractional frame position (frame index + fraction, clamped to the clip). Linear
// interpolates rotations with quaternion slerp and translations linearly; whole frame positions
// reproduce the file's frames exactly. A positions motion interpolates its positions linearly.
void sample_pose(const Clip& clip, double frame_position, Sampling sampling, PositionMode mode, Pose& pose);

}  // namespace bvhscope
