#include "viewer/ui/clip_panel.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include <imgui.h>

#include "model/units.hpp"
#include "viewer/ui/icons.hpp"
#include "viewer/ui/inspector_panel.hpp"
#include "viewer/ui/panel_style.hpp"

namespace bvhscope::viewer {
namespace {

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus;

void row(const char* label, const char* format, ...) IM_FMTARGS(2);
void row(const char* label, const char* format, ...) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextDisabled("%s", label);
  ImGui::TableSetColumnIndex(1);
  va_list args;
  va_start(args, format);
  ImGui::TextV(format, args);
  va_end(args);
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

// The frame rate, editable (Enter applies): joint arrays store none, and a file's may be wrong.
void draw_frame_rate(const ClipSlot& slot, Actions& actions) {
  const Motion& motion = slot.clip().motion;
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Frame rate");
  ImGui::TableSetColumnIndex(1);
  double fps = 1.0 / motion.frame_time;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
  if (ImGui::InputDouble("##frame_rate", &fps, 0.0, 0.0, "%.4g", ImGuiInputTextFlags_EnterReturnsTrue) && fps > 0.0 &&
      fps <= 100000.0)
    actions.frame_rate = fps;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Frames a second this clip plays at, %.4g ms a frame (Enter applies); the file's: %.4g fps",
                      motion.frame_time * 1000.0, 1.0 / slot.clip().declared_frame_time);
  ImGui::SameLine();
  ImGui::TextDisabled("fps");
  if (slot.frame_time_choice) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Reset")) actions.frame_rate = 0.0;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Back to the rate it was loaded at (%.4g fps)", 1.0 / slot.loaded_frame_time);
  }
}

void draw_clip_facts(const ViewerState& state, Actions& actions) {
  const ClipSlot& slot = *state.active_slot();
  const Clip& clip = slot.clip();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(slot.file_name.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", clip.source.c_str());
  if (ImGui::BeginTable("facts", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    const Motion& motion = clip.motion;
    row("Frames", "%zu", motion.frame_count);
    draw_frame_rate(slot, actions);
    row("Duration", "%.3f s", motion.duration());
    const int end_sites = clip.skeleton.end_site_count();
    row("Joints", "%d  + %d End Sites", clip.skeleton.joint_count() - end_sites, end_sites);
    row("Channels", "%d", clip.skeleton.channel_count());
    if (clip.skeleton.roots.size() > 1) row("Roots", "%zu", clip.skeleton.roots.size());
    ImGui::EndTable();
  }
}

void draw_scale(const ViewerState& state, Actions& actions) {
  const ClipSlot& slot = *state.active_slot();
  const ClipMeasures& measures = slot.prepared.measures;
  const double metres = metres_per_unit(state);
  section("SCALE");
  ImGui::Text("Height  %.3g units  =  %.2f m", static_cast<double>(measures.figure.height),
              static_cast<double>(measures.figure.height) * metres);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", measures.figure.height_reason.c_str());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Units");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  char preview[64];
  if (slot.units_choice < 0) {
    std::snprintf(preview, sizeof(preview), "Auto: %s", measures.figure.units.unit.data());
  } else {
    std::snprintf(preview, sizeof(preview), "%s", unit_name(state));
  }
  if (ImGui::BeginCombo("##units", preview)) {
    std::snprintf(preview, sizeof(preview), "Auto (guess: %s)", measures.figure.units.unit.data());
    if (ImGui::Selectable(preview, slot.units_choice < 0)) actions.units_choice = -1;
    for (std::size_t i = 0; i < kUnitChoices.size(); ++i) {
      if (ImGui::Selectable(kUnitChoices[i].name.data(), slot.units_choice == static_cast<int>(i))) {
        actions.units_choice = static_cast<int>(i);
      }
    }
    ImGui::EndCombo();
  }
  if (slot.units_choice < 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(measures.figure.unit_reason.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  ImGui::TextDisabled("Grid: 10 cm cells, 1 m lines (%.4g units)", 1.0 / metres);
}

void draw_position_mode(const ViewerState& state, Actions& actions) {
  const PreparedClip& prepared = state.active_slot()->prepared;
  section("POSITION CHANNELS");
  ImGui::SetNextItemWidth(-1.0f);
  int request = static_cast<int>(prepared.mode_request);
  char preview[48];
  std::snprintf(preview, sizeof(preview), "%s%s", prepared.decision.automatic ? "Auto: " : "",
                prepared.decision.mode == PositionMode::Add ? "add to OFFSET" : "replace OFFSET");
  if (ImGui::BeginCombo("##position_mode", preview)) {
    if (ImGui::Selectable("Auto (detect from the motion)", request == 0))
      actions.position_mode = PositionModeRequest::Auto;
    if (ImGui::Selectable("Add: OFFSET + channels", request == 1)) actions.position_mode = PositionModeRequest::Add;
    if (ImGui::Selectable("Replace: channels replace OFFSET", request == 2))
      actions.position_mode = PositionModeRequest::Replace;
    ImGui::EndCombo();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(prepared.decision.reason.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void draw_up_axis(const ViewerState& state, Actions& actions) {
  const PreparedClip& prepared = state.active_slot()->prepared;
  const UpAxisDecision& up = prepared.measures.up;
  section("UP AXIS");
  ImGui::SetNextItemWidth(-1.0f);
  char preview[48];
  std::snprintf(preview, sizeof(preview), "%s%s",
                prepared.up_request.axis ? "" : "Auto: ", up_axis_name(up.axis).data());
  if (ImGui::BeginCombo("##up_axis", preview)) {
    if (ImGui::Selectable("Auto (detect from the motion)", !prepared.up_request.axis))
      actions.up_axis = UpAxisRequest{};
    for (const UpAxis axis : kAllUpAxes) {
      char label[24];
      std::snprintf(label, sizeof(label), "%s up", up_axis_name(axis).data());
      if (ImGui::Selectable(label, prepared.up_request.axis == axis)) actions.up_axis = UpAxisRequest{axis};
    }
    ImGui::EndCombo();
  }
  ImGui::PushStyleColor(
      ImGuiCol_Text, up.certain ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled) : ImVec4(0.95f, 0.75f, 0.35f, 1.0f));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(up.reason.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void draw_display(const ViewerState& state, Actions& actions) {
  section("DISPLAY");
  DisplayOptions display = state.display;
  int style = display.solid ? 0 : 1;
  bool changed = ImGui::RadioButton("Solid", &style, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("Lines", &style, 1);
  display.solid = style == 0;
  if (ImGui::BeginTable("toggles", 2)) {
    ImGui::TableNextColumn();
    changed |= ImGui::Checkbox("Grid", &display.grid);
    ImGui::TableNextColumn();
    changed |= ImGui::Checkbox("Axes", &display.axes);
    ImGui::TableNextColumn();
    changed |= ImGui::Checkbox("Shadow", &display.shadow);
    ImGui::TableNextColumn();
    changed |= ImGui::Checkbox("Joints", &display.joints);
    ImGui::TableNextColumn();
    changed |= ImGui::Checkbox("Root path", &display.trajectory);
    ImGui::TableNextColumn();
    changed |= ImGui::Checkbox("Floor at origin", &display.floor_at_origin);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "Off: every clip stands on the floor at its contact level.\nOn: the floor is the file's own origin plane.");
    }
    ImGui::EndTable();
  }
  if (changed) actions.display = display;

  section("CAMERA");
  bool follow = state.follow;
  if (ImGui::Checkbox(state.selected_joint() >= 0 ? "Follow selected joint  (C)" : "Follow root  (C)", &follow)) {
    actions.follow = follow;
  }
  if (ImGui::Button("Frame all  (F)")) actions.frame_all = true;
  ImGui::SameLine();
  if (ImGui::Button("Reset  (R)")) actions.reset_camera = true;
}

void draw_warnings(const ViewerState& state) {
  const std::vector<std::string>& warning_lines = state.active_slot()->warning_lines;
  if (warning_lines.empty()) return;
  char title[48];
  std::snprintf(title, sizeof(title), "WARNINGS (%zu)", warning_lines.size());
  section(title);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.78f, 0.45f, 1.0f));
  ImGui::PushTextWrapPos(0.0f);
  for (const std::string& line : warning_lines) ImGui::TextUnformatted(line.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

// Tab labels that leave room for a glyph (spaces: about a glyph's width in the UI font).
constexpr const char* kIconRoom = "   ";
constexpr const char* kJointIconLabel = "   ###Joint";
constexpr const char* kClipIconLabel = "   ###Clip";
constexpr const char* kCompareIconLabel = "   ###Compare";

// The width a tab bar of these labels takes (the text before "###" shown).
float tabs_width(std::initializer_list<const char*> labels) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float width = 0.0f;
  for (const char* label : labels) {
    const char* shown_end = std::strstr(label, "###");
    width += ImGui::CalcTextSize(label, shown_end).x + style.FramePadding.x * 2.0f + style.ItemInnerSpacing.x;
  }
  return width;
}

}  // namespace

float draw_clip_panel(const Rect& area, const ViewerState& state, ComparePanelState& compare,
                      ProblemsPanelState& problems, Actions& actions, Rect& collapse_button, bool& collapse_clicked) {
  collapse_button = {};
  collapse_clicked = false;
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
  ImGui::SetNextWindowSize(ImVec2(area.width, area.height));
  float width = area.width;
  if (ImGui::Begin("Clip", nullptr, kPanelFlags)) {
    width = ImGui::GetWindowWidth();
    // Tabs keep whole names; in a panel too narrow for them all, glyphs (their names on hover);
    // narrower still, they scroll. Never squeezed to "C(". The ### ids stay the same either way.
    char problems_title[64];
    const float room = ImGui::GetContentRegionAvail().x;
    problems_tab_title(state, problems_title, sizeof(problems_title));
    bool icons = false;
    if (tabs_width({"Joint", "Clip", "Compare", problems_title, ">"}) > room) {
      problems_tab_title(state, problems_title, sizeof(problems_title), "Problems", false);  // "Problems 2"
      icons = tabs_width({"Joint", "Clip", "Compare", problems_title, ">"}) > room;
      if (icons) problems_tab_title(state, problems_title, sizeof(problems_title), kIconRoom, false);
    }
    // A tab, narrower around a glyph; after it, the glyph over the room its label left (centred,
    // or first before a count) and its name on hover.
    const float padding = ImGui::GetStyle().FramePadding.x * (icons ? 0.5f : 1.0f);
    const auto begin_tab = [&](const char* label) {
      ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(padding, ImGui::GetStyle().FramePadding.y));
      const bool open = ImGui::BeginTabItem(label);
      ImGui::PopStyleVar();
      return open;
    };
    const auto tab_icon = [&](TabIcon icon, const char* name, bool before_text) {
      if (!icons) return;
      const ImVec2 min = ImGui::GetItemRectMin();
      const ImVec2 max = ImGui::GetItemRectMax();
      const float size = ImGui::GetFontSize() * 0.9f;
      const float x = before_text ? min.x + padding + size * 0.5f : (min.x + max.x) * 0.5f;
      draw_tab_icon(ImGui::GetWindowDrawList(), icon, ImVec2(x, (min.y + max.y) * 0.5f), size,
                    ImGui::GetColorU32(ImGuiCol_Text));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", name);
    };
    if (ImGui::BeginTabBar("right_tabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
      collapse_clicked = ImGui::TabItemButton(">##collapse_right", ImGuiTabItemFlags_Trailing);
      collapse_button = last_item_rect();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Collapse this panel (View menu)");
      const bool joint_open = begin_tab(icons ? kJointIconLabel : "Joint###Joint");
      tab_icon(TabIcon::Joint, "Joint: the selected joint, inspection options", false);
      if (joint_open) {
        ImGui::BeginChild("##joint_tab", ImVec2(0.0f, 0.0f), false);
        draw_inspector(state, actions);
        ImGui::EndChild();
        ImGui::EndTabItem();
      }
      const bool clip_open = begin_tab(icons ? kClipIconLabel : "Clip###Clip");
      tab_icon(TabIcon::Clip, "Clip: the active clip's facts, up axis, scale, display", false);
      if (clip_open) {
        ImGui::BeginChild("##clip_tab", ImVec2(0.0f, 0.0f), false);
        if (state.has_clip()) {
          draw_clip_facts(state, actions);
          draw_up_axis(state, actions);
          draw_scale(state, actions);
          draw_position_mode(state, actions);
        } else {
          ImGui::TextDisabled("No clip loaded");
        }
        draw_display(state, actions);
        if (state.has_clip()) draw_warnings(state);
        ImGui::EndChild();
        ImGui::EndTabItem();
      }
      const bool compare_open = begin_tab(icons ? kCompareIconLabel : "Compare###Compare");
      compare.tab = last_item_rect();
      tab_icon(TabIcon::Compare, "Compare: clips against a reference", false);
      compare.table_unit.clear();
      compare.find_offset = {};
      if (compare_open) {
        ImGui::BeginChild("##compare_tab", ImVec2(0.0f, 0.0f), false);
        draw_compare_panel(state, compare, actions);
        ImGui::EndChild();
        ImGui::EndTabItem();
      }
      const bool problems_open = begin_tab(problems_title);
      problems.tab = last_item_rect();
      tab_icon(TabIcon::Problems, "Problems: the active clip's errors and warnings", true);
      if (problems_open) {
        ImGui::BeginChild("##problems_tab", ImVec2(0.0f, 0.0f), false);
        draw_problems_panel(state, problems, actions);
        ImGui::EndChild();
        ImGui::EndTabItem();
      } else {
        problems.rows.clear();
      }
      ImGui::EndTabBar();
    }
  }
  ImGui::End();
  return width;
}

}  // namespace bvhscope::viewer
