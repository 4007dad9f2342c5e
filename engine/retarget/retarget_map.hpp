// Which source joint drives which target joint when motion moves between two humanoid rigs: the
// automatic map from the two rigs' body parts (humanoid_rig.hpp: hips, spine by its share of the
// chain's length, chest, neck, head, collars, arms, legs, toes; fingers by name on request), with
// the user's pairs (the compare map format: source joint, target joint) first.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "anim/result.hpp"
#include "anim/skeleton.hpp"
#include "retarget/humanoid_rig.hpp"

namespace bvhscope {

struct RetargetPair {
  int source = -1;
  int target = -1;
};

struct RetargetMapInput {
  const Skeleton* source = nullptr;
  const HumanoidRig* source_rig = nullptr;
  std::span<const glm::vec3> source_rest;  // upright rest positions, for the spine's shares
  const Skeleton* target = nullptr;
  const HumanoidRig* target_rig = nullptr;
  std::span<const glm::vec3> target_rest;
  bool fingers = false;  // the hands' joints too, paired by name (compare's rules) side by side
  // (source name, target name) pairs given by the user, and where they came from (the map file).
  std::vector<std::pair<std::string, std::string>> explicit_pairs;
  std::vector<int> explicit_lines;  // each pair's line in the map
  std::string map_source;
};

// The pairs, in the target's joint order, each target joint driven once (the user's pair for a
// target joint replaces the automatic one; a source joint may drive several). An error naming every
// pair of the user's whose joint does not exist (which side, which name), never a pair silently
// dropped.
Result<std::vector<RetargetPair>> retarget_map(const RetargetMapInput& input);

}  // namespace bvhscope
