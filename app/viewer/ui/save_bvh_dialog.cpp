#include "viewer/ui/save_bvh_dialog.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <imgui.h>

#include "viewer/ui/dialog_keys.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/path_field.hpp"

namespace bvhscope::viewer {
namespace {

constexpr const char* kSaveBvhTitle = "Save as BVH";
constexpr const char* kRotationOrders[] = {"Keep each joint's", "XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};
constexpr const char* kUnits[] = {"Keep the file's", "Metres", "Centimetres", "Millimetres", "Inches", "Feet"};
constexpr double kUnitMetres[] = {0.0, 1.0, 0.01, 0.001, 0.0254, 0.3048};
constexpr const char* kUps[] = {"Keep the file's", "+Y (Blender, three.js, BVH)", "+Z"};

float field_width() { return ImGui::GetFontSize() * 14.0f; }

// True when `path` names the file the clip was loaded from.
bool is_original(const SaveBvhDialog& dialog) {
  if (dialog.original.empty() || dialog.path[0] == '\0') return false;
  std::error_code error;
  if (std::filesystem::equivalent(dialog.path.data(), dialog.original, error)) return true;
  return std::filesystem::path(dialog.path.data()).lexically_normal() ==
         std::filesystem::path(dialog.original).lexically_normal();
}

void option_rows(SaveBvhDialog& dialog) {
  const int last = std::max(dialog.frame_count - 1, 0);
  ImGui::SetNextItemWidth(field_width());
  ImGui::DragIntRange2("Frames", &dialog.first, &dialog.last, 1.0f, 0, last, "first %d", "last %d",
                       ImGuiSliderFlags_AlwaysClamp);
  char fps_label[64];
  std::snprintf(fps_label, sizeof fps_label, "Resample (the clip: %.4g fps)", dialog.clip_fps);
  ImGui::Checkbox(fps_label, &dialog.change_fps);
  if (dialog.change_fps) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5.0f);
    ImGui::InputFloat("fps##save_fps", &dialog.fps, 0.0f, 0.0f, "%.4g");
    dialog.fps = std::clamp(dialog.fps, 1.0f, 1000.0f);
  }
  ImGui::SetNextItemWidth(field_width());
  ImGui::Combo("Rotation order", &dialog.rotation_order, kRotationOrders, IM_ARRAYSIZE(kRotationOrders));
  ImGui::SetNextItemWidth(field_width());
  ImGui::Combo("Units", &dialog.units, kUnits, IM_ARRAYSIZE(kUnits));
  ImGui::SetNextItemWidth(field_width());
  ImGui::Combo("Up axis", &dialog.up, kUps, IM_ARRAYSIZE(kUps));
  ImGui::Checkbox("Three channels (positions only on the roots)", &dialog.three_channels);
  ImGui::Checkbox("Strip the name prefix", &dialog.strip);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  ImGui::InputText("##save_prefix", dialog.prefix.data(), dialog.prefix.size());
  ImGui::Checkbox("Mirror left and right", &dialog.mirror);
  ImGui::SameLine(ImGui::GetFontSize() * 16.0f);
  ImGui::Checkbox("In place", &dialog.in_place);
  ImGui::Checkbox("On the ground", &dialog.ground);
  ImGui::SameLine(ImGui::GetFontSize() * 16.0f);
  ImGui::Checkbox("Unwrap Euler angles", &dialog.unwrap);
  dialog.unwrap_box = last_item_box();
  ImGui::Checkbox("Fixed decimals (else the shortest exact)", &dialog.fixed_precision);
  if (dialog.fixed_precision) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5.0f);
    ImGui::InputInt("##save_precision", &dialog.precision);
    dialog.precision = std::clamp(dialog.precision, 0, kMaxBvhPrecision);
  }
}

void outcome_line(const SaveBvhDialog& dialog) {
  if (dialog.outcome.empty()) return;
  const ImVec4 colour = dialog.outcome_error ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.55f, 0.9f, 0.55f, 1.0f);
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", dialog.outcome.c_str());
  ImGui::PopStyleColor();
}

}  // namespace

void preset_save_bvh_dialog(SaveBvhDialog& dialog, const ConvertOptions& preset, const std::string& prefix_guess) {
  dialog.preset = preset;
  if (preset.first_frame) {
    dialog.first = static_cast<int>(std::min<std::size_t>(*preset.first_frame, INT32_MAX));
    dialog.last = static_cast<int>(std::min<std::size_t>(preset.last_frame.value_or(INT32_MAX), INT32_MAX));
    dialog.last = std::clamp(dialog.last, dialog.first, std::max(dialog.frame_count - 1, 0));
  }
  dialog.change_fps = preset.fps.has_value();
  if (preset.fps) dialog.fps = static_cast<float>(*preset.fps);
  dialog.rotation_order = 0;
  for (int i = 1; i < IM_ARRAYSIZE(kRotationOrders); ++i) {
    if (preset.rotation_order && parse_rotation_order(kRotationOrders[i]) == preset.rotation_order)
      dialog.rotation_order = i;
  }
  dialog.three_channels = preset.three_channels;
  dialog.units = 0;
  for (int i = 1; i < IM_ARRAYSIZE(kUnitMetres); ++i) {
    if (preset.lengths && preset.lengths->target_metres_per_unit == kUnitMetres[i]) dialog.units = i;
  }
  dialog.up = !preset.up ? 0 : *preset.up == UpAxis::PosZ ? 2 : 1;
  dialog.mirror = preset.mirror;
  dialog.strip = !preset.strip_prefix.empty();
  const std::string& prefix = dialog.strip ? preset.strip_prefix : prefix_guess;
  std::snprintf(dialog.prefix.data(), dialog.prefix.size(), "%s", prefix.c_str());
  dialog.in_place = preset.in_place;
  dialog.ground = preset.ground;
  dialog.unwrap = preset.unwrap;
  dialog.replace_original = false;
  dialog.status = SaveBvhStatus::Editing;
  dialog.outcome.clear();
  dialog.outcome_error = false;
  dialog.saved_path.clear();
}

Actions::SaveBvh chosen_save_bvh(const SaveBvhDialog& dialog) {
  Actions::SaveBvh save;
  save.path = dialog.path.data();
  ConvertOptions& options = save.options;
  options.renames = dialog.preset.renames;
  if (dialog.first > 0 || dialog.last < dialog.frame_count - 1) {  // every frame: no trim (it would copy them)
    options.first_frame = static_cast<std::size_t>(std::max(dialog.first, 0));
    options.last_frame = static_cast<std::size_t>(std::max(dialog.last, dialog.first));
  }
  if (dialog.change_fps) options.fps = static_cast<double>(dialog.fps);
  if (dialog.rotation_order > 0) options.rotation_order = parse_rotation_order(kRotationOrders[dialog.rotation_order]);
  options.three_channels = dialog.three_channels;
  if (dialog.units > 0) {
    LengthConversion lengths;
    lengths.target_metres_per_unit = kUnitMetres[dialog.units];
    options.lengths = lengths;
  }
  if (dialog.up > 0) options.up = dialog.up == 2 ? UpAxis::PosZ : UpAxis::PosY;
  options.mirror = dialog.mirror;
  if (dialog.strip) options.strip_prefix = dialog.prefix.data();
  options.in_place = dialog.in_place;
  options.ground = dialog.ground;
  options.unwrap = dialog.unwrap;
  if (dialog.fixed_precision) save.precision = dialog.precision;
  save.replace_original = dialog.replace_original && is_original(dialog);
  return save;
}

std::string convert_arguments(const Actions::SaveBvh& save) {
  const ConvertOptions& options = save.options;
  std::string text;
  const auto add = [&](const std::string& argument) { text += (text.empty() ? "" : " ") + argument; };
  if (options.first_frame)
    add("--frames " + std::to_string(*options.first_frame) + ":" + std::to_string(options.last_frame.value_or(0)));
  if (options.fps) {
    char fps[32];
    std::snprintf(fps, sizeof fps, "%.6g", *options.fps);
    add(std::string("--fps ") + fps);
  }
  if (options.rotation_order) add("--rotation-order " + rotation_order_name(*options.rotation_order));
  if (options.three_channels) add("--channels 3");
  if (options.lengths) {
    constexpr const char* kNames[] = {"", "m", "cm", "mm", "in", "ft"};
    for (int i = 1; i < IM_ARRAYSIZE(kUnitMetres); ++i) {
      if (options.lengths->target_metres_per_unit == kUnitMetres[i]) add(std::string("--units ") + kNames[i]);
    }
  }
  if (options.up) add("--up " + std::string(up_axis_name(*options.up)));
  if (options.mirror) add("--mirror");
  if (!options.strip_prefix.empty()) add("--strip-prefix " + options.strip_prefix);
  if (options.in_place) add("--in-place");
  if (options.ground) add("--ground");
  if (options.unwrap) add("--unwrap");
  if (save.precision) add("--precision " + std::to_string(*save.precision));
  return text;
}

void draw_save_bvh_dialog(SaveBvhDialog& dialog, Actions& actions) {
  if (dialog.requested) {
    ImGui::OpenPopup(kSaveBvhTitle);
    dialog.requested = false;
  }
  // Height 0 every frame: it fits the rows, which grow by the outcome line after a save.
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 36.0f, 0.0f), ImGuiCond_Always);
  dialog.open = ImGui::BeginPopupModal(kSaveBvhTitle, nullptr, ImGuiWindowFlags_NoSavedSettings);
  dialog.box = {};
  dialog.beside_box = {};
  if (!dialog.open) return;
  dialog.box = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  const bool saving = dialog.status == SaveBvhStatus::Saving;
  const bool escape = dialog_cancel_pressed();
  ImGui::BeginDisabled(saving);
  option_rows(dialog);
  ImGui::Spacing();
  ImGui::TextUnformatted("BVH file:");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const PathFieldResult field =
      path_field("##save_bvh_path", dialog.path.data(), dialog.path.size(), dialog.browse_shown, dialog.can_browse);
  const bool entered = field.entered;
  if (field.browse) actions.browse_output = Actions::OutputField::SaveBvh;
  dialog.browse_box = dialog.browse_shown ? last_item_box() : std::array<float, 4>{};
  if (is_original(dialog)) {
    ImGui::Checkbox("Replace the original (the clip reloads from it)", &dialog.replace_original);
    dialog.replace_box = last_item_box();
  } else {
    dialog.replace_box = {};
  }
  ImGui::EndDisabled();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped(
      "%d frames of the active clip as the view reads it (its position mode and up axis), written "
      "as `bvhscope convert` writes them: through a temporary file, renamed when complete.",
      dialog.last - dialog.first + 1);
  ImGui::PopStyleColor();
  outcome_line(dialog);
  ImGui::Spacing();
  const bool enter_elsewhere = dialog_confirm_pressed();
  switch (dialog.status) {
    case SaveBvhStatus::Editing: {
      const bool go = ImGui::Button("Save") || entered || enter_elsewhere;
      if (go && dialog.path[0] != '\0') actions.save_bvh = chosen_save_bvh(dialog);
      ImGui::SameLine();
      if (ImGui::Button("Cancel") || escape) ImGui::CloseCurrentPopup();
      break;
    }
    case SaveBvhStatus::Saving:
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted("Saving...");
      ImGui::SameLine();
      if (ImGui::Button("Cancel") || escape) actions.cancel_save_bvh = true;
      break;
    case SaveBvhStatus::Saved:
      if (!is_original(dialog)) {  // (the original itself reloads in place)
        if (ImGui::Button("Open It Beside the Original")) {
          actions.open_path = dialog.saved_path;
          // Compared with its original: the original becomes the comparison's reference.
          if (dialog.original_clip_id != 0) actions.compare_reference = dialog.original_clip_id;
          ImGui::CloseCurrentPopup();
        }
        dialog.beside_box = last_item_box();
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("Opens the copy and compares it with the original (the comparison's reference)");
        ImGui::SameLine();
      }
      if (ImGui::Button("Save Again")) {  // other options or another path: back to the choice
        dialog.status = SaveBvhStatus::Editing;
        dialog.outcome.clear();
      }
      ImGui::SameLine();
      if (ImGui::Button("Close") || escape || entered || enter_elsewhere) ImGui::CloseCurrentPopup();
      break;
  }
  ImGui::EndPopup();
}

}  // namespace bvhscope::viewer
