#include "viewer/ui/problems_panel.hpp"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "model/clip_problems.hpp"
#include "viewer/ui/panel_style.hpp"

namespace bvhscope::viewer {
namespace {

constexpr ImU32 kErrorRed = IM_COL32(235, 98, 92, 255);
constexpr ImU32 kInfoGrey = IM_COL32(150, 150, 150, 255);

ImU32 severity_colour(LintSeverity severity) {
  switch (severity) {
    case LintSeverity::Error:
      return kErrorRed;
    case LintSeverity::Warning:
      return kAccent;
    case LintSeverity::Info:
      return kInfoGrey;
  }
  return kInfoGrey;
}

// A filled disc (error), a filled triangle (warning) or a ring (info), `size` across, at `corner`.
void draw_severity_icon(ImDrawList* list, ImVec2 corner, float size, LintSeverity severity) {
  const ImU32 colour = severity_colour(severity);
  const ImVec2 centre(corner.x + size * 0.5f, corner.y + size * 0.5f);
  const float r = size * 0.42f;
  switch (severity) {
    case LintSeverity::Error:
      list->AddCircleFilled(centre, r, colour, 16);
      break;
    case LintSeverity::Warning:
      list->AddTriangleFilled(ImVec2(centre.x, centre.y - r), ImVec2(centre.x + r, centre.y + r * 0.8f),
                              ImVec2(centre.x - r, centre.y + r * 0.8f), colour);
      break;
    case LintSeverity::Info:
      list->AddCircle(centre, r * 0.85f, colour, 16, 1.5f);
      break;
  }
}

bool shown(const ProblemsPanelState& panel, LintSeverity severity) {
  switch (severity) {
    case LintSeverity::Error:
      return panel.show_errors;
    case LintSeverity::Warning:
      return panel.show_warnings;
    case LintSeverity::Info:
      return panel.show_infos;
  }
  return true;
}

// A severity's toggle: "Errors (2)" in its colour.
void severity_toggle(const char* name, std::size_t count, LintSeverity severity, bool& on) {
  char label[48];
  std::snprintf(label, sizeof(label), "%s (%zu)", name, count);
  ImGui::PushStyleColor(ImGuiCol_CheckMark, ImGui::ColorConvertU32ToFloat4(severity_colour(severity)));
  ImGui::Checkbox(label, &on);
  ImGui::PopStyleColor();
}

// A further place of a finding, as a link that goes there.
void place_link(const ClipSlot& slot, const LintPlace& place, const std::string& text, int id, Actions& actions) {
  ImGui::PushID(id);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kSelectionBlue));  // a link
  const bool clicked = ImGui::Selectable(text.empty() ? "(the file)" : text.c_str(), false);
  ImGui::PopStyleColor();
  if (clicked) {
    actions.go_to_problem = Actions::ProblemPlace{slot.id, place.frame, place.joint};
  }
  if (place.frame < 0 && place.line > 0 && ImGui::IsItemHovered())
    ImGui::SetTooltip("%s:%d", slot.clip().source.c_str(), place.line);
  ImGui::PopID();
}

// What an opened finding shows under its row: the hint, the further places, the fix command.
void draw_details(const ClipSlot& slot, const LintFinding& finding, const std::vector<std::string>& places,
                  const std::string& command, const std::optional<ConvertOptions>& preset, Rect& fix_button,
                  Actions& actions) {
  ImGui::Indent(ImGui::GetFrameHeight());
  ImGui::PushTextWrapPos(0.0f);
  if (!finding.hint.empty()) ImGui::TextDisabled("%s", finding.hint.c_str());
  if (!finding.more_places.empty()) {
    ImGui::TextDisabled("Also at:");
    for (std::size_t p = 0; p < finding.more_places.size(); ++p)
      place_link(slot, finding.more_places[p], places[p], static_cast<int>(p), actions);
    const std::size_t listed = finding.more_places.size() + 1;
    if (finding.count > listed) ImGui::TextDisabled("and %zu more", finding.count - listed);
  }
  if (preset) {
    if (ImGui::Button("Fix...")) actions.save_bvh_dialog = *preset;
    fix_button = last_item_rect();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Save as BVH with this fix ticked: a fixed copy is written, the file is left as it is");
  }
  if (!command.empty()) {
    ImGui::TextDisabled(preset ? "Or on the command line:" : "Fix with:");
    ImGui::TextUnformatted(command.c_str());
    if (ImGui::SmallButton("Copy")) ImGui::SetClipboardText(command.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy this command line to the clipboard");
  }
  ImGui::PopTextWrapPos();
  ImGui::Unindent(ImGui::GetFrameHeight());
  ImGui::Spacing();
}

// One finding: its icon and message, then "[code]  place  and N more" dim under it. True when clicked.
bool draw_row(const ClipSlot& slot, const LintFinding& finding, const std::string& meta, bool opened, Rect& rect) {
  const float icon = ImGui::GetTextLineHeight();
  const float indent = icon + ImGui::GetStyle().ItemInnerSpacing.x * 2.0f;
  const float width = std::max(ImGui::GetContentRegionAvail().x, indent + 40.0f);
  const float wrap = width - indent;
  const ImVec2 message_size = ImGui::CalcTextSize(finding.message.c_str(), nullptr, false, wrap);
  const ImVec2 meta_size = ImGui::CalcTextSize(meta.c_str(), nullptr, false, wrap);
  const float pad = ImGui::GetStyle().FramePadding.y;
  const float height = message_size.y + meta_size.y + pad * 2.0f;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::Selectable("##finding", opened, ImGuiSelectableFlags_None, ImVec2(width, height));
  rect = last_item_rect();
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* list = ImGui::GetWindowDrawList();
  draw_severity_icon(list, ImVec2(top.x, top.y + pad), icon, finding.severity);
  const ImVec2 text_at(top.x + indent, top.y + pad);
  list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), text_at, ImGui::GetColorU32(ImGuiCol_Text),
                finding.message.c_str(), nullptr, wrap);
  list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(text_at.x, text_at.y + message_size.y),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), meta.c_str(), nullptr, wrap);
  if (hovered && !opened) {  // an opened finding shows the same below its row
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    if (finding.place.frame < 0 && finding.place.line > 0)
      ImGui::Text("%s:%d", slot.clip().source.c_str(), finding.place.line);
    if (!finding.hint.empty()) ImGui::TextUnformatted(finding.hint.c_str());
    if (finding.place.frame >= 0 || finding.place.joint >= 0)
      ImGui::TextDisabled("Click to go there; the details open below");
    else
      ImGui::TextDisabled("Click for the details");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  return clicked;
}

// The texts of every finding of `report`, once per clip version.
void build_texts(const ClipSlot& slot, const LintReport& report, ProblemsPanelState& panel) {
  panel.texts_clip = slot.id;
  panel.texts_content = slot.content;
  panel.metas.clear();
  panel.commands.clear();
  panel.presets.clear();
  panel.places.clear();
  for (const LintFinding& finding : report.findings) {
    std::string meta = "[" + finding.code + "]";
    const std::string place = problem_place_text(slot.clip(), slot.labels, finding.place);
    if (!place.empty()) meta += "  " + place;
    if (finding.count > 1) meta += "  and " + std::to_string(finding.count - 1) + " more";
    panel.metas.push_back(std::move(meta));
    panel.commands.push_back(slot.is_sample ? std::string() : fix_command(finding, slot.clip().source));
    panel.presets.push_back(fix_preset(finding));
    std::vector<std::string>& places = panel.places.emplace_back();
    for (const LintPlace& more : finding.more_places)
      places.push_back(problem_place_text(slot.clip(), slot.labels, more));
  }
}

}  // namespace

void problems_tab_title(const ViewerState& state, char* out, std::size_t size, const char* name, bool parentheses) {
  const LintReport* report = state.lint.report();
  if (report == nullptr) {
    std::snprintf(out, size, "%s###problems", name);
    return;
  }
  const std::size_t problems = report->count(LintSeverity::Error) + report->count(LintSeverity::Warning);
  // After a glyph's room (a name of spaces) the count alone.
  const char* format = parentheses ? "%s (%zu)###problems" : name[0] == ' ' ? "%s%zu###problems" : "%s %zu###problems";
  std::snprintf(out, size, format, name, problems);
}

void draw_problems_panel(const ViewerState& state, ProblemsPanelState& panel, Actions& actions) {
  const ClipSlot* slot = state.active_slot();
  const LintReport* report = state.lint.report();
  panel.rows.assign(report != nullptr ? report->findings.size() : 0, Rect{});
  panel.fix_button = {};
  if (report != nullptr && slot != nullptr &&
      (panel.texts_clip != slot->id || panel.texts_content != slot->content ||
       panel.metas.size() != report->findings.size())) {
    build_texts(*slot, *report, panel);
    panel.opened = -1;  // another clip, or the clip changed: its details close
  }
  switch (state.lint.status()) {
    case ClipProblems::Status::None:
      ImGui::TextDisabled("No clip loaded");
      return;
    case ClipProblems::Status::Waiting:
      ImGui::TextDisabled("Waiting for the clip to load...");
      return;
    case ClipProblems::Status::Checking:
      ImGui::TextDisabled("Checking %s...", slot != nullptr ? slot->file_name.c_str() : "");
      return;
    case ClipProblems::Status::Ready:
      break;
  }
  if (slot == nullptr || report == nullptr) return;
  severity_toggle("Errors", report->count(LintSeverity::Error), LintSeverity::Error, panel.show_errors);
  ImGui::SameLine();
  severity_toggle("Warnings", report->count(LintSeverity::Warning), LintSeverity::Warning, panel.show_warnings);
  // The third toggle on the same line when it fits.
  const float info_width = ImGui::CalcTextSize("Info (000)").x + ImGui::GetFrameHeight() * 1.5f;
  if (ImGui::GetContentRegionAvail().x > info_width) ImGui::SameLine();
  severity_toggle("Info", report->count(LintSeverity::Info), LintSeverity::Info, panel.show_infos);
  ImGui::Separator();
  if (report->findings.empty()) {
    ImGui::TextDisabled("No problems found in %s", slot->file_name.c_str());
    return;
  }
  std::size_t listed = 0;
  for (std::size_t i = 0; i < report->findings.size(); ++i) {
    const LintFinding& finding = report->findings[i];
    if (!shown(panel, finding.severity)) continue;
    ++listed;
    ImGui::PushID(static_cast<int>(i));
    const bool opened = panel.opened == static_cast<int>(i);
    if (draw_row(*slot, finding, panel.metas[i], opened, panel.rows[i])) {
      panel.opened = opened ? -1 : static_cast<int>(i);
      if (finding.place.frame >= 0 || finding.place.joint >= 0)
        actions.go_to_problem = Actions::ProblemPlace{slot->id, finding.place.frame, finding.place.joint};
    }
    if (panel.opened == static_cast<int>(i))
      draw_details(*slot, finding, panel.places[i], panel.commands[i], panel.presets[i], panel.fix_button, actions);
    ImGui::PopID();
  }
  if (listed == 0) ImGui::TextDisabled("Nothing to show: every finding is filtered out");
}

}  // namespace bvhscope::viewer
