#include "viewer/ui/clip_list_panel.hpp"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "viewer/ui/panel_style.hpp"

namespace bvhscope::viewer {
namespace {

ImVec4 to_imgui(const glm::vec3& c) { return {c.x, c.y, c.z, 1.0f}; }

void clip_row(const ViewerState& state, std::size_t index, Actions& actions) {
  const ClipSlot& slot = state.clips[index];
  const int i = static_cast<int>(index);
  ImGui::PushID(i);
  const float row_height = ImGui::GetFrameHeight();
  ImGui::ColorButton("##colour", to_imgui(clip_color(slot.color_index).line),
                     ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                     ImVec2(row_height * 0.55f, row_height));
  ImGui::SameLine(0.0f, 6.0f);
  bool visible = slot.visible;
  if (ImGui::Checkbox("##visible", &visible)) actions.clip_visible = std::make_pair(i, visible);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show or hide this clip");
  ImGui::SameLine(0.0f, 6.0f);
  const float remove_width = ImGui::GetFrameHeight();
  const float name_width = std::max(ImGui::GetContentRegionAvail().x - remove_width - 6.0f, 20.0f);
  char label[96];
  std::snprintf(label, sizeof(label), "%s", slot.file_name.c_str());
  ImGui::AlignTextToFramePadding();
  if (ImGui::Selectable(label, state.active() == i, ImGuiSelectableFlags_None, ImVec2(name_width, row_height))) {
    actions.activate_clip = i;
  }
  if (ImGui::IsItemHovered()) {
    const Motion& motion = slot.clip().motion;
    ImGui::SetTooltip("%s\n%zu frames at %.4g fps, %d joints", slot.clip().source.c_str(), motion.frame_count,
                      1.0 / motion.frame_time, slot.clip().skeleton.joint_count());
  }
  ImGui::SameLine(0.0f, 6.0f);
  if (ImGui::Button("x", ImVec2(remove_width, row_height))) actions.remove_clip = i;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this clip");
  ImGui::PopID();
}

void active_offsets(const ViewerState& state, Actions& actions) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) return;
  const int i = state.active();
  const float label_width = ImGui::CalcTextSize("Side offset").x + ImGui::GetStyle().ItemSpacing.x;
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Time offset");
  ImGui::SameLine(label_width + ImGui::GetStyle().WindowPadding.x);
  ImGui::SetNextItemWidth(-1.0f);
  auto offset = static_cast<float>(slot->time_offset);
  if (ImGui::DragFloat("##time_offset", &offset, 0.01f, -3600.0f, 3600.0f, "%.3f s")) {
    actions.clip_time_offset = std::make_pair(i, static_cast<double>(offset));
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("When this clip's first frame plays on the shared clock");
  // Side offsets are shown in metres whatever the clips' units.
  const auto metres = static_cast<float>(state.clips.empty() ? 0.01 : metres_per_unit(state.clips.front()));
  float side[2] = {slot->side_offset.x * metres, slot->side_offset.z * metres};
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Side offset");
  ImGui::SameLine(label_width + ImGui::GetStyle().WindowPadding.x);
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::DragFloat2("##side_offset", side, 0.01f, -1000.0f, 1000.0f, "%.2f m")) {
    const float per_metre = 1.0f / metres;
    actions.clip_side_offset = std::make_pair(i, glm::vec3(side[0] * per_metre, 0.0f, side[1] * per_metre));
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("X and Z shift of this clip in the scene");
  if (state.clips.size() > 1) {
    if (ImGui::SmallButton("Auto-space all")) actions.auto_space = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Put every clip's start side by side, one body apart");
  }
}

}  // namespace

void draw_clip_list(const ViewerState& state, Actions& actions) {
  char title[48];
  std::snprintf(title, sizeof(title), "CLIPS (%zu)", state.clips.size());
  panel_section(title);
  if (state.clips.empty()) {
    ImGui::TextDisabled("Drop .bvh files here or use File > Open");
    return;
  }
  for (std::size_t i = 0; i < state.clips.size(); ++i) clip_row(state, i, actions);
  ImGui::Spacing();
  active_offsets(state, actions);
}

}  // namespace bvhscope::viewer
