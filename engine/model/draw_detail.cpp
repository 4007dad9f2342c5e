#include "model/draw_detail.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include "anim/bone_geometry.hpp"
#include "anim/bone_radii.hpp"
#include "anim/digit_groups.hpp"

namespace bvhscope {
namespace {

// 2^64 divided by the golden ratio: j * kGolden (mod 2^64) is the fractional part of j / phi in
// 64-bit fixed point, a sequence that fills [0, 1) evenly with no period.
constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

// Chains of at most this many bones are drawn whole or not at all when bones are left out.
constexpr int kShortChain = 16;

// The shadow fill of the bundled sample's human figure: notices compare with it.
constexpr float kHumanShadowFill = 10.0f;

}  // namespace

FillEstimate fill_estimate(const Skeleton& skeleton, const glm::mat3& to_upright) {
  FillEstimate fill;
  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  const float size = rest_pose_size(skeleton);
  if (joints == 0 || !(size > 0.0f) || !std::isfinite(size)) return fill;
  std::vector<glm::vec3> rest(joints);  // upright, in units of the figure's size
  float floor = 0.0f;                   // the lowest joint below a root (as rest_pose_size)
  bool any = false;
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    rest[j] = to_upright * skeleton.offsets[j] / size;
    if (parent == kNoParent) continue;
    rest[j] += rest[static_cast<std::size_t>(parent)];
    floor = any ? std::min(floor, rest[j].y) : rest[j].y;
    any = true;
  }
  double capsules = 0.0;
  double shadow = 0.0;
  double lines = 0.0;
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    if (parent == kNoParent) continue;
    const glm::vec3 from = rest[static_cast<std::size_t>(parent)];
    const glm::vec3 to = rest[j];
    const float length = glm::length(to - from);
    const float radius = std::clamp(length * kRadiusPerLength, kMinRadiusPerSize, kMaxRadiusPerSize);
    const float height = std::max(std::max(from.y, to.y) - floor, 0.0f);
    const float spread = 2.0f * radius + 0.35f * height;
    const float ground_length = glm::length(glm::vec2(to.x - from.x, to.z - from.z));
    lines += static_cast<double>(length);
    capsules += static_cast<double>((length + 2.0f * radius) * 2.0f * radius);
    shadow += static_cast<double>((ground_length + 2.0f * spread) * 2.0f * spread);
  }
  fill.capsules = static_cast<float>(capsules);
  fill.shadow = static_cast<float>(shadow);
  fill.lines = static_cast<float>(lines);
  return fill;
}

DrawDetail draw_detail(const Skeleton& skeleton, const glm::mat3& to_upright) {
  DrawDetail detail;
  detail.joints = skeleton.joint_count();
  detail.fill = fill_estimate(skeleton, to_upright);
  const bool huge = detail.joints > kJointBudget;
  detail.solid = !huge && detail.fill.capsules <= kCapsuleFillBudget;
  detail.joint_dots = !huge;
  detail.shadow = !huge && detail.fill.shadow <= kShadowFillBudget;
  detail.bones = bone_count(skeleton);
  detail.drawn_bones = std::min(detail.bones, kMaxDrawnBones);
  if (detail.fill.lines > kLineLengthBudget) {
    const double share = static_cast<double>(kLineLengthBudget) / static_cast<double>(detail.fill.lines);
    detail.drawn_bones =
        std::min(detail.drawn_bones, static_cast<std::size_t>(share * static_cast<double>(detail.bones)));
  }
  detail.drawn_bones = std::max<std::size_t>(detail.drawn_bones, 1);
  detail.every_bone = detail.drawn_bones >= detail.bones;
  return detail;
}

std::string draw_detail_notice(const DrawDetail& detail) {
  if (detail.full()) return {};
  const auto joints = static_cast<std::size_t>(std::max(detail.joints, 0));
  std::string why;
  std::string what;
  const auto add = [](std::string& list, const std::string& item) { list += (list.empty() ? "" : ", ") + item; };
  if (detail.joints > kJointBudget) {
    why = digit_groups(joints) + " joints, over the " + digit_groups(kJointBudget) + " drawn in full";
  } else if (!detail.solid) {
    why = "bones so long and many that their capsules would fill the view many times over";
  } else {
    why = "a shadow about " + std::to_string(std::lround(detail.fill.shadow / kHumanShadowFill)) +
          " times as large as a human figure's";
  }
  if (!detail.solid) add(what, "bones drawn as lines");
  if (!detail.joint_dots) add(what, "no joint dots");
  if (!detail.shadow) add(what, "no shadow");
  if (!detail.every_bone) {
    add(what, "about " + digit_groups(detail.drawn_bones) + " of its " + digit_groups(detail.bones) +
                  " bones, spread over the skeleton");
  }
  if (joints > kMaxLabels) add(what, "labels for at most " + digit_groups(kMaxLabels) + " joints");
  return why + ": " + what;
}

ReducedBones reduced_bones(const Skeleton& skeleton, std::size_t max_bones) {
  ReducedBones segments;
  segments.bones = bone_count(skeleton);
  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  if (segments.bones <= max_bones) {
    segments.from.reserve(segments.bones);
    segments.to.reserve(segments.bones);
    for (std::size_t j = 0; j < joints; ++j) {
      if (skeleton.parents[j] == kNoParent) continue;
      segments.from.push_back(skeleton.parents[j]);
      segments.to.push_back(static_cast<int>(j));
    }
    return segments;
  }
  const double share = static_cast<double>(max_bones) / static_cast<double>(segments.bones);
  const auto threshold = static_cast<std::uint64_t>(share * 18446744073709551616.0);  // share * 2^64, share < 1
  const auto picked = [threshold](std::size_t index) {
    return static_cast<std::uint64_t>(index) * kGolden < threshold;
  };
  // Chains: runs of bones through joints with one child each, named by their first child joint
  // (the joint after a root or a fork). A short chain (a finger, a ray of a fan) is kept whole or
  // left out; a long one is kept as a polyline through its picked joints and its last.
  std::vector<int> children(joints, 0);
  for (const int parent : skeleton.parents) {
    if (parent != kNoParent) ++children[static_cast<std::size_t>(parent)];
  }
  const auto in_chain = [&](int joint) {  // a joint that a chain passes through (one child, a parent)
    return skeleton.parents[static_cast<std::size_t>(joint)] != kNoParent &&
           children[static_cast<std::size_t>(joint)] == 1;
  };
  std::vector<int> start(joints, -1);
  std::vector<int> length(joints, 0);  // at a chain's first joint: its joints
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    if (parent == kNoParent) continue;
    start[j] = in_chain(parent) ? start[static_cast<std::size_t>(parent)] : static_cast<int>(j);
    ++length[static_cast<std::size_t>(start[j])];
  }
  // anchor[j]: where a kept descendant's segment starts when j is its nearest kept ancestor or a
  // joint a chain cannot pass (a root, a fork); a left-out joint in a chain passes on its own.
  std::vector<int> anchor(joints);
  segments.from.reserve(max_bones + max_bones / 4);
  segments.to.reserve(max_bones + max_bones / 4);
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    if (parent == kNoParent) {
      anchor[j] = static_cast<int>(j);
      continue;
    }
    const auto first = static_cast<std::size_t>(start[j]);
    const bool kept = length[first] <= kShortChain ? picked(first) : picked(j) || !in_chain(static_cast<int>(j));
    anchor[j] = kept || !in_chain(static_cast<int>(j)) ? static_cast<int>(j) : anchor[static_cast<std::size_t>(parent)];
    if (!kept) continue;
    segments.from.push_back(anchor[static_cast<std::size_t>(parent)]);
    segments.to.push_back(static_cast<int>(j));
  }
  return segments;
}

std::size_t write_segment_vertices(const ReducedBones& segments, const Pose& pose, std::span<glm::vec3> out) noexcept {
  const std::size_t count = std::min(segments.size(), out.size() / 2);
  for (std::size_t s = 0; s < count; ++s) {
    out[2 * s] = glm::vec3(pose.world[static_cast<std::size_t>(segments.from[s])][3]);
    out[2 * s + 1] = glm::vec3(pose.world[static_cast<std::size_t>(segments.to[s])][3]);
  }
  return 2 * count;
}

}  // namespace bvhscope
