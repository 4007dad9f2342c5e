// How much of a skeleton is drawn, so that no skeleton makes a frame take seconds on a software
// renderer (Mesa llvmpipe, no GPU), where a frame's cost follows the joints drawn and the area the
// capsules and the soft shadow fill:
// - over kJointBudget joints (a 200 000-deep chain, a million siblings): bones as plain lines,
//   without joint dots or shadow, and beyond kMaxDrawnBones bones only an even subset of them;
// - capsules that would fill the view many times over (a fan of rays each as long as the figure):
//   bones as lines;
// - a shadow that would fill it many times over (a tall chain of thousands of bones, whose high
//   bones cast wide soft shadows): no shadow;
// - labels: at most kMaxLabels placed per frame.
// Pure data (no GL): the skeleton pass draws what this decides, the viewer and `render` say so.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {

// Joints (End Sites included) a clip may have and still be drawn in full: solid capsules, joint
// spheres or dots, the ground shadow. Measured on llvmpipe, 10 000 solid joints add about as much
// to a frame as the rest of the scene costs (README: Limits).
inline constexpr int kJointBudget = 10000;
// Bones (as lines) drawn per clip at most, and their most total length in figure sizes (a human
// rig's bones add up to 3-8); beyond either an even subset (see reduced_bones).
inline constexpr std::size_t kMaxDrawnBones = 50000;
inline constexpr float kLineLengthBudget = 500.0f;
// Labels placed per frame at most (the selected chain first, then by depth; see label_order).
inline constexpr std::size_t kMaxLabels = 2000;
// The most area, in squares of the figure's size, the solid style's capsules and the shadow's
// ground quads may fill (see fill_estimate). Real rigs in the corpus: capsules 0.08-0.45, shadow
// 0.3-77 (the human figure of the bundled sample: 0.2 and 10).
inline constexpr float kCapsuleFillBudget = 4.0f;
inline constexpr float kShadowFillBudget = 200.0f;

// The area the solid style fills for a skeleton in its rest pose, stood upright, in squares of
// its size (the figure is framed to about the view's height, so this is what a frame's cost
// follows): the screen rectangles around its capsules (radii of anim/bone_radii), and the ground
// quads of its soft shadow (shaders/shadow.vert: each as wide as 0.7 x its bone's height).
struct FillEstimate {
  float capsules = 0.0f;
  float shadow = 0.0f;
  float lines = 0.0f;  // the bones' total length, in figure sizes (what lines cost)
};
FillEstimate fill_estimate(const Skeleton& skeleton, const glm::mat3& to_upright);

// What is drawn of one clip. The default is everything.
struct DrawDetail {
  int joints = 0;
  FillEstimate fill;
  bool solid = true;       // capsules in the solid style (else lines in either style)
  bool joint_dots = true;  // joint spheres or dots
  bool shadow = true;      // the soft ground shadow
  bool every_bone = true;  // else an even subset of about `drawn_bones` bones, as lines
  std::size_t bones = 0;
  std::size_t drawn_bones = 0;
  [[nodiscard]] bool full() const noexcept { return solid && joint_dots && shadow && every_bone; }
};
DrawDetail draw_detail(const Skeleton& skeleton, const glm::mat3& to_upright);

// What is left out and why, for a notice ("" when drawn in full), e.g. "200,000 joints, over the
// 10,000 drawn in full: bones drawn as lines, without joint dots or shadow, ...".
[[nodiscard]] std::string draw_detail_notice(const DrawDetail& detail);

// The segments drawn for a skeleton drawn as lines with reduced detail: when it has at most
// `max_bones` bones, every bone (parent → child); otherwise about `max_bones` of them, spread
// evenly over the skeleton (picked by index times 2^64 / golden ratio below a threshold: no
// periodic pattern). A chain of bones through joints with one child each is drawn whole or not at
// all when short (a finger, a ray of a fan: a subset of the rays), and when long (over 16 bones) as
// a polyline through its picked joints and its last, each joined to the one before (a 200 000-deep
// chain: every n-th joint). Every segment ends at a kept joint and starts at the joint before it on
// the same chain, or at the fork or root it hangs from.
struct ReducedBones {
  std::vector<int> from;  // per segment: the start joint (an ancestor of `to`)
  std::vector<int> to;    // per segment: the end joint, increasing
  std::size_t bones = 0;  // the skeleton's bones (joints with a parent)
  [[nodiscard]] std::size_t size() const noexcept { return to.size(); }
};
ReducedBones reduced_bones(const Skeleton& skeleton, std::size_t max_bones = kMaxDrawnBones);

// Writes two world positions per segment (from, then to) into `out` (2 × segments). Returns the
// number of vertices written. Allocates nothing.
std::size_t write_segment_vertices(const ReducedBones& segments, const Pose& pose, std::span<glm::vec3> out) noexcept;

}  // namespace bvhscope
