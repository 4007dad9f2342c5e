#include "render/ghost_scratch.hpp"

#include "anim/motion_compare.hpp"

namespace bvhscope::render {

void GhostScratch::aligned_pose(const ClipSlot& slot, const ClipSlot& reference, const ClipComparison& compared,
                                Pose& out) {
  const std::vector<JointPair>& pairs = compared.result->matching.pairs;
  reference_points.clear();
  other_points.clear();
  for (const JointPair& pair : pairs) {
    // A result always belongs to the clips on screen (one for another clip is dropped): checked anyway.
    if (static_cast<std::size_t>(pair.reference) >= reference.pose.world.size() ||
        static_cast<std::size_t>(pair.other) >= slot.pose.world.size())
      continue;
    reference_points.emplace_back(reference.pose.position(pair.reference));
    other_points.emplace_back(slot.pose.position(pair.other));
  }
  const Skeleton& ref_skeleton = reference.clip().skeleton;
  const Skeleton& skeleton = slot.clip().skeleton;
  const glm::dvec3 ref_root =
      ref_skeleton.roots.empty() ? glm::dvec3(0.0) : glm::dvec3(reference.pose.position(ref_skeleton.roots.front()));
  const glm::dvec3 other_root =
      skeleton.roots.empty() ? glm::dvec3(0.0) : glm::dvec3(slot.pose.position(skeleton.roots.front()));
  const FrameAlignment aligned = align_frame(compared.options.alignment, reference_points, other_points, ref_root,
                                             other_root, compared.options.other_scale, compared.options.up);
  const glm::dmat3 linear = aligned.rotation * aligned.scale;
  glm::mat4 transform{glm::mat3(linear)};
  transform[3] = glm::vec4(glm::vec3(aligned.translation), 1.0f);
  out.world.resize(slot.pose.world.size());
  for (std::size_t j = 0; j < slot.pose.world.size(); ++j) out.world[j] = transform * slot.pose.world[j];
}

}  // namespace bvhscope::render
