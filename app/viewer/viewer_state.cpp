#include "viewer/viewer_state.hpp"

#include <array>
#include <cmath>

#include "model/units.hpp"

namespace bvhscope::viewer {

int ViewerState::selected_joint() const noexcept {
  const ClipSlot* slot = active_slot();
  return slot != nullptr ? slot->selected : -1;
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

}  // namespace bvhscope::viewer
