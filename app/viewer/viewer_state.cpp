#include "viewer/viewer_state.hpp"

#include <array>
#include <cmath>

#include "viewer/units.hpp"

namespace bvhscope::viewer {
namespace {

// Hues that read on the dark background and stay apart from the selection blue.
constexpr std::array<ClipColor, 6> kClipColors = {{
    {{1.0f, 0.62f, 0.18f}, {0.93f, 0.70f, 0.46f}},   // amber / clay: the palette's own
    {{0.45f, 0.85f, 0.45f}, {0.55f, 0.80f, 0.55f}},  // green
    {{0.92f, 0.45f, 0.72f}, {0.86f, 0.55f, 0.74f}},  // pink
    {{0.70f, 0.58f, 1.0f}, {0.68f, 0.62f, 0.92f}},   // violet
    {{0.95f, 0.88f, 0.35f}, {0.90f, 0.85f, 0.52f}},  // yellow
    {{1.0f, 0.45f, 0.38f}, {0.90f, 0.52f, 0.46f}},   // coral
}};

}  // namespace

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

ClipColor clip_color(int index) noexcept {
  return kClipColors[static_cast<std::size_t>(index < 0 ? 0 : index) % kClipColors.size()];
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
