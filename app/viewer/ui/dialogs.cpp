#include "viewer/ui/dialogs.hpp"

#include <algorithm>

#include <imgui.h>

#include "viewer/shortcuts.hpp"
#include "viewer/ui/dialog_keys.hpp"
#include "viewer/ui/path_field.hpp"

namespace bvhscope::viewer {
namespace {

void open_path_popup(DialogState& dialogs, Actions& actions) {
  if (dialogs.open_path_requested) {
    ImGui::OpenPopup("Open Motion File");
    dialogs.open_path_requested = false;
  }
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 36.0f, 0.0f), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("Open Motion File", nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
  ImGui::TextUnformatted("Path of a motion file (.bvh, .fbx, .glb, .gltf, .npy, .npz) or folder:");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-1.0f);
  const bool entered = ImGui::InputText("##path", dialogs.path_buffer.data(), dialogs.path_buffer.size(),
                                        ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  ImGui::Spacing();
  const bool open = ImGui::Button("Open") || entered || dialog_confirm_pressed();
  ImGui::SameLine();
  if (open) {
    const std::string path(dialogs.path_buffer.c_str());
    if (!path.empty()) {
      actions.open_path = path;
      actions.open_path_replacing = dialogs.open_replaces;
    }
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::Button("Cancel") || dialog_cancel_pressed()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void shortcuts_popup(DialogState& dialogs) {
  if (dialogs.shortcuts_requested) {
    ImGui::OpenPopup("Keyboard and Mouse");
    dialogs.shortcuts_requested = false;
  }
  // A fixed width (the window's, at most), the height of the rows; long rows wrap in their column.
  const float font = ImGui::GetFontSize();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 2.0f * font, font * 52.0f), 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(display.x, display.y - 2.0f * font));
  if (!ImGui::BeginPopupModal("Keyboard and Mouse", nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthStretch, 0.42f);
    ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch, 0.58f);
    for (const Shortcut& row : kShortcuts) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextWrapped("%s", row.keys);
      ImGui::TableSetColumnIndex(1);
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("%s", row.does);
      ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
  if (ImGui::Button("Close") || dialog_cancel_pressed() || dialog_confirm_pressed()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

const char* export_title(ExportKind kind) {
  switch (kind) {
    case ExportKind::Csv:
      return "Export Positions CSV";
    case ExportKind::Png:
      return "Export View as PNG";
    case ExportKind::Sequence:
      return "Export PNG Sequence";
  }
  return "Export";
}

void export_popup(DialogState& dialogs, Actions& actions) {
  const char* title = export_title(dialogs.export_kind);
  if (dialogs.export_requested) {
    ImGui::OpenPopup(title);
    dialogs.export_requested = false;
  }
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 36.0f, 0.0f), ImGuiCond_Appearing);
  dialogs.export_open = ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoSavedSettings);
  if (!dialogs.export_open) return;
  const bool sequence = dialogs.export_kind == ExportKind::Sequence;
  ImGui::TextUnformatted(sequence ? "Folder for the frames (frame_000000.png, ...):"
                         : dialogs.export_kind == ExportKind::Csv
                             ? "CSV file (world positions of every joint, as `bvhscope export`):"
                             : "PNG file (the 3D view as shown):");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const PathFieldResult field = path_field("##export_path", dialogs.export_path.data(), dialogs.export_path.size(),
                                           dialogs.browse_shown, dialogs.can_browse);
  const bool entered = field.entered;
  if (field.browse) actions.browse_output = Actions::OutputField::Export;
  if (sequence) {
    const int last = std::max(dialogs.export_frame_count - 1, 0);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
    ImGui::DragIntRange2("Frames", &dialogs.export_first, &dialogs.export_last, 1.0f, 0, last, "first %d", "last %d",
                         ImGuiSliderFlags_AlwaysClamp);
    ImGui::TextDisabled("%d frames, written in the background; the view keeps its size and camera.",
                        dialogs.export_last - dialogs.export_first + 1);
  }
  ImGui::Spacing();
  const bool go = ImGui::Button("Export") || entered || dialog_confirm_pressed();
  ImGui::SameLine();
  if (go) {
    const std::string path(dialogs.export_path.data());
    if (!path.empty()) {
      switch (dialogs.export_kind) {
        case ExportKind::Csv:
          actions.export_csv_path = path;
          break;
        case ExportKind::Png:
          actions.export_png_path = path;
          break;
        case ExportKind::Sequence:
          actions.export_sequence = Actions::Sequence{path, static_cast<std::size_t>(std::max(dialogs.export_first, 0)),
                                                      static_cast<std::size_t>(std::max(dialogs.export_last, 0))};
          break;
      }
    }
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::Button("Cancel") || dialog_cancel_pressed()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace

void draw_dialogs(DialogState& dialogs, Actions& actions) {
  open_path_popup(dialogs, actions);
  export_popup(dialogs, actions);
  draw_video_export_dialog(dialogs.video, actions);
  draw_save_bvh_dialog(dialogs.save_bvh, actions);
  draw_retarget_dialog(dialogs.retarget, actions);
  shortcuts_popup(dialogs);
}

}  // namespace bvhscope::viewer
