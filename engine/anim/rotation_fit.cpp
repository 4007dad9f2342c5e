#include "anim/rotation_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/best_rotation.hpp"
#include "anim/euler.hpp"
#include "anim/pose.hpp"
#include "anim/tpose_directions.hpp"

namespace bvhscope {
namespace {

constexpr RotationOrder kZxy{2, 0, 1};  // the channels written: Zrotation Xrotation Yrotation

glm::dvec3 joint_position(const Motion& motion, std::size_t frame, int joint) {
  const std::span<const float> row = motion.joint_positions(frame);
  const auto at = static_cast<std::size_t>(joint) * 3;
  return {row[at], row[at + 1], row[at + 2]};
}

// The input's bones: each joint's children, and its offset from its parent in the rest pose.
struct RestSkeleton {
  std::vector<std::vector<int>> children;
  std::vector<glm::dvec3> rest;      // the joint's offset from its parent at rest (zero for roots)
  std::vector<std::uint8_t> spread;  // 1 when the joint's children do not all lie on one line
};

// Mean bone lengths (and the stretch report) and first-frame directions.
RestSkeleton rest_from_motion(const Clip& clip, double tiny, RotationFitReport& report) {
  const Skeleton& s = clip.skeleton;
  const Motion& m = clip.motion;
  const int joints = s.joint_count();
  RestSkeleton rest{std::vector<std::vector<int>>(static_cast<std::size_t>(joints)),
                    std::vector<glm::dvec3>(static_cast<std::size_t>(joints), glm::dvec3(0.0)),
                    std::vector<std::uint8_t>(static_cast<std::size_t>(joints), 0)};
  for (int j = 0; j < joints; ++j) {
    const int parent = s.parents[static_cast<std::size_t>(j)];
    if (parent == kNoParent) continue;
    rest.children[static_cast<std::size_t>(parent)].push_back(j);
    double sum = 0.0;
    double shortest = std::numeric_limits<double>::infinity();
    double longest = 0.0;
    std::optional<glm::dvec3> direction;
    for (std::size_t f = 0; f < m.frame_count; ++f) {
      const glm::dvec3 bone = joint_position(m, f, j) - joint_position(m, f, parent);
      const double length = glm::length(bone);
      sum += length;
      shortest = std::min(shortest, length);
      longest = std::max(longest, length);
      if (!direction && length > tiny) direction = bone / length;
    }
    const double mean = sum / static_cast<double>(m.frame_count);
    if (!direction || !(mean > tiny)) continue;  // a bone of no length: the joint sits on its parent
    rest.rest[static_cast<std::size_t>(j)] = *direction * mean;
    const double stretch = (longest - shortest) / mean;
    if (stretch > report.max_stretch || report.stretch_joint < 0) {
      report.max_stretch = stretch;
      report.max_stretch_length = longest - shortest;
      report.stretch_joint = j;
    }
  }
  return rest;
}

// Turns each joint's bones as a whole so that the rest pose reads as a T-pose where the names
// say how (the bones' directions relative to one another stay as in the motion).
void turn_into_tpose(const Skeleton& s, RestSkeleton& rest) {
  for (int p = 0; p < s.joint_count(); ++p) {
    std::vector<DirectionPair> pairs;
    for (const int c : rest.children[static_cast<std::size_t>(p)]) {
      const glm::dvec3 bone = rest.rest[static_cast<std::size_t>(c)];
      if (glm::length(bone) == 0.0) continue;
      if (const std::optional<glm::dvec3> target =
              tpose_direction(s.names[static_cast<std::size_t>(c)], s.names[static_cast<std::size_t>(p)]))
        pairs.push_back({glm::normalize(bone), *target, 1.0});
    }
    if (pairs.empty()) continue;
    const glm::dquat turn = best_rotation(pairs).value_or(shortest_rotation(pairs.front().from, pairs.front().to));
    for (const int c : rest.children[static_cast<std::size_t>(p)])
      rest.rest[static_cast<std::size_t>(c)] = turn * rest.rest[static_cast<std::size_t>(c)];
  }
  for (int p = 0; p < s.joint_count(); ++p) {
    const std::vector<int>& children = rest.children[static_cast<std::size_t>(p)];
    for (std::size_t a = 0; a < children.size() && !rest.spread[static_cast<std::size_t>(p)]; ++a) {
      for (std::size_t b = a + 1; b < children.size(); ++b) {
        const glm::dvec3 u = rest.rest[static_cast<std::size_t>(children[a])];
        const glm::dvec3 v = rest.rest[static_cast<std::size_t>(children[b])];
        if (glm::length(u) == 0.0 || glm::length(v) == 0.0) continue;
        if (glm::length(glm::cross(glm::normalize(u), glm::normalize(v))) > 1e-3) {
          rest.spread[static_cast<std::size_t>(p)] = 1;
          break;
        }
      }
    }
  }
}

// What an output joint is: an input joint, an input End Site (kept as one), or the End Site added
// after an input joint without children.
enum class OutputKind : std::uint8_t { Joint, EndSite, AddedEndSite };

// The output's joints in depth-first order: for each, the input joint it is (or ends).
struct OutputOrder {
  std::vector<int> input_of;
  std::vector<OutputKind> kind;
  std::vector<int> output_of;  // per input joint
};

OutputOrder depth_first(const Skeleton& s, const RestSkeleton& rest) {
  OutputOrder order;
  order.output_of.assign(static_cast<std::size_t>(s.joint_count()), -1);
  std::vector<int> stack;
  for (int r = s.joint_count() - 1; r >= 0; --r)
    if (s.parents[static_cast<std::size_t>(r)] == kNoParent) stack.push_back(r);
  while (!stack.empty()) {
    const int j = stack.back();
    stack.pop_back();
    order.output_of[static_cast<std::size_t>(j)] = static_cast<int>(order.input_of.size());
    order.input_of.push_back(j);
    const std::vector<int>& children = rest.children[static_cast<std::size_t>(j)];
    const bool input_end = s.is_end_site(j) && children.empty() && s.parents[static_cast<std::size_t>(j)] != kNoParent;
    order.kind.push_back(input_end ? OutputKind::EndSite : OutputKind::Joint);
    if (children.empty() && !input_end) {
      order.input_of.push_back(j);
      order.kind.push_back(OutputKind::AddedEndSite);
    }
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
  }
  return order;
}

Skeleton fitted_skeleton(const Skeleton& input, const RestSkeleton& rest, const OutputOrder& order) {
  Skeleton s;
  const std::size_t count = order.input_of.size();
  s.names.reserve(count);
  for (std::size_t o = 0; o < count; ++o) {
    const int j = order.input_of[o];
    const bool added = order.kind[o] == OutputKind::AddedEndSite;
    const bool end = order.kind[o] != OutputKind::Joint;
    const int input_parent = input.parents[static_cast<std::size_t>(j)];
    const int parent =
        added ? static_cast<int>(o) - 1
              : (input_parent == kNoParent ? kNoParent : order.output_of[static_cast<std::size_t>(input_parent)]);
    s.names.push_back(added ? input.names[static_cast<std::size_t>(j)] + "End"
                            : input.names[static_cast<std::size_t>(j)]);
    s.parents.push_back(parent);
    const glm::dvec3 bone = rest.rest[static_cast<std::size_t>(j)];
    s.offsets.push_back(glm::vec3(added ? bone * 0.5 : bone));
    s.end_sites.push_back(end ? 1 : 0);
    s.source_lines.push_back(input.source_lines.empty() ? 0 : input.source_lines[static_cast<std::size_t>(j)]);
    s.first_channels.push_back(s.channel_count());
    if (parent == kNoParent) {
      s.roots.push_back(static_cast<int>(o));
      for (const ChannelKind kind : {ChannelKind::Xposition, ChannelKind::Yposition, ChannelKind::Zposition}) {
        s.channel_kinds.push_back(kind);
        s.channel_joints.push_back(static_cast<int>(o));
      }
    }
    if (!end) {
      for (const ChannelKind kind : {ChannelKind::Zrotation, ChannelKind::Xrotation, ChannelKind::Yrotation}) {
        s.channel_kinds.push_back(kind);
        s.channel_joints.push_back(static_cast<int>(o));
      }
    }
    s.channel_counts.push_back(s.channel_count() - s.first_channels.back());
  }
  return s;
}

// The world rotation of joint `p` in a frame: what best carries its bones onto the positions.
// `pairs` is scratch space, reused from joint to joint.
glm::dquat solve_joint(const Clip& clip, const RestSkeleton& rest, std::size_t frame, int p,
                       const glm::dquat& parent_world, const glm::dquat& previous, double tiny,
                       std::vector<DirectionPair>& pairs) {
  const Motion& m = clip.motion;
  const glm::dvec3 origin = joint_position(m, frame, p);
  pairs.clear();
  for (const int c : rest.children[static_cast<std::size_t>(p)]) {
    const glm::dvec3 bone = rest.rest[static_cast<std::size_t>(c)];
    const double length = glm::length(bone);
    const glm::dvec3 seen = joint_position(m, frame, c) - origin;
    const double seen_length = glm::length(seen);
    if (length == 0.0 || !(seen_length > tiny)) continue;
    pairs.push_back({bone / length, seen / seen_length, length});
  }
  if (rest.children[static_cast<std::size_t>(p)].empty()) return parent_world;
  if (pairs.empty()) return previous;  // nothing to follow this frame: keep the last rotation
  if (rest.spread[static_cast<std::size_t>(p)] != 0 && pairs.size() > 1) {
    if (const std::optional<glm::dquat> best = best_rotation(pairs)) return *best;
  }
  // One bone (or bones on one line): the shortest turn from where the parent carries it.
  const DirectionPair& main = *std::max_element(
      pairs.begin(), pairs.end(), [](const DirectionPair& a, const DirectionPair& b) { return a.weight < b.weight; });
  const glm::dvec3 carried = parent_world * main.from;
  return glm::normalize(shortest_rotation(carried, main.to, parent_world * glm::dvec3(0.0, 0.0, 1.0)) * parent_world);
}

}  // namespace

Result<Clip> fit_rotations(const Clip& positions, RotationFitReport* report) {
  const Skeleton& input = positions.skeleton;
  const Motion& m = positions.motion;
  if (!m.holds_positions() || m.position_joints != input.joint_count())
    return Diagnostic{positions.source, 0, 0, "fitting rotations needs a motion of joint positions"};
  if (m.frame_count == 0) return Diagnostic{positions.source, 0, 0, "the motion has no frames: nothing to fit"};
  double extent = 0.0;
  for (std::size_t i = 0; i < m.positions.size(); ++i)
    extent = std::max(extent, static_cast<double>(std::abs(m.positions.data()[i])));
  const double tiny = std::max(extent, 1.0) * 1e-9;

  RotationFitReport fit;
  RestSkeleton rest = rest_from_motion(positions, tiny, fit);
  turn_into_tpose(input, rest);
  const OutputOrder order = depth_first(input, rest);

  Clip out;
  out.source = positions.source;
  out.name = positions.name;
  out.declared_frame_time = positions.declared_frame_time;
  out.warnings = positions.warnings;
  out.skeleton = fitted_skeleton(input, rest, order);
  out.motion.frame_count = m.frame_count;
  out.motion.frame_time = m.frame_time;
  out.motion.channel_count = out.skeleton.channel_count();
  const auto channels = static_cast<std::size_t>(out.motion.channel_count);
  out.motion.values = FrameValues(m.frame_count * channels, 0.0f);

  const auto joints = static_cast<std::size_t>(input.joint_count());
  std::vector<glm::dquat> world(joints, glm::dquat(1.0, 0.0, 0.0, 0.0));
  std::vector<std::optional<EulerAngles>> previous_angles(joints);
  std::vector<DirectionPair> pairs;
  for (std::size_t f = 0; f < m.frame_count; ++f) {
    float* row = out.motion.values.data() + f * channels;
    for (int j = 0; j < input.joint_count(); ++j) {
      const int parent = input.parents[static_cast<std::size_t>(j)];
      const glm::dquat parent_world =
          parent == kNoParent ? glm::dquat(1.0, 0.0, 0.0, 0.0) : world[static_cast<std::size_t>(parent)];
      world[static_cast<std::size_t>(j)] =
          solve_joint(positions, rest, f, j, parent_world, world[static_cast<std::size_t>(j)], tiny, pairs);
      const glm::dquat local = glm::inverse(parent_world) * world[static_cast<std::size_t>(j)];
      const EulerAngles angles =
          euler_angles(glm::mat3_cast(local), kZxy, previous_angles[static_cast<std::size_t>(j)]);
      previous_angles[static_cast<std::size_t>(j)] = angles;
      const int o = order.output_of[static_cast<std::size_t>(j)];
      if (out.skeleton.channel_counts[static_cast<std::size_t>(o)] == 0) continue;  // an End Site
      float* values = row + out.skeleton.first_channels[static_cast<std::size_t>(o)];
      if (parent == kNoParent) {
        const glm::dvec3 at = joint_position(m, f, j);
        for (int axis = 0; axis < 3; ++axis) *values++ = static_cast<float>(at[axis]);
      }
      for (int axis = 0; axis < 3; ++axis) values[axis] = static_cast<float>(angles[static_cast<std::size_t>(axis)]);
    }
  }

  // The fit's error: every joint of every frame posed from the channels against its position.
  Pose pose;
  double total = 0.0;
  for (std::size_t f = 0; f < m.frame_count; ++f) {
    pose_frame(out, f, PositionMode::Add, pose);
    for (int j = 0; j < input.joint_count(); ++j) {
      const glm::dvec3 fitted(pose.position(order.output_of[static_cast<std::size_t>(j)]));
      const double error = glm::length(fitted - joint_position(m, f, j));
      total += error;
      if (error > fit.max_error) {
        fit.max_error = error;
        fit.max_error_joint = j;
        fit.max_error_frame = f;
      }
    }
  }
  fit.mean_error = total / static_cast<double>(m.frame_count * joints);
  if (report != nullptr) *report = fit;
  return out;
}

}  // namespace bvhscope
