// A clip's figure over its motion: every joint's world position at up to a few hundred frames
// spread evenly over the clip, which joints make up the body (a static joint left metres away, a
// prop far off, are not), and the branches of the body's tree below its first fork (legs, spine).
// The input of the up-axis detection and of the ground, size and framing measures.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

struct FigureSample {
  int joint_count = 0;
  std::vector<std::size_t> frames;   // the clip frames sampled, ascending (none for a clip without frames)
  std::vector<glm::vec3> positions;  // frame-major: [sample * joint_count + joint], file coordinates
  std::vector<glm::vec3> rest;       // the rest pose (every channel 0)
  std::vector<std::uint8_t> body;    // per joint: 1 when it is part of the figure
  std::vector<int> branch;           // per joint: the body branch below the first fork, -1 above it or off the body
  int branch_count = 0;
  int fork = -1;  // the joint the branches leave from (the hips of a biped)
  int body_joints = 0;

  [[nodiscard]] std::size_t sample_count() const noexcept { return frames.empty() ? 1 : frames.size(); }
  // The positions of sample `index` (the rest pose for a clip without frames).
  [[nodiscard]] std::span<const glm::vec3> sample(std::size_t index) const noexcept;
};

// Poses at most `max_samples` frames (fewer for huge skeletons: about two million joint poses in
// all), first and last included.
FigureSample sample_figure(const Clip& clip, PositionMode mode, std::size_t max_samples = 512);

// The body in one pose: the tree cut at bones longer than 0.7 x the body's largest extent (a static
// root left metres from the figure, a prop far off); 1 for the joints of the largest piece, when
// it holds at least half of them (else nothing is cut: a figure of long bones, not a body with
// parts far off).
// Skeletons of fewer than kMinJointsToDetach joints are all body.
inline constexpr std::size_t kMinJointsToDetach = 8;
std::vector<std::uint8_t> connected_body(std::span<const int> parents, std::span<const glm::vec3> points);

}  // namespace bvhscope
