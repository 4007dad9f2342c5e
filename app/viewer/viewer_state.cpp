#include "viewer/viewer_state.hpp"

#include "viewer/units.hpp"

namespace bvhscope::viewer {

double metres_per_unit(const ViewerState& state) {
  if (state.units_choice >= 0 && static_cast<std::size_t>(state.units_choice) < kUnitChoices.size()) {
    return kUnitChoices[static_cast<std::size_t>(state.units_choice)].metres_per_unit;
  }
  return state.clip ? state.clip->measures.units.metres_per_unit : 0.01;
}

const char* unit_name(const ViewerState& state) {
  if (state.units_choice >= 0 && static_cast<std::size_t>(state.units_choice) < kUnitChoices.size()) {
    return kUnitChoices[static_cast<std::size_t>(state.units_choice)].name.data();
  }
  return state.clip ? state.clip->measures.units.unit.data() : "centimetres";
}

}  // namespace bvhscope::viewer
