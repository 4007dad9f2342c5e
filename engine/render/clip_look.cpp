#include "render/clip_look.hpp"

#include <optional>

#include "model/clip_colours.hpp"
#include "model/error_scale.hpp"

namespace bvhscope::render {

const ClipComparison* ghost_comparison(const Comparison& comparison, const ClipSlot& slot) noexcept {
  if (!comparison.settings().ghost || slot.id == comparison.settings().reference_id) return nullptr;
  const ClipComparison* compared = comparison.of(slot.id);
  return compared != nullptr && compared->result ? compared : nullptr;
}

void set_clip_look(const ClipSlot& slot, const ClipSet& clips, const Comparison& comparison, bool active, int hovered,
                   gfx::ClipLook& look) {
  const ClipColor colour = clip_color(slot.color_index);
  look.use_palette = slot.color_index == 0;
  look.line_color = colour.line;
  look.solid_color = colour.solid;
  look.visible = slot.drawn();
  look.opacity = ghost_comparison(comparison, slot) != nullptr ? kGhostOpacity : slot.opacity;
  colour_by_error(slot, clips, comparison, look);
  look.selected = active ? slot.selected : -1;
  look.hovered = hovered;
}

void colour_by_error(const ClipSlot& slot, const ClipSet& clips, const Comparison& comparison, gfx::ClipLook& look) {
  const ClipComparison* compared = comparison.of(slot.id);
  const ClipSlot* reference = clips.with_id(comparison.settings().reference_id);
  const bool coloured = comparison.settings().error_colours && compared != nullptr && compared->result &&
                        reference != nullptr && compared->pair_of_joint.size() == slot.pose.world.size();
  if (!coloured) {
    look.joint_colors.clear();
    return;
  }
  const double top = comparison.colour_max(compared->metres_per_unit);
  const std::size_t frame = reference->frame();
  look.joint_colors.resize(compared->pair_of_joint.size());
  for (std::size_t j = 0; j < compared->pair_of_joint.size(); ++j) {
    const int pair = compared->pair_of_joint[j];
    const std::optional<double> error =
        pair >= 0 ? compared->error_at(frame, static_cast<std::size_t>(pair)) : std::nullopt;
    look.joint_colors[j] = error ? error_colour(*error, top) : kUnmatchedJointColour;
  }
}

}  // namespace bvhscope::render
