#include "anim/figure_sample.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "anim/measure.hpp"
#include "anim/pose.hpp"

namespace bvhscope {
namespace {

// Joints in the largest cluster in at least half of (up to 16 of) the samples.
std::vector<std::uint8_t> body_mask(const FigureSample& sample, std::span<const int> parents) {
  const auto joints = static_cast<std::size_t>(sample.joint_count);
  std::vector<std::uint8_t> body(joints, 1);
  if (sample.joint_count < static_cast<int>(kMinJointsToDetach)) return body;
  const std::size_t samples = sample.sample_count();
  const std::size_t checks = std::min<std::size_t>(samples, 16);
  std::vector<int> votes(joints, 0);
  for (std::size_t k = 0; k < checks; ++k) {
    const std::size_t index = checks == 1 ? 0 : k * (samples - 1) / (checks - 1);
    const std::vector<std::uint8_t> in = connected_body(parents, sample.sample(index));
    for (std::size_t j = 0; j < joints; ++j) votes[j] += in[j];
  }
  for (std::size_t j = 0; j < joints; ++j) body[j] = 2 * static_cast<std::size_t>(votes[j]) >= checks ? 1 : 0;
  return body;
}

// Branches of the body below its first fork: from the root with the most body joints, down while
// a joint has a single child; each child subtree of the fork is one branch.
void find_branches(const Skeleton& skeleton, FigureSample& sample) {
  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  sample.branch.assign(joints, -1);
  if (joints == 0) return;
  std::vector<int> children(joints, 0);
  std::vector<int> body_below(joints, 0);
  for (std::size_t j = joints; j-- > 0;) {
    body_below[j] += sample.body[j];
    const int parent = skeleton.parents[j];
    if (parent != kNoParent) {
      ++children[static_cast<std::size_t>(parent)];
      body_below[static_cast<std::size_t>(parent)] += body_below[j];
    }
  }
  int top = skeleton.roots.empty() ? 0 : skeleton.roots.front();
  for (const int root : skeleton.roots) {
    if (body_below[static_cast<std::size_t>(root)] > body_below[static_cast<std::size_t>(top)]) top = root;
  }
  // Down single-child joints (a detached root above the hips, a root chain) to the fork.
  int fork = top;
  while (children[static_cast<std::size_t>(fork)] == 1) {
    int only = -1;
    for (std::size_t j = static_cast<std::size_t>(fork) + 1; j < joints; ++j) {
      if (skeleton.parents[j] == fork) {
        only = static_cast<int>(j);
        break;
      }
    }
    if (only < 0) break;
    fork = only;
  }
  sample.fork = fork;
  // Joints are depth-first, so a subtree is the run after its head while parents stay inside.
  for (std::size_t j = static_cast<std::size_t>(fork) + 1; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    if (parent == fork) {
      sample.branch[j] = sample.branch_count++;
    } else if (parent != kNoParent && sample.branch[static_cast<std::size_t>(parent)] >= 0) {
      sample.branch[j] = sample.branch[static_cast<std::size_t>(parent)];
    }
  }
  for (std::size_t j = 0; j < joints; ++j) {
    if (sample.body[j] == 0) sample.branch[j] = -1;
  }
}

}  // namespace

std::span<const glm::vec3> FigureSample::sample(std::size_t index) const noexcept {
  if (frames.empty()) return rest;
  return {positions.data() + index * static_cast<std::size_t>(joint_count), static_cast<std::size_t>(joint_count)};
}

std::vector<std::uint8_t> connected_body(std::span<const int> parents, std::span<const glm::vec3> points) {
  const std::size_t n = points.size();
  std::vector<std::uint8_t> in(n, 1);
  if (n < kMinJointsToDetach) return in;
  std::vector<int> component(n);
  std::vector<int> size(n, 0);
  // Cut bones longer than 0.7 x the body's largest extent, measure the largest piece, and again
  // (a bone five metres long makes the first extent five metres too).
  for (int round = 0; round < 3; ++round) {
    Bounds bounds;
    for (std::size_t j = 0; j < n; ++j) {
      if (in[j] != 0) bounds.add(points[j]);
    }
    const float cut = 0.7f * bounds.largest_extent();
    if (!(cut > 0.0f)) break;
    std::fill(size.begin(), size.end(), 0);
    // A joint's piece is its nearest ancestor below a cut (joints come after their parents).
    for (std::size_t j = 0; j < n; ++j) {
      const int parent = parents[j];
      const bool joined =
          parent != kNoParent && glm::length(points[j] - points[static_cast<std::size_t>(parent)]) <= cut;
      component[j] = joined ? component[static_cast<std::size_t>(parent)] : static_cast<int>(j);
      ++size[static_cast<std::size_t>(component[j])];
    }
    const auto largest = static_cast<int>(std::max_element(size.begin(), size.end()) - size.begin());
    // A piece with fewer than half the joints is no body with a few parts far off: the cut has
    // shattered a figure made of long bones (a fan of rays from one root), which stays whole.
    const auto kept_before = static_cast<std::size_t>(std::count(in.begin(), in.end(), std::uint8_t{1}));
    if (2 * static_cast<std::size_t>(size[static_cast<std::size_t>(largest)]) < kept_before) break;
    bool changed = false;
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint8_t keep = component[j] == largest ? 1 : 0;
      changed = changed || keep != in[j];
      in[j] = keep;
    }
    if (!changed) break;
  }
  return in;
}

FigureSample sample_figure(const Clip& clip, PositionMode mode, std::size_t max_samples) {
  FigureSample sample;
  const Skeleton& skeleton = clip.skeleton;
  sample.joint_count = skeleton.joint_count();
  const auto joints = static_cast<std::size_t>(sample.joint_count);
  Pose pose;
  pose_rest(clip, pose);
  sample.rest.resize(joints);
  for (std::size_t j = 0; j < joints; ++j) sample.rest[j] = glm::vec3(pose.world[j][3]);
  const std::size_t frames = clip.motion.frame_count;
  // At most about two million joint poses: a huge skeleton gets fewer samples (at least 2).
  const std::size_t budget = std::max<std::size_t>(2, (std::size_t{2} << 20) / std::max<std::size_t>(joints, 1));
  const std::size_t count = std::min({frames, std::max<std::size_t>(max_samples, 2), budget});
  sample.frames.reserve(count);
  sample.positions.reserve(count * joints);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t frame = count == 1 ? 0 : k * (frames - 1) / (count - 1);
    if (!sample.frames.empty() && sample.frames.back() == frame) continue;
    sample.frames.push_back(frame);
    pose_frame(clip, frame, mode, pose);
    for (std::size_t j = 0; j < joints; ++j) sample.positions.push_back(glm::vec3(pose.world[j][3]));
  }
  sample.body = body_mask(sample, skeleton.parents);
  sample.body_joints = static_cast<int>(std::count(sample.body.begin(), sample.body.end(), std::uint8_t{1}));
  find_branches(skeleton, sample);
  return sample;
}

}  // namespace bvhscope
