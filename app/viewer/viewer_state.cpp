#include "viewer/viewer_state.hpp"

#include <array>
#include <cmath>

#include "viewer/units.hpp"

namespace bvhscope::viewer {

std::size_t ClipSlot::frame() const noexcept { return static_cast<std::size_t>(std::floor(frame_position + 1e-6)); }

const ClipSlot* ViewerState::active_slot() const noexcept {
  return active >= 0 && static_cast<std::size_t>(active) < clips.size() ? &clips[static_cast<std::size_t>(active)]
                                                                        : nullptr;
}

ClipSlot* ViewerState::active_slot() noexcept {
  return active >= 0 && static_cast<std::size_t>(active) < clips.size() ? &clips[static_cast<std::size_t>(active)]
                                                                        : nullptr;
}

int ViewerState::selected_joint() const noexcept {
  const ClipSlot* slot = active_slot();
  return slot != nullptr ? slot->selected : -1;
}

double metres_per_unit(const ClipSlot& slot) {
  if (slot.units_choice >= 0 && static_cast<std::size_t>(slot.units_choice) < kUnitChoices.size()) {
    return kUnitChoices[static_cast<std::size_t>(slot.units_choice)].metres_per_unit;
  }
  return slot.prepared.measures.figure.units.metres_per_unit > 0.0 ? slot.prepared.measures.figure.units.metres_per_unit
                                                                   : 0.01;
}

double metres_per_unit(const ViewerState& state) {
  const ClipSlot* slot = state.active_slot();
  return slot != nullptr ? metres_per_unit(*slot) : 0.01;
}

const char* unit_name(const ViewerState& state) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) return "centimetres";
  if (slot->units_choice >= 0 && static_cast<std::size_t>(slot->units_choice) < kUnitChoices.size()) {
    return kUnitChoices[static_cast<std::size_t>(slot->units_choice)].name.data();
  }
  return slot->prepared.measures.figure.units.unit.data();
}

double clock_position_for(const ViewerState& state, const ClipSlot& slot, double clip_frame) {
  const double seconds = slot.time_offset + clip_frame * slot.clip().motion.frame_time - state.timeline_start;
  const double frame_time = state.clock.frame_time();
  return frame_time > 0.0 ? seconds / frame_time : 0.0;
}

}  // namespace bvhscope::viewer
