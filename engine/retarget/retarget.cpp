#include "retarget/retarget.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/best_rotation.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/euler.hpp"
#include "anim/pose.hpp"
#include "anim/rotation_fit.hpp"
#include "retarget/limb_reach.hpp"

namespace bvhscope {
namespace {

using glm::dquat;
using glm::dvec3;

// A clip's rest pose (every channel 0) in its upright frame: rotations and positions per joint.
struct UprightPose {
  std::vector<dquat> rotation;
  std::vector<dvec3> position;
};

void upright_joint(const Pose& pose, const glm::dmat3& to_upright, const dquat& turn, std::size_t j, UprightPose& out) {
  const glm::dmat3 rotation(glm::mat3(pose.world[j]));
  out.rotation[j] = glm::normalize(turn * glm::quat_cast(rotation));
  out.position[j] = to_upright * dvec3(pose.world[j][3]);
}

void upright_pose(const Pose& pose, const glm::dmat3& to_upright, UprightPose& out) {
  const std::size_t count = pose.world.size();
  out.rotation.resize(count);
  out.position.resize(count);
  const dquat turn = glm::quat_cast(to_upright);
  for (std::size_t j = 0; j < count; ++j) upright_joint(pose, to_upright, turn, j, out);
}

std::vector<glm::vec3> as_floats(const std::vector<dvec3>& positions) {
  std::vector<glm::vec3> floats(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) floats[i] = glm::vec3(positions[i]);
  return floats;
}

// The rig of a clip: found in its rest pose, else in its first frame (a rest pose that is not a
// standing figure).
Result<HumanoidRig> rig_of(const Clip& clip, const UprightPose& rest, const glm::dmat3& to_upright, PositionMode mode) {
  Result<HumanoidRig> rig = find_humanoid_rig(clip.skeleton, as_floats(rest.position), clip.source);
  if (rig || clip.motion.frame_count == 0) return rig;
  Pose pose;
  pose_frame(clip, 0, mode, pose);
  UprightPose first;
  upright_pose(pose, to_upright, first);
  Result<HumanoidRig> posed = find_humanoid_rig(clip.skeleton, as_floats(first.position), clip.source);
  return posed ? std::move(posed) : std::move(rig);
}

// The legs' mean length, thigh plus shin, in the rest pose.
double leg_length(const HumanoidRig& rig, const UprightPose& rest) {
  double total = 0.0;
  for (const HumanoidLeg& leg : rig.legs) {
    const auto at = [&](int joint) { return rest.position[static_cast<std::size_t>(joint)]; };
    total += glm::length(at(leg.lower) - at(leg.upper)) + glm::length(at(leg.foot) - at(leg.lower));
  }
  return total / 2.0;
}

// Whether unit directions spread off one line by more than about 3 degrees: less leaves the twist
// about that line to the noise of the numbers.
bool spread(const std::vector<DirectionPair>& pairs, bool to) {
  for (std::size_t i = 0; i < pairs.size(); ++i)
    for (std::size_t j = i + 1; j < pairs.size(); ++j) {
      const dvec3 a = to ? pairs[i].to : pairs[i].from;
      const dvec3 b = to ? pairs[j].to : pairs[j].from;
      if (glm::length(glm::cross(a, b)) > 0.05) return true;
    }
  return false;
}

// The rotation that best turns the `from` directions onto the `to` directions (unit vectors):
// Horn's for several that spread on both sides, else the shortest one onto their sum.
std::optional<dquat> fit_directions(std::vector<DirectionPair>& pairs) {
  if (pairs.empty()) return std::nullopt;
  if (pairs.size() >= 2 && spread(pairs, false) && spread(pairs, true))
    if (const auto best = best_rotation(pairs)) return best;
  dvec3 from(0.0);
  dvec3 to(0.0);
  for (const DirectionPair& pair : pairs) {
    from += pair.from * pair.weight;
    to += pair.to * pair.weight;
  }
  if (glm::length(from) < 1e-9 || glm::length(to) < 1e-9) return std::nullopt;
  return shortest_rotation(from, to);
}

// Which of a joint's bones fix its turn as a body's frame: the one up the spine (pointed exactly)
// and the two of a pair of limbs (left minus right: the facing about it). The hips and the chest.
struct FrameKeys {
  int up = -1;  // indices into the joint's keys
  int left = -1;
  int right = -1;
  [[nodiscard]] bool usable() const noexcept { return up >= 0 && left >= 0 && right >= 0; }
};

// The rotation turning the frame (up, across) onto (up', across'): `up` exactly, `across` as near
// as the plane across `up` allows. Nothing when `across` is short or (near) along `up` on either side.
std::optional<dquat> fit_frame(const dvec3& up_from, const dvec3& across_from, const dvec3& up_to,
                               const dvec3& across_to) {
  const auto basis = [](const dvec3& up, const dvec3& across) -> std::optional<glm::dmat3> {
    const double length = glm::length(up);
    if (!(length > 0.0)) return std::nullopt;
    const dvec3 e1 = up / length;
    const dvec3 side = across - glm::dot(across, e1) * e1;
    // Limbs leaving from one point (shoulders at the top of the spine) say nothing of the facing.
    if (!(glm::length(side) > 0.05 * length)) return std::nullopt;
    const dvec3 e2 = glm::normalize(side);
    return glm::dmat3(e1, e2, glm::cross(e1, e2));
  };
  const auto from = basis(up_from, across_from);
  const auto to = basis(up_to, across_to);
  if (!from || !to) return std::nullopt;
  return glm::normalize(glm::quat_cast(*to * glm::transpose(*from)));
}

// How far planting a foot may turn a thigh or shin away from the source's direction (radians): 4.5
// degrees, under the 5 the legs' directions are held to; a foot is held as far as that allows.
constexpr double kMaxLegTurn = 4.5 * 3.14159265358979323846 / 180.0;
const double kMaxLegTurnCosine = std::cos(kMaxLegTurn);

// A unit direction, or nothing for a (near) zero vector.
std::optional<dvec3> direction(const dvec3& vector, double tiny) {
  const double length = glm::length(vector);
  if (!(length > tiny)) return std::nullopt;
  return vector / length;
}

RotationOrder order_of(const Skeleton& skeleton, int joint) {
  RotationOrder order{0, 1, 2};
  int filled = 0;
  const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
  for (int c = 0; c < skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++c) {
    const ChannelKind kind = skeleton.channel_kinds[static_cast<std::size_t>(first + c)];
    if (is_rotation(kind) && filled < 3) order[static_cast<std::size_t>(filled++)] = channel_axis(kind);
  }
  // Fewer than three rotation channels: the missing axes after them (their angles are not written).
  for (int axis = 0; axis < 3 && filled < 3; ++axis)
    if (std::find(order.begin(), order.begin() + filled, axis) == order.begin() + filled)
      order[static_cast<std::size_t>(filled++)] = axis;
  return order;
}

}  // namespace

Result<Clip> retarget(const Clip& source_input, const Clip& target_input, const RetargetOptions& options,
                      RetargetReport* report) {
  RetargetReport local_report;
  RetargetReport& said = report ? *report : local_report;
  said = RetargetReport{};
  // Joint positions get channels first: a rotation to carry, a skeleton to write.
  std::optional<Clip> fitted_source;
  std::optional<Clip> fitted_target;
  if (source_input.motion.holds_positions()) {
    Result<Clip> fitted = fit_rotations(source_input);
    if (!fitted) return fitted.error();
    fitted_source = std::move(fitted).value();
  }
  if (target_input.motion.holds_positions()) {
    Result<Clip> fitted = fit_rotations(target_input);
    if (!fitted) return fitted.error();
    fitted_target = std::move(fitted).value();
    said.target_fitted = true;
  }
  const Clip& source = fitted_source ? *fitted_source : source_input;
  const Clip& target = fitted_target ? *fitted_target : target_input;
  if (source.motion.frame_count == 0) return Diagnostic{source.source, 0, 0, "no frames to retarget"};

  const ClipAnalysis source_analysis = analyse_clip(source, PositionModeRequest::Auto, options.source_up);
  const ClipAnalysis target_analysis = analyse_clip(target, PositionModeRequest::Auto, options.target_up);
  said.source_up = source_analysis.up.axis;
  said.target_up = target_analysis.up.axis;
  const glm::dmat3 source_upright(source_analysis.to_upright);
  const glm::dmat3 target_upright(target_analysis.to_upright);
  const dquat target_turn = glm::normalize(glm::quat_cast(target_upright));

  Pose pose;
  UprightPose source_rest;
  pose_rest(source, pose);
  upright_pose(pose, source_upright, source_rest);
  UprightPose target_rest;
  pose_rest(target, pose);
  upright_pose(pose, target_upright, target_rest);

  Result<HumanoidRig> source_rig = rig_of(source, source_rest, source_upright, source_analysis.position.mode);
  if (!source_rig) return source_rig.error();
  Result<HumanoidRig> target_rig = rig_of(target, target_rest, target_upright, target_analysis.position.mode);
  if (!target_rig) return target_rig.error();
  said.source_rig = source_rig.value();
  said.target_rig = target_rig.value();

  const std::vector<glm::vec3> source_rest_floats = as_floats(source_rest.position);
  const std::vector<glm::vec3> target_rest_floats = as_floats(target_rest.position);
  RetargetMapInput map_input;
  map_input.source = &source.skeleton;
  map_input.source_rig = &said.source_rig;
  map_input.source_rest = source_rest_floats;
  map_input.target = &target.skeleton;
  map_input.target_rig = &said.target_rig;
  map_input.target_rest = target_rest_floats;
  map_input.fingers = options.fingers;
  map_input.explicit_pairs = options.map;
  map_input.explicit_lines = options.map_lines;
  map_input.map_source = options.map_source;
  Result<std::vector<RetargetPair>> pairs = retarget_map(map_input);
  if (!pairs) return pairs.error();
  said.pairs = pairs.value();
  said.source_skeleton = source.skeleton;
  said.target_skeleton = target.skeleton;

  // The root's path: scaled by the legs, by the units, or not moved.
  said.source_leg = leg_length(said.source_rig, source_rest);
  said.target_leg = leg_length(said.target_rig, target_rest);
  if (options.root == RootMotion::Scale) {
    if (!(said.source_leg > 0.0) || !(said.target_leg > 0.0))
      return Diagnostic{source.source, 0, 0,
                        "the legs have no length, so the root's path cannot be scaled (--root keep or none)"};
    said.root_scale = said.target_leg / said.source_leg;
  } else if (options.root == RootMotion::Keep) {
    const double from = source_analysis.figure.units.metres_per_unit;
    const double to = target_analysis.figure.units.metres_per_unit;
    if (!(from > 0.0) || !(to > 0.0))
      return Diagnostic{from > 0.0 ? target.source : source.source, 0, 0,
                        "its length unit cannot be told, so --root keep cannot keep the path's length (--root scale)"};
    said.root_scale = from / to;
  }

  const Skeleton& skeleton = target.skeleton;
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  std::vector<int> source_of(count, -1);
  for (const RetargetPair& pair : said.pairs) source_of[static_cast<std::size_t>(pair.target)] = pair.source;
  // Each mapped joint's nearest mapped descendants (the bones it points), and their vectors in its
  // own frame at rest (the joints between keep their rest pose, so the vectors stay).
  std::vector<std::vector<int>> keys(count);
  std::vector<std::vector<dvec3>> key_vectors(count);
  for (std::size_t k = 0; k < count; ++k) {
    if (source_of[k] < 0) continue;
    for (int a = skeleton.parents[k]; a >= 0; a = skeleton.parents[static_cast<std::size_t>(a)]) {
      const auto ancestor = static_cast<std::size_t>(a);
      if (source_of[ancestor] < 0) continue;
      keys[ancestor].push_back(static_cast<int>(k));
      key_vectors[ancestor].push_back(glm::inverse(target_rest.rotation[ancestor]) *
                                      (target_rest.position[k] - target_rest.position[ancestor]));
      break;
    }
  }
  // The hips and the chest turn as frames: up the spine, and across the legs or the arms.
  const HumanoidRig& rig = said.target_rig;
  const auto leads_to = [&](int key, int joint) {
    for (int j = joint; j >= 0; j = skeleton.parents[static_cast<std::size_t>(j)])
      if (j == key) return true;
    return false;
  };
  std::vector<FrameKeys> frames(count);
  const auto frame_of = [&](int joint, int left_end, int right_end) {
    if (joint < 0 || left_end < 0 || right_end < 0) return;
    FrameKeys& frame = frames[static_cast<std::size_t>(joint)];
    const std::vector<int>& joint_keys = keys[static_cast<std::size_t>(joint)];
    for (std::size_t k = 0; k < joint_keys.size(); ++k) {
      const int key = joint_keys[k];
      if (leads_to(key, rig.head) && !leads_to(key, left_end) && !leads_to(key, right_end))
        frame.up = static_cast<int>(k);
      if (leads_to(key, left_end) && !leads_to(key, right_end)) frame.left = static_cast<int>(k);
      if (leads_to(key, right_end) && !leads_to(key, left_end)) frame.right = static_cast<int>(k);
    }
  };
  frame_of(rig.hips, rig.legs[0].foot, rig.legs[1].foot);
  if (rig.has_arms()) frame_of(rig.chest(), rig.arms[0].hand, rig.arms[1].hand);

  // Rest local rotations, and the target's rest aligned to the source's: each mapped joint turned
  // (after its parent) so that its bones point as the source's bones point at rest.
  std::vector<dquat> rest_local(count);
  std::vector<dquat> aligned(count);
  const double tiny = 1e-9 * std::max(1.0, static_cast<double>(target_analysis.figure.extent));
  const double source_tiny = 1e-9 * std::max(1.0, static_cast<double>(source_analysis.figure.extent));
  std::vector<DirectionPair> fit;
  // The turn that brings joint j's bones (its keys' vectors, turned by `turned`) onto the source's
  // bones at `source_at`: as a frame for the hips and the chest, else the best fit of them all.
  const auto bone_turn = [&](std::size_t j, const dquat& turned, const std::vector<dvec3>& source_at) {
    const auto from_joint = static_cast<std::size_t>(source_of[j]);
    const auto source_vector = [&](std::size_t k) {
      return source_at[static_cast<std::size_t>(source_of[static_cast<std::size_t>(keys[j][k])])] -
             source_at[from_joint];
    };
    if (frames[j].usable()) {
      const auto up = static_cast<std::size_t>(frames[j].up);
      const auto left = static_cast<std::size_t>(frames[j].left);
      const auto right = static_cast<std::size_t>(frames[j].right);
      const auto frame = fit_frame(turned * key_vectors[j][up], turned * (key_vectors[j][left] - key_vectors[j][right]),
                                   source_vector(up), source_vector(left) - source_vector(right));
      if (frame) return frame;
    }
    fit.clear();
    for (std::size_t k = 0; k < keys[j].size(); ++k) {
      const auto from = direction(turned * key_vectors[j][k], tiny);
      const auto to = direction(source_vector(k), source_tiny);
      if (from && to) fit.push_back({*from, *to, 1.0});
    }
    return fit_directions(fit);
  };
  for (std::size_t j = 0; j < count; ++j) {
    const int parent = skeleton.parents[j];
    const dquat parent_rest = parent < 0 ? target_turn : target_rest.rotation[static_cast<std::size_t>(parent)];
    rest_local[j] = glm::normalize(glm::inverse(parent_rest) * target_rest.rotation[j]);
    const dquat base = (parent < 0 ? target_turn : aligned[static_cast<std::size_t>(parent)]) * rest_local[j];
    aligned[j] = base;
    if (source_of[j] < 0) continue;
    if (const auto turn = bone_turn(j, base, source_rest.position)) aligned[j] = glm::normalize(*turn * base);
  }

  // The joint the root's path moves: the first on the way from the hips' root down to the hips
  // with position channels.
  const int hips = said.target_rig.hips;
  int mover = -1;
  {
    std::vector<int> path;
    for (int j = hips; j >= 0; j = skeleton.parents[static_cast<std::size_t>(j)]) path.push_back(j);
    for (auto it = path.rbegin(); it != path.rend() && mover < 0; ++it)
      if (skeleton.has_channel(*it, is_position)) mover = *it;
  }
  const double source_floor = static_cast<double>(source_analysis.figure.floor);
  const double target_floor = static_cast<double>(target_analysis.figure.floor);
  // The hips' height above the hip joints at rest, in each figure: the root's height is carried
  // from hip joints to hip joints, so that a straight source leg is a straight target leg.
  const auto pelvis_drop = [](const HumanoidRig& rig_of_clip, const UprightPose& rest) {
    return rest.position[static_cast<std::size_t>(rig_of_clip.hips)].y -
           0.5 * (rest.position[static_cast<std::size_t>(rig_of_clip.legs[0].upper)].y +
                  rest.position[static_cast<std::size_t>(rig_of_clip.legs[1].upper)].y);
  };
  const double hips_lift =
      pelvis_drop(said.target_rig, target_rest) - said.root_scale * pelvis_drop(said.source_rig, source_rest);
  const auto source_hips = static_cast<std::size_t>(said.source_rig.hips);

  Clip out;
  out.source = source_input.source;
  out.name = source_input.name;
  out.skeleton = skeleton;
  out.meshes = target.meshes;  // the target's character, skinned to the skeleton the motion is now on
  out.motion.frame_count = source.motion.frame_count;
  out.motion.channel_count = skeleton.channel_count();
  out.motion.frame_time = source.motion.frame_time;
  out.declared_frame_time = source_input.declared_frame_time;
  out.motion.values = FrameValues(source.motion.frame_count * static_cast<std::size_t>(skeleton.channel_count()), 0.0f);
  const PositionMode out_mode = target_analysis.position.mode;

  std::vector<RotationOrder> orders(count);
  std::vector<EulerAngles> rest_angles(count);
  std::vector<std::uint8_t> previous_at_rest(count, 0);
  for (std::size_t j = 0; j < count; ++j) {
    orders[j] = order_of(skeleton, static_cast<int>(j));
    rest_angles[j] = euler_angles(glm::mat3_cast(rest_local[j]), orders[j]);
  }
  std::vector<std::optional<EulerAngles>> previous(count);
  std::vector<dquat> source_delta(source_rest.rotation.size());
  std::vector<dquat> world(count);
  std::vector<dvec3> position(count);
  std::vector<dvec3> translation(count);
  // The torso: the joints from the hips' child on the way up to the neck (the neck left out).
  // (the head when the neck has no source: a source rig without one)
  const int target_neck =
      !rig.neck.empty() && source_of[static_cast<std::size_t>(rig.neck.front())] >= 0 ? rig.neck.front() : rig.head;
  const int source_neck = source_of[static_cast<std::size_t>(target_neck)];
  std::vector<std::uint8_t> in_torso(count, 0);
  int torso_start = -1;
  if (source_neck >= 0) {
    for (int j = skeleton.parents[static_cast<std::size_t>(target_neck)]; j >= 0 && j != hips;
         j = skeleton.parents[static_cast<std::size_t>(j)]) {
      in_torso[static_cast<std::size_t>(j)] = 1;
      torso_start = j;
    }
    if (torso_start >= 0 && skeleton.parents[static_cast<std::size_t>(torso_start)] != hips) torso_start = -1;
  }
  // The source's ankles over the motion (upright), and how planted each is at each frame: 1 when
  // slow (under 0.15 leg lengths a second) and low (within 0.2 leg lengths of its floor), 0 from
  // twice as fast or 0.35 legs up, linear between; widened and eased as said below.
  const bool plant = options.plant_feet && options.root != RootMotion::None && mover >= 0;
  const std::size_t frames_count = source.motion.frame_count;
  std::array<std::vector<double>, 2> planted;
  std::array<std::vector<dvec3>, 2> ankles;
  UprightPose frame_pose;
  frame_pose.rotation.resize(source_rest.rotation.size());
  frame_pose.position.resize(source_rest.position.size());
  if (plant) {
    // (each ankle posed along its own chain from the root: a fraction of the whole pose)
    for (std::size_t side = 0; side < 2; ++side) {
      ankles[side].resize(frames_count);
      std::vector<int> chain;
      for (int j = said.source_rig.legs[side].foot; j >= 0; j = source.skeleton.parents[static_cast<std::size_t>(j)])
        chain.push_back(j);
      std::reverse(chain.begin(), chain.end());
      for (std::size_t f = 0; f < frames_count; ++f) {
        const std::span<const float> values = source.motion.frame(f);
        glm::mat3 turn(1.0f);
        glm::vec3 at(0.0f);
        for (const int j : chain) {
          at += turn * joint_translation(source.skeleton, j, values, source_analysis.position.mode);
          turn = turn * joint_rotation(source.skeleton, j, values);
        }
        ankles[side][f] = source_upright * dvec3(at);
      }
    }
    const double leg = std::max(said.source_leg, 1e-12);
    const double step = source.motion.frame_time;
    // The slower of the steps into and out of each frame (a lone glitch frame in a capture does not
    // lift a planted foot), then the most planted over a few hundredths of a second each side, then
    // a moving average over the same span: weights that ease in and out.
    const auto reach = static_cast<std::size_t>(std::max(1.0, std::round(0.025 / std::max(step, 1e-9))));
    for (std::size_t side = 0; side < 2; ++side) {
      const std::vector<dvec3>& at = ankles[side];
      std::vector<double> raw(frames_count);
      for (std::size_t f = 0; f < frames_count; ++f) {
        const double back = f > 0 ? glm::length(at[f] - at[f - 1]) : std::numeric_limits<double>::max();
        const double forth = f + 1 < frames_count ? glm::length(at[f + 1] - at[f]) : std::numeric_limits<double>::max();
        const double moved = std::min(back, forth);
        const double speed = frames_count > 1 && step > 0.0 ? moved / step / leg : 0.0;
        const double height = (at[f].y - source_floor) / leg;
        raw[f] = std::clamp((0.3 - speed) / 0.15, 0.0, 1.0) * std::clamp((0.35 - height) / 0.15, 0.0, 1.0);
      }
      std::vector<double> widest(frames_count);
      for (std::size_t f = 0; f < frames_count; ++f) {
        const std::size_t first = f >= reach ? f - reach : 0;
        const std::size_t last = std::min(frames_count - 1, f + reach);
        widest[f] = *std::max_element(raw.begin() + static_cast<std::ptrdiff_t>(first),
                                      raw.begin() + static_cast<std::ptrdiff_t>(last) + 1);
      }
      planted[side].resize(frames_count);
      for (std::size_t f = 0; f < frames_count; ++f) {
        const std::size_t first = f >= reach ? f - reach : 0;
        const std::size_t last = std::min(frames_count - 1, f + reach);
        double sum = 0.0;
        for (std::size_t g = first; g <= last; ++g) sum += widest[g];
        planted[side][f] = sum / static_cast<double>(last - first + 1);
      }
    }
  }
  std::array<std::optional<dvec3>, 2> locks;  // where each planted foot is held
  std::array<std::size_t, 2> lock_frames{};   // and the frame it was first held
  dvec3 root_offset(0.0);                     // the root moved by the planted feet so far
  std::vector<int> subtree_end(count);
  for (std::size_t j = count; j-- > 0;) {
    subtree_end[j] = std::max(subtree_end[j], static_cast<int>(j) + 1);
    const int parent = skeleton.parents[j];
    if (parent >= 0)
      subtree_end[static_cast<std::size_t>(parent)] =
          std::max(subtree_end[static_cast<std::size_t>(parent)], subtree_end[j]);
  }
  // Every target joint's world rotation for the source's frame in `frame_pose`, and the positions
  // the torso, the root and the feet are placed by.
  // The source joints read each frame (the mapped ones, the hips, the neck), the target joints
  // whose positions are needed (those the torso, the root and the feet are placed by, and their
  // ancestors), and which joints the torso's turn reached this frame.
  std::vector<std::size_t> source_used;
  for (const RetargetPair& pair : said.pairs) source_used.push_back(static_cast<std::size_t>(pair.source));
  source_used.push_back(source_hips);
  std::sort(source_used.begin(), source_used.end());
  source_used.erase(std::unique(source_used.begin(), source_used.end()), source_used.end());
  const dquat source_turn = glm::quat_cast(source_upright);
  std::vector<std::uint8_t> needs_position(count, 0);
  for (const int placed : {hips, torso_start, target_neck, rig.legs[0].upper, rig.legs[0].lower, rig.legs[0].foot,
                           rig.legs[1].upper, rig.legs[1].lower, rig.legs[1].foot})
    for (int j = placed; j >= 0; j = skeleton.parents[static_cast<std::size_t>(j)])
      needs_position[static_cast<std::size_t>(j)] = 1;
  std::vector<std::uint8_t> turned_now(count, 0);
  // Per frame: whether a joint turned against its parent (mapped, or the torso's first turned
  // joint); the others keep their rest turn. And whether that rest turn is none (BVH's always is).
  std::vector<std::uint8_t> own_turn(count, 0);
  std::vector<std::uint8_t> rest_identity(count, 0);
  for (std::size_t j = 0; j < count; ++j) rest_identity[j] = std::abs(rest_local[j].w) > 1.0 - 1e-15 ? 1 : 0;
  const auto pose_target = [&]() {
    for (std::size_t j = 0; j < count; ++j) {
      const int parent = skeleton.parents[j];
      const dquat parent_world = parent < 0 ? target_turn : world[static_cast<std::size_t>(parent)];
      const dvec3 parent_position = parent < 0 ? dvec3(0.0) : position[static_cast<std::size_t>(parent)];
      translation[j] = dvec3(skeleton.offsets[j]);
      own_turn[j] = source_of[j] >= 0 ? 1 : 0;
      if (source_of[j] < 0) {
        world[j] = rest_identity[j] != 0 ? parent_world : parent_world * rest_local[j];
      } else {
        const auto from_joint = static_cast<std::size_t>(source_of[j]);
        dquat turned = source_delta[from_joint] * aligned[j];
        if (const auto turn = bone_turn(j, turned, frame_pose.position)) turned = *turn * turned;
        world[j] = glm::normalize(turned);
      }
      if (needs_position[j] != 0) position[j] = parent_position + parent_world * translation[j];
    }
  };
  for (std::size_t f = 0; f < source.motion.frame_count; ++f) {
    pose_frame(source, f, source_analysis.position.mode, pose);
    for (const std::size_t i : source_used) {
      upright_joint(pose, source_upright, source_turn, i, frame_pose);
      source_delta[i] = frame_pose.rotation[i] * glm::inverse(source_rest.rotation[i]);
    }
    pose_target();
    // The torso as a whole leans as the source's does (hips to neck), whatever the spines' joints
    // and proportions: turned about its first joint so that the neck lies on the source's line.
    if (torso_start >= 0) {
      const dvec3 hips_at = position[static_cast<std::size_t>(hips)];
      const dvec3 start_at = position[static_cast<std::size_t>(torso_start)];
      const dvec3 reach = position[static_cast<std::size_t>(target_neck)] - start_at;
      const auto line = direction(
          frame_pose.position[static_cast<std::size_t>(source_neck)] - frame_pose.position[source_hips], source_tiny);
      const double radius = glm::length(reach);
      if (line && radius > tiny) {
        const dvec3 w = hips_at - start_at;
        const double along = glm::dot(w, *line);
        const double discriminant = along * along - glm::dot(w, w) + radius * radius;
        const dvec3 wanted = discriminant >= 0.0 ? w + (-along + std::sqrt(discriminant)) * *line : radius * *line;
        // Only the torso's own joints turn, and the unmapped joints hanging from them follow; the
        // mapped joints above it point where their source bones do, turned or not.
        const dquat turn = shortest_rotation(reach, wanted);
        const auto start = static_cast<std::size_t>(torso_start);
        for (std::size_t j = start; j < static_cast<std::size_t>(subtree_end[start]); ++j) {
          const int parent = skeleton.parents[j];
          const bool parent_turned = parent >= 0 && turned_now[static_cast<std::size_t>(parent)] != 0;
          turned_now[j] = 0;
          if (in_torso[j] != 0 && !(source_of[j] < 0 && parent_turned)) {
            world[j] = glm::normalize(turn * world[j]);
            turned_now[j] = 1;
            own_turn[j] = 1;
          } else if (source_of[j] < 0 && parent_turned) {
            world[j] = world[static_cast<std::size_t>(parent)] * rest_local[j];
            turned_now[j] = 1;
          }
        }
      }
    }
    // The root's path: the hips put where the source's hips go, scaled, standing on the target's floor.
    if (mover >= 0 && options.root != RootMotion::None) {
      const dvec3 from = frame_pose.position[source_hips];
      const dvec3 wanted(said.root_scale * from.x, target_floor + said.root_scale * (from.y - source_floor) + hips_lift,
                         said.root_scale * from.z);
      dvec3 shift = wanted - position[static_cast<std::size_t>(hips)] + root_offset;
      const auto at = [&](int joint) { return position[static_cast<std::size_t>(joint)] + shift; };
      // A foot the source plants is held from where the target's foot was when the contact began
      // (so the legs keep the source's directions but for what the proportions change during one
      // contact), eased in and out by how planted it is.
      for (std::size_t side = 0; plant && side < 2; ++side) {
        if (planted[side][f] <= 0.0) {
          locks[side].reset();
        } else if (!locks[side]) {
          locks[side] = at(rig.legs[side].foot);
          lock_frames[side] = f;
        }
      }
      // The held point moves as the source's ankle moves during the contact (scaled): the target's
      // foot slides exactly as much as the source's, no more.
      const auto wanted_ankle = [&](std::size_t side) {
        return *locks[side] + said.root_scale * (ankles[side][f] - ankles[side][lock_frames[side]]);
      };
      // The root follows the planted feet (a step as long as the target's legs make it, not the
      // source's): the mean of where they are held less where they are, across the floor only.
      // It stays where the last contact left it while no foot is planted.
      dvec3 pull(0.0);
      double held = 0.0;
      for (std::size_t side = 0; plant && side < 2; ++side) {
        if (!locks[side]) continue;
        pull += planted[side][f] * (wanted_ankle(side) - at(rig.legs[side].foot));
        held += planted[side][f];
      }
      if (held > 0.0) {
        pull /= std::max(held, 1.0);
        pull.y = 0.0;
        root_offset += pull;
        shift += pull;
      }
      // A planted foot beyond the leg's reach (a straighter or shorter leg than the source's)
      // lowers the hips until it reaches.
      double drop = 0.0;
      for (std::size_t side = 0; plant && side < 2; ++side) {
        const HumanoidLeg& leg = rig.legs[side];
        if (planted[side][f] <= 0.0) continue;
        const double reach =
            0.999 * (glm::length(at(leg.lower) - at(leg.upper)) + glm::length(at(leg.foot) - at(leg.lower)));
        const dvec3 v = wanted_ankle(side) - at(leg.upper);
        const double excess = glm::dot(v, v) - reach * reach;
        if (excess <= 0.0 || v.y >= 0.0) continue;
        const double discriminant = v.y * v.y - excess;
        const double needed = discriminant >= 0.0 ? -v.y - std::sqrt(discriminant) : -v.y;
        drop = std::max(drop, planted[side][f] * needed);
      }
      shift.y -= drop;
      const int parent = skeleton.parents[static_cast<std::size_t>(mover)];
      const dquat parent_world = parent < 0 ? target_turn : world[static_cast<std::size_t>(parent)];
      translation[static_cast<std::size_t>(mover)] += glm::inverse(parent_world) * shift;
      for (std::size_t side = 0; plant && side < 2; ++side) {
        const double weight = planted[side][f];
        if (weight <= 0.0) continue;
        const HumanoidLeg& leg = rig.legs[side];
        const dvec3 now = at(leg.foot);
        const dvec3 hip_at = at(leg.upper);
        const dvec3 knee_at = at(leg.lower);
        const dvec3 goal = now + weight * (wanted_ankle(side) - now);
        // The legs keep within kMaxLegTurn of the source's directions: a foot that would need more
        // is reached for as far as that allows (bisection on the way to it).
        // (compared as cosines: a turn keeps the bone's length, so dot / length^2)
        const dvec3 thigh_bone = knee_at - hip_at;
        const dvec3 shin_bone = now - knee_at;
        const auto within_limit = [&](const LimbTurns& turns) {
          return glm::dot(thigh_bone, turns.upper * thigh_bone) >=
                     kMaxLegTurnCosine * glm::dot(thigh_bone, thigh_bone) &&
                 glm::dot(shin_bone, turns.lower * (turns.upper * shin_bone)) >=
                     kMaxLegTurnCosine * glm::dot(shin_bone, shin_bone);
        };
        std::optional<LimbTurns> turns = reach_with_limb(hip_at, knee_at, now, goal);
        if (turns && !within_limit(*turns)) {
          double low = 0.0;
          double high = 1.0;
          std::optional<LimbTurns> within;
          for (int step = 0; step < 10; ++step) {
            const double middle = 0.5 * (low + high);
            const auto tried = reach_with_limb(hip_at, knee_at, now, now + middle * (goal - now));
            if (tried && within_limit(*tried)) {
              low = middle;
              within = tried;
            } else {
              high = middle;
            }
          }
          turns = within;
        }
        if (!turns) continue;
        ++said.planted_frames;
        // The thigh and the joints down to the knee turn with the hip; the knee and the joints down
        // to the ankle with both; the foot keeps its turn (the source's), what hangs off it follows.
        const auto thigh = static_cast<std::size_t>(leg.upper);
        const auto knee = static_cast<std::size_t>(leg.lower);
        const auto foot = static_cast<std::size_t>(leg.foot);
        for (std::size_t j = thigh; j < static_cast<std::size_t>(subtree_end[thigh]); ++j) {
          const bool below_knee = j >= knee && j < static_cast<std::size_t>(subtree_end[knee]);
          const bool below_foot = j >= foot && j < static_cast<std::size_t>(subtree_end[foot]);
          if (below_foot) {
            if (j != foot && source_of[j] < 0)
              world[j] = world[static_cast<std::size_t>(skeleton.parents[j])] * rest_local[j];
          } else {
            world[j] = glm::normalize((below_knee ? turns->lower * turns->upper : turns->upper) * world[j]);
          }
        }
      }
    }
    // Channels: local rotations as Euler angles in each joint's order, translations by the mode.
    float* row = out.motion.values.data() + f * static_cast<std::size_t>(skeleton.channel_count());
    for (std::size_t j = 0; j < count; ++j) {
      const int channels = skeleton.channel_counts[j];
      if (channels == 0) continue;
      const int parent = skeleton.parents[j];
      const dquat parent_world = parent < 0 ? target_turn : world[static_cast<std::size_t>(parent)];
      // A joint at its rest turn (most unmapped joints: fingers, twist bones) has its rest angles.
      dquat local = rest_local[j];
      if (own_turn[j] != 0) local = glm::normalize(glm::inverse(parent_world) * world[j]);
      const bool at_rest = own_turn[j] == 0 || std::abs(glm::dot(local, rest_local[j])) > 1.0 - 1e-13;
      EulerAngles angles;
      if (at_rest && previous_at_rest[j] != 0) {
        angles = *previous[j];  // the same rest angles as the frame before
      } else if (at_rest) {
        angles = previous[j] ? nearest_equivalent(rest_angles[j], *previous[j]) : rest_angles[j];
      } else {
        angles = euler_angles(glm::mat3_cast(local), orders[j], previous[j]);
      }
      previous[j] = angles;
      previous_at_rest[j] = at_rest ? 1 : 0;
      int rotation_index = 0;
      const int first = skeleton.first_channels[j];
      for (int c = 0; c < channels; ++c) {
        const ChannelKind kind = skeleton.channel_kinds[static_cast<std::size_t>(first + c)];
        const int axis = channel_axis(kind);
        float& value = row[first + c];
        if (is_rotation(kind)) {
          value = rotation_index < 3 ? static_cast<float>(angles[static_cast<std::size_t>(rotation_index++)]) : 0.0f;
        } else {
          const double wanted = translation[j][axis];
          value = static_cast<float>(
              out_mode == PositionMode::Add ? wanted - static_cast<double>(skeleton.offsets[j][axis]) : wanted);
        }
      }
    }
  }
  return out;
}

}  // namespace bvhscope
