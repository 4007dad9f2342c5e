#include "viewer/ui/retarget_dialog.hpp"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "viewer/ui/dialog_keys.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/path_field.hpp"

namespace bvhscope::viewer {
namespace {

constexpr const char* kRetargetTitle = "Retarget onto Another Skeleton";
constexpr const char* kRoots[] = {"Scaled by the legs' lengths", "At its real length (units)", "Not moved"};

void dim_text(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

// Each driven target joint with its source joint, a combo per row.
void map_rows(RetargetDialog& dialog) {
  if (!dialog.map_problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.40f, 1.0f));
    ImGui::TextWrapped("%s", dialog.map_problem.c_str());
    ImGui::PopStyleColor();
    return;
  }
  const float rows_height = ImGui::GetFrameHeightWithSpacing() * 9.0f;
  if (!ImGui::BeginTable("##retarget_map", 2,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                             ImGuiTableFlags_SizingStretchSame,
                         ImVec2(0.0f, rows_height)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Target joint");
  ImGui::TableSetupColumn("Driven by (source joint)");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < dialog.rows.size(); ++i) {
    RetargetDialog::Row& row = dialog.rows[i];
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(row.target_joint.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::PushID(static_cast<int>(i));
    ImGui::SetNextItemWidth(-1.0f);
    const char* shown = row.source_joint >= 0 && row.source_joint < static_cast<int>(dialog.source_joints.size())
                            ? dialog.source_joints[static_cast<std::size_t>(row.source_joint)].c_str()
                            : "";
    if (ImGui::BeginCombo("##source", shown)) {
      for (std::size_t s = 0; s < dialog.source_joints.size(); ++s) {
        const bool chosen = static_cast<int>(s) == row.source_joint;
        if (ImGui::Selectable(dialog.source_joints[s].c_str(), chosen)) {
          row.source_joint = static_cast<int>(s);
          row.edited = true;
        }
        if (chosen) ImGui::SetItemDefaultFocus();
      }
      ImGui::EndCombo();
    }
    if (row.edited && ImGui::IsItemHovered()) ImGui::SetTooltip("Chosen by you (the automatic map said otherwise)");
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace

Actions::Retarget chosen_retarget(const RetargetDialog& dialog) {
  Actions::Retarget retarget;
  retarget.source_id = dialog.source_id;
  if (dialog.target >= 0 && dialog.target < static_cast<int>(dialog.targets.size()))
    retarget.target_id = dialog.targets[static_cast<std::size_t>(dialog.target)].id;
  retarget.path = dialog.path.data();
  retarget.root = dialog.root;
  retarget.plant_feet = dialog.plant_feet;
  retarget.fingers = dialog.fingers;
  for (const RetargetDialog::Row& row : dialog.rows)
    if (row.edited && row.source_joint >= 0 && row.source_joint < static_cast<int>(dialog.source_joints.size()))
      retarget.map.emplace_back(dialog.source_joints[static_cast<std::size_t>(row.source_joint)], row.target_joint);
  return retarget;
}

void draw_retarget_dialog(RetargetDialog& dialog, Actions& actions) {
  if (dialog.requested) {
    ImGui::OpenPopup(kRetargetTitle);
    dialog.requested = false;
  }
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 40.0f, 0.0f), ImGuiCond_Always);
  dialog.open = ImGui::BeginPopupModal(kRetargetTitle, nullptr, ImGuiWindowFlags_NoSavedSettings);
  if (!dialog.open) {
    dialog.retarget_box = {};
    return;
  }
  const bool working = dialog.status == RetargetStatus::Working;
  const bool escape = dialog_cancel_pressed();
  const bool has_target = dialog.target >= 0 && dialog.target < static_cast<int>(dialog.targets.size());
  ImGui::BeginDisabled(working);
  ImGui::Text("Motion:   %s", dialog.source_name.c_str());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Skeleton:");
  ImGui::SameLine();
  if (dialog.targets.empty()) {
    ImGui::TextUnformatted("(no other clip loaded)");
    dim_text(
        "Open the character whose skeleton should carry this motion (File > Open, or drop it on the "
        "window), then choose it here.");
  } else {
    ImGui::SetNextItemWidth(-1.0f);
    const char* shown = has_target ? dialog.targets[static_cast<std::size_t>(dialog.target)].name.c_str() : "";
    if (ImGui::BeginCombo("##retarget_target", shown)) {
      for (std::size_t i = 0; i < dialog.targets.size(); ++i) {
        if (ImGui::Selectable(dialog.targets[i].name.c_str(), static_cast<int>(i) == dialog.target) &&
            static_cast<int>(i) != dialog.target)
          actions.retarget_target = dialog.targets[i].id;
      }
      ImGui::EndCombo();
    }
  }
  if (has_target) {
    ImGui::Spacing();
    ImGui::TextUnformatted("JOINT MAP");
    map_rows(dialog);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Map file:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 8.0f);
    ImGui::InputText("##retarget_map_path", dialog.map_path.data(), dialog.map_path.size());
    ImGui::SameLine();
    if (ImGui::Button("Load") && dialog.map_path[0] != '\0')
      actions.retarget_map_load = std::string(dialog.map_path.data());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Read pairs 'source joint,target joint' from this file");
    ImGui::SameLine();
    if (ImGui::Button("Save") && dialog.map_path[0] != '\0' && dialog.map_problem.empty())
      actions.retarget_map_save = std::string(dialog.map_path.data());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Write this map for reuse (bvhscope retarget --map, compare --map)");
    ImGui::Spacing();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Root path:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16.0f);
    ImGui::Combo("##retarget_root", &dialog.root, kRoots, IM_ARRAYSIZE(kRoots));
    ImGui::Checkbox("Keep planted feet planted", &dialog.plant_feet);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Feet the motion plants stay put: the root follows them and the legs reach for them, "
          "bending at most 4.5 degrees away from the source's directions");
    ImGui::SameLine();
    if (ImGui::Checkbox("Fingers by name", &dialog.fingers)) actions.retarget_target = dialog.rows_for;  // found again
    ImGui::Spacing();
    ImGui::TextUnformatted("Write to (.bvh, .glb, .gltf or .fbx):");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();  // Enter retargets at once
    const PathFieldResult field =
        path_field("##retarget_path", dialog.path.data(), dialog.path.size(), dialog.browse_shown, dialog.can_browse);
    if (field.browse) actions.browse_output = Actions::OutputField::Retarget;
    if (field.entered && dialog.map_problem.empty() && dialog.path[0] != '\0')
      actions.retarget = chosen_retarget(dialog);
  }
  ImGui::EndDisabled();
  if (!dialog.outcome.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text,
                          dialog.outcome_error ? ImVec4(0.95f, 0.45f, 0.40f, 1.0f) : ImVec4(0.55f, 0.85f, 0.55f, 1.0f));
    ImGui::TextWrapped("%s", dialog.outcome.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  dialog.retarget_box = {};
  switch (dialog.status) {
    case RetargetStatus::Editing: {
      ImGui::BeginDisabled(!has_target || !dialog.map_problem.empty() || dialog.path[0] == '\0');
      const bool go = ImGui::Button("Retarget");
      dialog.retarget_box = last_item_box();
      ImGui::EndDisabled();
      const bool ready = has_target && dialog.map_problem.empty() && dialog.path[0] != '\0';
      if (go || (ready && dialog_confirm_pressed())) actions.retarget = chosen_retarget(dialog);
      ImGui::SameLine();
      if (ImGui::Button("Close") || escape) ImGui::CloseCurrentPopup();
      break;
    }
    case RetargetStatus::Working:
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted("Retargeting...");
      ImGui::SameLine();
      if (ImGui::Button("Cancel") || escape) actions.cancel_retarget = true;
      break;
    case RetargetStatus::Written:
      if (ImGui::Button("Retarget Again")) {
        dialog.status = RetargetStatus::Editing;
        dialog.outcome.clear();
      }
      ImGui::SameLine();
      if (ImGui::Button("Close") || escape || dialog_confirm_pressed()) ImGui::CloseCurrentPopup();
      break;
  }
  ImGui::EndPopup();
}

}  // namespace bvhscope::viewer
