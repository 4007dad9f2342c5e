#include "viewer/ui/menu_bar.hpp"

#include <imgui.h>

namespace bvhscope::viewer {
namespace {

void file_menu(const ViewerState& state, const std::vector<std::string>& recent_files, Actions& actions) {
  if (!ImGui::BeginMenu("File")) return;
  if (ImGui::MenuItem("Open (add clips)...", "Ctrl+O")) actions.open_dialog = true;
  if (ImGui::MenuItem("Open Replacing All Clips...")) actions.open_dialog_replacing = true;
  if (ImGui::BeginMenu("Open Recent", !recent_files.empty())) {
    for (const std::string& path : recent_files) {
      if (ImGui::MenuItem(path.c_str())) actions.open_path = path;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Clear Recent")) actions.clear_recent = true;
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Open Sample Clip")) actions.open_sample = true;
  ImGui::Separator();
  if (ImGui::MenuItem("Reload", "Ctrl+R", false, state.has_clip())) actions.reload = true;
  bool watch = state.watch_files;
  if (ImGui::MenuItem("Reload When File Changes", nullptr, &watch)) actions.watch_files = watch;
  ImGui::Separator();
  if (ImGui::MenuItem("Save as BVH...", "Ctrl+Shift+S", false, state.has_clip()))
    actions.save_bvh_dialog = ConvertOptions{};
  if (ImGui::MenuItem("Retarget onto Another Skeleton...", "Ctrl+Shift+T", false, state.has_clip()))
    actions.retarget_dialog = true;
  if (ImGui::BeginMenu("Export", state.has_clip())) {
    if (ImGui::MenuItem("Positions CSV...")) actions.export_csv_dialog = true;
    if (ImGui::MenuItem("View as PNG...")) actions.export_png_dialog = true;
    if (ImGui::MenuItem("PNG Sequence...")) actions.export_sequence_dialog = true;
    if (ImGui::MenuItem("Video...", "Ctrl+E")) actions.export_video_dialog = true;
    ImGui::EndMenu();
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", "Ctrl+Q")) actions.quit = true;
  ImGui::EndMenu();
}

void view_menu(const ViewerState& state, Actions& actions) {
  if (!ImGui::BeginMenu("View")) return;
  DisplayOptions display = state.display;
  bool changed = false;
  if (ImGui::MenuItem("Solid Bones", "S", display.solid)) {
    display.solid = true;
    changed = true;
  }
  if (ImGui::MenuItem("Line Bones", "S", !display.solid)) {
    display.solid = false;
    changed = true;
  }
  ImGui::Separator();
  changed |= ImGui::MenuItem("Grid", "G", &display.grid);
  changed |= ImGui::MenuItem("Axes", nullptr, &display.axes);
  changed |= ImGui::MenuItem("Shadow", nullptr, &display.shadow);
  changed |= ImGui::MenuItem("Joints", nullptr, &display.joints);
  changed |= ImGui::MenuItem("Root Path", "T", &display.trajectory);
  changed |= ImGui::MenuItem("Clip Name Tags", nullptr, &display.name_tags, state.clips.size() > 1);
  ImGui::Separator();
  changed |= ImGui::MenuItem("Side Panels", "P", &display.show_panel);
  changed |= ImGui::MenuItem("Clips and Joints Panel", nullptr, &display.left_panel, display.show_panel);
  changed |= ImGui::MenuItem("Inspector Panel", nullptr, &display.right_panel, display.show_panel);
  if (changed) actions.display = display;
  ImGui::Separator();
  if (ImGui::MenuItem("Frame All", "F")) actions.frame_all = true;
  if (ImGui::MenuItem("Frame Current Pose", "Shift+F")) actions.frame_pose = true;
  if (ImGui::MenuItem("Reset Camera", "R")) actions.reset_camera = true;
  if (ImGui::BeginMenu("Viewpoint")) {
    const CameraView now = state.camera.view_name();
    constexpr struct {
      const char* label;
      const char* keys;
      CameraView view;
    } kViews[] = {{"Front", "Numpad 1", CameraView::Front}, {"Back", "Ctrl+Numpad 1", CameraView::Back},
                  {"Right", "Numpad 3", CameraView::Right}, {"Left", "Ctrl+Numpad 3", CameraView::Left},
                  {"Top", "Numpad 7", CameraView::Top},     {"Bottom", "Ctrl+Numpad 7", CameraView::Bottom}};
    for (const auto& item : kViews)
      if (ImGui::MenuItem(item.label, item.keys, now == item.view)) actions.camera_view = item.view;
    ImGui::Separator();
    if (ImGui::MenuItem("Orthographic", "Numpad 5", state.camera.orthographic)) actions.toggle_projection = true;
    ImGui::EndMenu();
  }
  bool follow = state.follow;
  if (ImGui::MenuItem(state.selected_joint() >= 0 ? "Follow Selected Joint" : "Follow Root", "C", &follow)) {
    actions.follow = follow;
  }
  ImGui::Separator();
  InspectionOptions inspection = state.inspection;
  bool inspection_changed = ImGui::MenuItem("Trail of Selected Joint", nullptr, &inspection.trail);
  inspection_changed |= ImGui::MenuItem("Curves of Selected Joint", nullptr, &inspection.curves);
  if (ImGui::BeginMenu("Joint Labels")) {
    const char* names[] = {"None", "Selected Chain", "All Joints"};
    for (int i = 0; i < 3; ++i) {
      if (ImGui::MenuItem(names[i], i == 0 ? "N" : nullptr, static_cast<int>(inspection.labels) == i)) {
        inspection.labels = static_cast<LabelMode>(i);
        inspection_changed = true;
      }
    }
    ImGui::EndMenu();
  }
  if (inspection_changed) actions.inspection = inspection;
  ImGui::EndMenu();
}

}  // namespace

float draw_menu_bar(const ViewerState& state, const std::vector<std::string>& recent_files,
                    ViewButtonsState& view_buttons, Actions& actions) {
  float height = 0.0f;
  if (ImGui::BeginMainMenuBar()) {
    file_menu(state, recent_files, actions);
    view_menu(state, actions);
    if (ImGui::BeginMenu("Help")) {
      if (ImGui::MenuItem("Keyboard and Mouse", "F1")) actions.show_shortcuts = true;
      ImGui::EndMenu();
    }
    if (state.has_clip()) {
      draw_view_buttons(state.camera, view_buttons, actions);
    } else {
      view_buttons = {};
    }
    height = ImGui::GetWindowHeight();
    ImGui::EndMainMenuBar();
  }
  return height;
}

}  // namespace bvhscope::viewer
