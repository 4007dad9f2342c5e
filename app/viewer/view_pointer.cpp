#include "viewer/view_pointer.hpp"

#include "model/orbit_camera.hpp"
#include "model/picking.hpp"

namespace bvhscope::viewer {

ViewPick ViewPointer::pick(const ClipSet& clips, const gfx::SkeletonPass& pass, const Rect& view,
                           const glm::mat4& view_projection, float radius, float x, float y) {
  const glm::vec2 size(view.width, view.height);
  const glm::vec2 cursor(x - view.x, y - view.y);
  ViewPick best;
  float best_depth = 2.0f;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const ClipSlot& slot = clips[i];
    if (!slot.drawn()) continue;
    const std::span<const glm::vec3> placed = pass.joint_positions(i);
    const PickResult result =
        pick_joint(slot.clip().skeleton, placed, view_projection, size, cursor, radius, pick_scratch);
    if (result.joint < 0) continue;
    const float depth = project_to_pixels(view_projection, placed[static_cast<std::size_t>(result.joint)], size).z;
    if (depth < best_depth) {
      best_depth = depth;
      best = {static_cast<int>(i), result.joint};
    }
  }
  return best;
}

}  // namespace bvhscope::viewer
