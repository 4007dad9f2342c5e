// What the inspector shows for one joint at one frame: hierarchy facts, raw channel values, and the
// local and world transforms in the forms people compare with other tools.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/pose.hpp"

namespace bvhscope {

struct ChannelReading {
  ChannelKind kind;
  int column;   // the channel's column in a frame row
  float value;  // as written in the file at this frame
};

struct JointDetails {
  int index = -1;
  int parent = kNoParent;
  int depth = 0;
  bool end_site = false;
  std::vector<int> children;
  glm::vec3 offset{0.0f};
  float bone_length = 0.0f;              // |OFFSET|: the length of the bone from the parent
  std::vector<ChannelReading> channels;  // in file order
  std::string rotation_order;            // "ZXY"; empty without rotation channels
  glm::vec3 local_translation{0.0f};     // OFFSET combined with position channels (the pose's mode)
  glm::quat local_rotation{1, 0, 0, 0};
  glm::vec3 world_position{0.0f};
  glm::quat world_rotation{1, 0, 0, 0};
};

// `pose` must hold `frame` of `clip` (posed with `mode`), as the viewer's current pose does.
JointDetails describe_joint(const Clip& clip, const Pose& pose, std::size_t frame, PositionMode mode, int joint);

}  // namespace bvhscope
