#include "viewer/ui/clip_list_panel.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>
#include <utility>

#include <imgui.h>

#include "viewer/ui/compare_panel.hpp"
#include "viewer/ui/dialog_keys.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/readout_fit.hpp"
#include "viewer/ui/weak_guess_badge.hpp"

namespace bvhscope::viewer {
namespace {

ImVec4 to_imgui(const glm::vec3& c) { return {c.x, c.y, c.z, 1.0f}; }

// Where a row's name has its extension (".bvh": a dot and one to five letters or digits, at the
// end or before a space, as in "sample.bvh (bundled sample)"); the name's size twice when none.
std::pair<std::size_t, std::size_t> extension_of(const std::string& name) {
  for (std::size_t dot = name.rfind('.'); dot != std::string::npos && dot > 0; dot = name.rfind('.', dot - 1)) {
    std::size_t end = dot + 1;
    while (end < name.size() && std::isalnum(static_cast<unsigned char>(name[end])) != 0) ++end;
    if (end > dot + 1 && end <= dot + 6 && (end == name.size() || name[end] == ' ')) return {dot, end};
  }
  return {name.size(), name.size()};
}

// Right-click on a clip's name: what can be done to that one clip.
void clip_menu(const ViewerState& state, int i, Actions& actions) {
  if (!ImGui::BeginPopupContextItem("##clip_menu")) return;
  const int count = static_cast<int>(state.clips.size());
  if (ImGui::MenuItem("Solo", nullptr, false, count > 1)) actions.solo_clip = i;
  if (ImGui::MenuItem(
          "Show All", nullptr, false,
          std::any_of(state.clips.begin(), state.clips.end(), [](const ClipSlot& s) { return !s.visible; })))
    actions.show_all_clips = true;
  ImGui::Separator();
  const int id = state.clips[static_cast<std::size_t>(i)].id;
  const bool reference = state.comparison.settings().reference_id == id;
  if (ImGui::MenuItem(reference ? "Stop Comparing" : "Compare Others With This", nullptr, false,
                      count > 1 || reference))
    actions.compare_reference = reference ? 0 : id;
  ImGui::Separator();
  if (ImGui::MenuItem("Move Up", nullptr, false, i > 0)) actions.move_clip = std::make_pair(i, i - 1);
  if (ImGui::MenuItem("Move Down", nullptr, false, i + 1 < count)) actions.move_clip = std::make_pair(i, i + 1);
  ImGui::Separator();
  if (ImGui::MenuItem("Remove")) actions.remove_clip = i;
  ImGui::EndPopup();
}

void clip_row(const ViewerState& state, std::size_t index, std::string& shown_name, Rect& badge, WeakGuessMenu& menu,
              Actions& actions) {
  const ClipSlot& slot = state.clips[index];
  const int i = static_cast<int>(index);
  ImGui::PushID(slot.id);
  const float row_height = ImGui::GetFrameHeight();
  ImGui::ColorButton("##colour", to_imgui(clip_color(slot.color_index).line),
                     ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                     ImVec2(row_height * 0.55f, row_height));
  ImGui::SameLine(0.0f, 6.0f);
  bool visible = slot.visible;
  if (ImGui::Checkbox("##visible", &visible)) {
    if (ImGui::GetIO().KeyAlt) {
      actions.solo_clip = i;
    } else {
      actions.clip_visible = std::make_pair(i, visible);
    }
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show or hide this clip (Alt+click: only this one)");
  ImGui::SameLine(0.0f, 6.0f);
  // A weak guess (up axis, position mode): its badge before the name.
  badge = {};
  if (slot.weak_guess.any()) {
    weak_guess_button(slot, i, row_height, badge, menu, actions);
    ImGui::SameLine(0.0f, 4.0f);
  }
  const float remove_width = ImGui::GetFrameHeight();
  const float name_width = std::max(ImGui::GetContentRegionAvail().x - remove_width - 6.0f, 20.0f);
  // Its file's state after its name: still streaming in, or being prepared again; in a comparison,
  // "reference" or its mean error, right-aligned (the name is cut before it when long).
  const char* status = slot.loading ? "loading\xE2\x80\xA6" : slot.updating ? "updating\xE2\x80\xA6" : "";
  char compared[48] = "";
  if (state.comparison.settings().reference_id == slot.id) {
    std::snprintf(compared, sizeof(compared), "reference");
  } else if (const ClipComparison* c = state.comparison.of(slot.id); c != nullptr && c->result) {
    std::snprintf(compared, sizeof(compared), "%s", format_length(c->result->mpjpe * c->metres_per_unit).c_str());
  }
  const char* note = status[0] != '\0' ? status : compared;
  // In a narrow row the name comes first: "reference" gives way to "ref", and a note that would
  // leave the name under four characters' room goes (the tooltip says it).
  const float name_full = ImGui::CalcTextSize(slot.file_name.c_str()).x;
  const auto note_room = [&] { return ImGui::CalcTextSize(note).x + ImGui::GetFontSize() * 0.5f; };
  if (note == compared && std::strcmp(compared, "reference") == 0 && name_full + note_room() > name_width) note = "ref";
  if (note[0] != '\0' && name_full + note_room() > name_width && name_width - note_room() < ImGui::GetFontSize() * 4.0f)
    note = "";
  ImGui::AlignTextToFramePadding();
  const ImVec2 text_at = ImGui::GetCursorScreenPos();
  if (ImGui::Selectable("###name", state.active() == i, ImGuiSelectableFlags_None, ImVec2(name_width, row_height))) {
    actions.activate_clip = i;
  }
  {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float note_width = note[0] != '\0' ? ImGui::CalcTextSize(note).x + ImGui::GetFontSize() * 0.5f : 0.0f;
    const ImVec2 max = ImGui::GetItemRectMax();
    // A long name is cut in the middle, its extension kept: a file and its "_fixed" copy stay
    // apart (the whole path is in the tooltip).
    const auto [extension, extension_end] = extension_of(slot.file_name);
    draw_middle_cut_text(draw, ImVec2(text_at.x, text_at.y + ImGui::GetStyle().FramePadding.y),
                         ImGui::GetColorU32(ImGuiCol_Text), slot.file_name, max.x - note_width - text_at.x, extension,
                         extension_end, &shown_name);
    if (note[0] != '\0') {
      draw->AddText(
          ImVec2(max.x - note_width + ImGui::GetFontSize() * 0.5f, text_at.y + ImGui::GetStyle().FramePadding.y),
          ImGui::GetColorU32(ImGuiCol_TextDisabled), note);
    }
  }
  if (ImGui::IsItemHovered() && !ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    const Motion& motion = slot.clip().motion;
    const bool reference = state.comparison.settings().reference_id == slot.id;
    ImGui::SetTooltip("%s\n%zu frames at %.4g fps, %d joints%s%s%s\nDrag to reorder; right-click for more",
                      slot.clip().source.c_str(), motion.frame_count, 1.0 / motion.frame_time,
                      slot.clip().skeleton.joint_count(), reference ? "\nThe comparison's reference" : "",
                      !reference && compared[0] != '\0' ? "\nMean joint error against the reference: " : "",
                      reference ? "" : compared);
  }
  // Drag a name onto another to put it there.
  if (ImGui::BeginDragDropSource(ImGuiDragDropFlags_SourceAllowNullID)) {
    ImGui::SetDragDropPayload("bvhscope_clip", &slot.id, sizeof(slot.id));  // the id: indices may shift
    ImGui::TextUnformatted(slot.file_name.c_str());
    ImGui::EndDragDropSource();
  }
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload("bvhscope_clip")) {
      int id = 0;
      std::memcpy(&id, payload->Data, sizeof(id));
      if (const int from = state.clips.index_of(id); from >= 0) actions.move_clip = std::make_pair(from, i);
    }
    ImGui::EndDragDropTarget();
  }
  clip_menu(state, i, actions);
  ImGui::SameLine(0.0f, 6.0f);
  if (ImGui::Button("x", ImVec2(remove_width, row_height))) actions.remove_clip = i;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this clip");
  ImGui::PopID();
}

// The whole set: where the clips stand and when they start.
constexpr const char* kRemoveAllTitle = "Remove every clip?";

void set_actions(const ViewerState& state, RemoveAllPrompt& remove_all, Actions& actions) {
  if (state.clips.size() < 2) return;
  struct Button {
    const char* label;
    const char* tip;
    bool Actions::*action;
  };
  static constexpr Button kButtons[] = {
      {"Side by side", "Space the clips so that their whole motions never cross", &Actions::auto_space},
      {"Overlay", "Every clip where its file puts it, one over the other", &Actions::overlay_at_origin},
      {"Start together", "Every clip's first frame at the same time (time offsets to 0)", &Actions::align_starts},
      {"Remove all", "Remove every clip (and stop their loads); asks first", nullptr},
  };
  // As many on a line as fit the panel's width.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  for (std::size_t b = 0; b < std::size(kButtons); ++b) {
    if (b > 0) {
      const float width = ImGui::CalcTextSize(kButtons[b].label).x + style.FramePadding.x * 2.0f;
      if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
    }
    const bool clicked = ImGui::SmallButton(kButtons[b].label);
    if (kButtons[b].action == nullptr) {  // Remove all: a question first, nothing is removed by one click
      remove_all.button = last_item_rect();
      if (clicked) ImGui::OpenPopup(kRemoveAllTitle);
    } else if (clicked) {
      actions.*(kButtons[b].action) = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kButtons[b].tip);
  }
}

// The question Remove all asks: how many clips go (and the comparison with them), that the files
// stay on disk; Remove all (Enter) or Cancel (Esc).
void remove_all_question(const ViewerState& state, RemoveAllPrompt& remove_all, Actions& actions) {
  if (!ImGui::BeginPopupModal(kRemoveAllTitle, nullptr,
                              ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
    return;
  }
  remove_all.asking = true;
  ImGui::Text("Remove all %zu clips%s?", state.clips.size(),
              state.comparison.active() ? " and end the comparison" : "");
  ImGui::TextDisabled("The files stay on disk (File > Open Recent opens them again).");
  ImGui::Spacing();
  if (ImGui::Button("Remove all") || dialog_confirm_pressed()) {
    actions.remove_all_clips = true;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || dialog_cancel_pressed()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
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
}

}  // namespace

void draw_clip_list(const ViewerState& state, ClipListDrawn& drawn, Actions& actions) {
  drawn.remove_all = {};
  drawn.names.resize(state.clips.size());
  drawn.badges.resize(state.clips.size());
  char title[48];
  std::snprintf(title, sizeof(title), "CLIPS (%zu)", state.clips.size());
  panel_section(title);
  if (state.clips.empty()) {
    ImGui::PushTextWrapPos(0.0f);  // wrapped at the panel's edge, not cut by it
    ImGui::TextDisabled("Drop .bvh, .fbx, .glb, .npy or .npz files here or File > Open");
    ImGui::PopTextWrapPos();
    return;
  }
  for (std::size_t i = 0; i < state.clips.size(); ++i)
    clip_row(state, i, drawn.names[i], drawn.badges[i], drawn.weak_guess_menu, actions);
  ImGui::Spacing();
  set_actions(state, drawn.remove_all, actions);
  remove_all_question(state, drawn.remove_all, actions);
  active_offsets(state, actions);
}

}  // namespace bvhscope::viewer
