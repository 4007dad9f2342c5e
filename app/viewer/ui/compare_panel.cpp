#include "viewer/ui/compare_panel.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "model/clip_colours.hpp"
#include "model/error_scale.hpp"
#include "viewer/file_dialog.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/readout_fit.hpp"

namespace bvhscope::viewer {
namespace {

const char* alignment_label(Alignment alignment) {
  switch (alignment) {
    case Alignment::None:
      return "None: positions as they are";
    case Alignment::Root:
      return "Root: roots subtracted";
    case Alignment::Rigid:
      return "Rigid: roots, then turned about up";
    case Alignment::Procrustes:
      return "Procrustes: turned, scaled, moved";
  }
  return "";
}

// The compared clip whose numbers the tab details: the active clip when it is compared, else the
// first compared clip.
const ClipComparison* focused(const ViewerState& state) {
  const Comparison& comparison = state.comparison;
  if (const ClipSlot* active = state.active_slot()) {
    if (const ClipComparison* compared = comparison.of(active->id)) return compared;
  }
  return comparison.clips().empty() ? nullptr : &comparison.clips().front();
}

std::string length_or_units(double units, double metres_per_unit) {
  if (metres_per_unit > 0.0) return format_length(units * metres_per_unit);
  char text[48];
  std::snprintf(text, sizeof(text), "%.4g units", units);
  return text;
}

// The unit a length in metres reads best in: "m" from 1 m, "cm" from 1 cm (and for 0), else "mm";
// `per_metre` turns metres into it.
struct LengthUnit {
  const char* name = "units";
  double per_metre = 1.0;
};

LengthUnit length_unit(double metres) {
  const double size = std::abs(metres);
  if (size >= 1.0) return {"m", 1.0};
  if (size >= 0.01 || size == 0.0) return {"cm", 100.0};
  return {"mm", 1000.0};
}

// The unit of a table of lengths: the one its largest value reads best in, or the file's units
// when their size is not known. `scale` turns file units into it.
struct TableUnit {
  const char* name = "units";
  double scale = 1.0;
};

TableUnit table_unit(double largest_units, double metres_per_unit) {
  if (metres_per_unit <= 0.0) return {};
  const LengthUnit unit = length_unit(largest_units * metres_per_unit);
  return {unit.name, metres_per_unit * unit.per_metre};
}

// A number of the table's unit in its cell: three significant digits, or fewer decimals where the
// cell is narrow (the whole value with its unit on hover when shortened).
void length_cell(double units, const TableUnit& unit) {
  const double value = units * unit.scale;
  // Fewer decimals where the cell is narrow ("0.039", "0.04", "0.0"; "12.3", "12"), never an
  // exponent.
  const double size = std::abs(value);
  const std::array<const char*, 3> formats = size < 1.0      ? std::array<const char*, 3>{"%.3f", "%.2f", "%.1f"}
                                             : size < 1000.0 ? std::array<const char*, 3>{"%.3g", "%.1f", "%.0f"}
                                                             : std::array<const char*, 3>{"%.0f", "%.0f", "%.0f"};
  std::array<std::string, 3> texts;
  for (std::size_t k = 0; k < formats.size(); ++k) {
    char text[48];
    std::snprintf(text, sizeof(text), formats[k], value);
    texts[k] = text;
  }
  readout_choice(texts);
  if (ImGui::IsItemHovered() && !ImGui::IsAnyItemActive()) ImGui::SetTooltip("%.4g %s", value, unit.name);
}

void status_text(const ClipComparison& compared) {
  switch (compared.status) {
    case ClipComparison::Status::Waiting:
      ImGui::TextDisabled("waiting for its load");
      break;
    case ClipComparison::Status::Computing:
      if (!compared.result) ImGui::TextDisabled("measuring...");
      break;
    case ClipComparison::Status::Failed:
      ImGui::TextColored(ImVec4(0.95f, 0.55f, 0.45f, 1.0f), "%s", "failed");
      break;
    case ClipComparison::Status::Ready:
      break;
  }
}

void draw_reference_choice(const ViewerState& state, Actions& actions) {
  const Comparison& comparison = state.comparison;
  const ClipSlot* reference = state.clips.with_id(comparison.settings().reference_id);
  panel_section("REFERENCE");
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##reference", reference != nullptr ? reference->file_name.c_str() : "None")) {
    if (ImGui::Selectable("None", reference == nullptr)) actions.compare_reference = 0;
    for (const ClipSlot& slot : state.clips) {
      ImGui::PushID(slot.id);
      if (ImGui::Selectable(slot.file_name.c_str(), reference == &slot)) actions.compare_reference = slot.id;
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  const ClipSlot* active = state.active_slot();
  if (active != nullptr && active != reference && state.clips.size() > 1) {
    if (ImGui::Button("Use the active clip")) actions.compare_reference = active->id;
  }
  if (reference == nullptr) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(state.clips.size() < 2
                            ? "Open two or more clips, then choose one as the reference: every other clip is "
                              "measured against it, joint by joint and frame by frame, as bvhscope compare does."
                            : "Choose the reference: every other clip is measured against it, joint by joint and "
                              "frame by frame, as bvhscope compare does.");
    ImGui::PopTextWrapPos();
  }
}

void draw_options(const ViewerState& state, ComparePanelState& panel, Actions& actions) {
  const CompareSettings& settings = state.comparison.settings();
  panel_section("OPTIONS");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Align");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##align", alignment_label(settings.alignment))) {
    for (const Alignment a : {Alignment::None, Alignment::Root, Alignment::Rigid, Alignment::Procrustes}) {
      if (ImGui::Selectable(alignment_label(a), a == settings.alignment)) actions.compare_alignment = a;
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "none: world positions as they are\nroot: each clip's root subtracted in every frame\nrigid: root, then "
        "the other clip turned about the up axis\n       and moved to fit best (least squares): a heading\n       "
        "difference costs nothing, a lean does\nprocrustes: each frame turned about any axis, scaled and moved\n"
        "       to fit best (PA-MPJPE's alignment): only the pose's shape counts");
  }
  // The joint map: typed (Enter loads) or chosen in the file dialog.
  if (panel.shown_map != settings.map_path) {
    panel.shown_map = settings.map_path;
    panel.map_path = settings.map_path;
  }
  if (panel.map_path.size() > 1023) panel.map_path.resize(1023);  // room for the text's NUL
  panel.map_path.resize(1024);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Map");
  ImGui::SameLine();
  const bool browse = FileDialog::available();
  const float buttons = ImGui::CalcTextSize("Browse").x + ImGui::CalcTextSize("x").x +
                        ImGui::GetStyle().FramePadding.x * 4.0f + ImGui::GetStyle().ItemSpacing.x * 2.0f;
  ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - (browse ? buttons : buttons * 0.4f), 40.0f));
  if (ImGui::InputTextWithHint("##map", "none: names only (path, Enter)", panel.map_path.data(), panel.map_path.size(),
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
    actions.joint_map_path = std::string(panel.map_path.c_str());
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "A joint map pairs names first: lines 'reference name,other name'\n(# comments). Then "
        "joints match by name, ignoring case and\nmixamorig:, Bip01, Character1_ and Namespace: prefixes.");
  }
  panel.map_path.resize(std::char_traits<char>::length(panel.map_path.c_str()));
  if (browse) {
    ImGui::SameLine();
    if (ImGui::Button("Browse")) actions.joint_map_dialog = true;
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(settings.map_path.empty());
  if (ImGui::Button("x##map")) actions.joint_map_path = std::string();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("No joint map: names only");

  bool colours = settings.error_colours;
  if (ImGui::Checkbox("Error colours", &colours)) actions.error_colours = colours;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Each compared clip's joints and bones in the colour of their error");
  ImGui::SameLine();
  bool ghost = settings.ghost;
  if (ImGui::Checkbox("Ghost", &ghost)) actions.ghost = ghost;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Compared clips drawn translucent over the reference, aligned as they are measured");
  }
  bool automatic = settings.colour_max_m <= 0.0;
  if (ImGui::Checkbox("Auto scale", &automatic)) {
    const ClipComparison* any = focused(state);
    actions.colour_max_m =
        automatic ? 0.0
                  : (any != nullptr ? state.comparison.colour_max(any->metres_per_unit) * any->metres_per_unit : 0.05);
    if (!automatic && !(*actions.colour_max_m > 0.0)) actions.colour_max_m = 0.05;
  }
  if (!automatic) {
    ImGui::SameLine();
    float centimetres = static_cast<float>(settings.colour_max_m * 100.0);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::DragFloat("##top", &centimetres, 0.1f, 0.1f, 1000.0f, "top %.1f cm", ImGuiSliderFlags_AlwaysClamp)) {
      actions.colour_max_m = static_cast<double>(centimetres) / 100.0;
    }
  }
}

void draw_clip_results(const ViewerState& state, Actions& actions) {
  const Comparison& comparison = state.comparison;
  panel_section("COMPARED CLIPS (MPJPE)");
  if (comparison.clips().empty()) {
    ImGui::TextDisabled("No other clip to compare");
    return;
  }
  const ClipComparison* shown = focused(state);
  for (const ClipComparison& compared : comparison.clips()) {
    const ClipSlot* slot = state.clips.with_id(compared.clip_id);
    if (slot == nullptr) continue;
    ImGui::PushID(compared.clip_id);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float swatch = ImGui::GetFontSize() * 0.6f;
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + swatch * 0.4f),
                                              ImVec2(at.x + swatch, at.y + swatch * 1.4f),
                                              to_u32(clip_color(slot->color_index).line), 2.0f);
    ImGui::Dummy(ImVec2(swatch, 0.0f));
    ImGui::SameLine();
    char value[64] = "";
    if (compared.result) {
      std::snprintf(value, sizeof(value), "%s",
                    length_or_units(compared.result->mpjpe, compared.metres_per_unit).c_str());
    }
    const float value_width = ImGui::CalcTextSize(value).x;
    if (ImGui::Selectable(slot->file_name.c_str(), &compared == shown, ImGuiSelectableFlags_None,
                          ImVec2(ImGui::GetContentRegionAvail().x - value_width - ImGui::GetFontSize(), 0.0f))) {
      actions.activate_clip = state.clips.index_of(compared.clip_id);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s  (click: make it the active clip)", slot->clip().source.c_str());
    ImGui::SameLine(ImGui::GetContentRegionMax().x - value_width);
    if (compared.result) {
      ImGui::TextUnformatted(value);
    } else {
      status_text(compared);
    }
    ImGui::PopID();
  }
}

void draw_details(const ViewerState& state, const ClipComparison& compared, ComparePanelState& panel,
                  Actions& actions) {
  const ClipSlot* slot = state.clips.with_id(compared.clip_id);
  const ClipSlot* reference = state.clips.with_id(state.comparison.settings().reference_id);
  if (slot == nullptr || reference == nullptr) return;
  char title[160];
  std::snprintf(title, sizeof(title), "%s", slot->file_name.c_str());
  panel_section(title);
  if (compared.status == ClipComparison::Status::Failed) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(0.95f, 0.62f, 0.50f, 1.0f), "%s", compared.error.c_str());
    ImGui::PopTextWrapPos();
  }
  // Its offset in reference frames is its time offset on the shared clock.
  float offset = static_cast<float>(offset_in_reference_frames(*reference, *slot));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Offset");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::DragFloat("##offset", &offset, 0.1f, -1e7f, 1e7f, "%.2f reference frames")) {
    actions.compare_offset = std::pair(compared.clip_id, static_cast<double>(offset));
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Beside the reference's frame k it shows its own time (k + offset) x the reference's\nframe "
        "time: its time offset on the timeline (drag, or double-click to type)");
  }
  // Find offset: the offset with the least MPJPE under these options, searched off the UI thread.
  const bool searching = compared.offset_search == ClipComparison::OffsetSearch::Searching;
  ImGui::BeginDisabled(searching);
  if (ImGui::Button(searching ? "Searching..." : "Find offset")) actions.find_compare_offset = compared.clip_id;
  ImGui::EndDisabled();
  panel.find_offset = last_item_rect();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(
        "Set the offset that gives the least MPJPE under this alignment and map, over the\noffsets "
        "where the clips overlap by half of the shorter one (as compare --offset auto)");
  if (compared.offset_search == ClipComparison::OffsetSearch::Found) {
    // Beside the button when it fits there (a narrow panel: on the line below, wrapped).
    char note[96];
    std::snprintf(note, sizeof note, "found %.2f (MPJPE %s)", compared.found_offset,
                  length_or_units(compared.found_mpjpe, compared.metres_per_unit).c_str());
    const float room = ImGui::GetContentRegionAvail().x - panel.find_offset.width - ImGui::GetStyle().ItemSpacing.x;
    if (ImGui::CalcTextSize(note).x <= room) ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", note);
    ImGui::PopTextWrapPos();
  } else if (compared.offset_search == ClipComparison::OffsetSearch::Failed) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(0.95f, 0.62f, 0.50f, 1.0f), "%s", compared.offset_error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!compared.result) {
    status_text(compared);
    return;
  }
  const CompareResult& result = *compared.result;
  const double m = compared.metres_per_unit;
  if (ImGui::BeginTable("numbers", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5.5f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    panel_row("MPJPE", "%s  (%.4g units)", length_or_units(result.mpjpe, m).c_str(), result.mpjpe);
    const std::string& worst_name =
        reference->labels[static_cast<std::size_t>(result.matching.pairs[result.worst_pair].reference)];
    panel_row("Max", "%s", length_or_units(result.max_error, m).c_str());
    panel_row("At", "frame %zu, %s", result.worst_frame, worst_name.c_str());
    panel_row("Frames", "%zu  (reference %zu..%zu)", result.frames_compared, result.first_frame,
              result.first_frame + result.frames_compared - 1);
    panel_row("Joints", "%zu matched", result.matching.pairs.size());
    panel_row("Units", "%s", compared.scale_reason.c_str());
    ImGui::EndTable();
  }
  if (ImGui::Button("Go to the worst frame")) actions.seek_reference_frame = static_cast<double>(result.worst_frame);
  // The names of joints without a partner, listed once per result.
  if (panel.unmatched_for != compared.serial) {
    const auto names = [](const ClipSlot& owner, const std::vector<int>& joints) {
      std::string list;
      for (const int joint : joints) {
        if (!list.empty()) list += ", ";
        list += owner.labels[static_cast<std::size_t>(joint)];
      }
      return list;
    };
    panel.unmatched_reference = names(*reference, result.matching.unmatched_reference);
    panel.unmatched_other = names(*slot, result.matching.unmatched_other);
    panel.unmatched_for = compared.serial;
  }
  ImGui::PushTextWrapPos(0.0f);
  if (!panel.unmatched_reference.empty()) {
    ImGui::TextDisabled("Unmatched in the reference (%zu): %s", result.matching.unmatched_reference.size(),
                        panel.unmatched_reference.c_str());
  }
  if (!panel.unmatched_other.empty()) {
    ImGui::TextDisabled("Unmatched here (%zu): %s", result.matching.unmatched_other.size(),
                        panel.unmatched_other.c_str());
  }
  ImGui::PopTextWrapPos();
}

void sort_rows(const CompareResult& result, ComparePanelState& panel, const ClipSlot& reference) {
  panel.rows.resize(result.per_joint.size());
  for (std::size_t i = 0; i < panel.rows.size(); ++i) panel.rows[i] = i;
  if (panel.sort_column < 0) return;
  const auto key = [&](std::size_t i) -> double {
    return panel.sort_column == 1 ? result.per_joint[i].mean : result.per_joint[i].max;
  };
  std::stable_sort(panel.rows.begin(), panel.rows.end(), [&](std::size_t a, std::size_t b) {
    if (panel.sort_column == 0) {
      const std::string& na = reference.labels[static_cast<std::size_t>(result.per_joint[a].joints.reference)];
      const std::string& nb = reference.labels[static_cast<std::size_t>(result.per_joint[b].joints.reference)];
      return panel.sort_descending ? nb < na : na < nb;
    }
    return panel.sort_descending ? key(a) > key(b) : key(a) < key(b);
  });
}

void draw_joint_table(const ViewerState& state, const ClipComparison& compared, ComparePanelState& panel,
                      Actions& actions) {
  const ClipSlot* reference = state.clips.with_id(state.comparison.settings().reference_id);
  const ClipSlot* slot = state.clips.with_id(compared.clip_id);
  if (!compared.result || reference == nullptr || slot == nullptr) return;
  const CompareResult& result = *compared.result;
  // One unit for the whole table, named in its title: the cells hold numbers that fit them.
  double largest = 0.0;
  for (const JointError& joint : result.per_joint) largest = std::max(largest, joint.max);
  const TableUnit unit = table_unit(largest, compared.metres_per_unit);
  panel_section((std::string("PER JOINT, ") + unit.name).c_str());
  panel.table_unit = unit.name;
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  const float height = std::max(ImGui::GetContentRegionAvail().y, ImGui::GetTextLineHeightWithSpacing() * 6.0f);
  // A narrow panel leaves out the Now column (the view's colours show it) so that the others fit.
  const bool with_now = ImGui::GetContentRegionAvail().x >= ImGui::GetFontSize() * 17.0f;
  panel.table_columns = with_now ? 4 : 3;
  if (!ImGui::BeginTable("per_joint", panel.table_columns, flags, ImVec2(0.0f, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Joint", ImGuiTableColumnFlags_WidthStretch, with_now ? 1.6f : 1.25f);
  // Short headers that differ from their first letter ("Mean" and "Max" both cut to "M..." in a
  // narrow panel), each explained on hover.
  ImGui::TableSetupColumn("Avg", ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_PreferSortDescending,
                          with_now ? 1.0f : 1.1f);
  // The last column shares its width with the scroll bar: a little more for it.
  ImGui::TableSetupColumn("Max", ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_PreferSortDescending,
                          with_now ? 1.0f : 1.3f);
  if (with_now) ImGui::TableSetupColumn("Now", ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_NoSort, 1.0f);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  const char* explained[] = {"The reference's joint (the other clip's partner on hover)", "Mean error over the frames",
                             "Largest error over the frames", "Error at the frame on screen"};
  for (int column = 0; column < ImGui::TableGetColumnCount(); ++column) {
    ImGui::TableSetColumnIndex(column);
    ImGui::TableHeader(ImGui::TableGetColumnName(column));
    if (!ImGui::IsItemHovered()) continue;
    if (column == 0) {
      ImGui::SetTooltip("%s", explained[column]);
    } else {
      ImGui::SetTooltip("%s, in %s", explained[column], unit.name);
    }
  }
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
    if (specs->SpecsDirty || panel.sorted_for != compared.serial || panel.rows.size() != result.per_joint.size()) {
      panel.sort_column = specs->SpecsCount > 0 ? specs->Specs[0].ColumnIndex : -1;
      panel.sort_descending = specs->SpecsCount > 0 && specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
      sort_rows(result, panel, *reference);
      panel.sorted_for = compared.serial;
      specs->SpecsDirty = false;
    }
  }
  const double m = compared.metres_per_unit;
  const double top = state.comparison.colour_max(m);
  const std::size_t frame = reference->frame();
  const ClipSlot* active = state.active_slot();
  const bool active_is_reference = active == reference;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(panel.rows.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const std::size_t pair = panel.rows[static_cast<std::size_t>(r)];
      const JointError& joint = result.per_joint[pair];
      const int own_joint = active_is_reference ? joint.joints.reference : joint.joints.other;
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::PushID(r);
      const bool selected =
          active != nullptr && active->selected == own_joint && (active_is_reference || active->id == compared.clip_id);
      if (ImGui::Selectable(reference->labels[static_cast<std::size_t>(joint.joints.reference)].c_str(), selected,
                            ImGuiSelectableFlags_SpanAllColumns)) {
        if (!active_is_reference && (active == nullptr || active->id != compared.clip_id))
          actions.activate_clip = state.clips.index_of(compared.clip_id);
        actions.select_joint = own_joint;
      }
      const std::string& other_name = slot->labels[static_cast<std::size_t>(joint.joints.other)];
      if (ImGui::IsItemHovered() && other_name != reference->labels[static_cast<std::size_t>(joint.joints.reference)])
        ImGui::SetTooltip("here: %s", other_name.c_str());
      ImGui::PopID();
      ImGui::TableSetColumnIndex(1);
      length_cell(joint.mean, unit);
      ImGui::TableSetColumnIndex(2);
      length_cell(joint.max, unit);
      if (!with_now) continue;
      ImGui::TableSetColumnIndex(3);
      if (const std::optional<double> now = compared.error_at(frame, pair)) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(to_u32(error_colour(*now, top))));
        length_cell(*now, unit);
        ImGui::PopStyleColor();
      } else {
        ImGui::TextDisabled("-");
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace

std::string format_length(double metres) {
  const LengthUnit unit = length_unit(metres);
  char text[48];
  std::snprintf(text, sizeof(text), "%.3g %s", metres * unit.per_metre, unit.name);
  return text;
}

void draw_compare_panel(const ViewerState& state, ComparePanelState& panel, Actions& actions) {
  draw_reference_choice(state, actions);
  if (!state.comparison.active()) return;
  draw_options(state, panel, actions);
  draw_clip_results(state, actions);
  if (const ClipComparison* compared = focused(state)) {
    draw_details(state, *compared, panel, actions);
    draw_joint_table(state, *compared, panel, actions);
  }
}

void draw_joint_difference(const ViewerState& state) {
  const Comparison& comparison = state.comparison;
  const ClipSlot* active = state.active_slot();
  const ClipSlot* reference = state.clips.with_id(comparison.settings().reference_id);
  if (active == nullptr || reference == nullptr || active->selected < 0) return;
  const bool is_reference = active == reference;
  bool any = false;
  for (const ClipComparison& compared : comparison.clips()) {
    if (!compared.result || (!is_reference && compared.clip_id != active->id)) continue;
    const std::vector<int>& pair_of = is_reference ? compared.pair_of_reference_joint : compared.pair_of_joint;
    if (static_cast<std::size_t>(active->selected) >= pair_of.size()) continue;
    if (!any) {
      panel_section(is_reference ? "DIFFERENCE (THIS IS THE REFERENCE)" : "DIFFERENCE FROM THE REFERENCE");
      any = true;
    }
    const int pair = pair_of[static_cast<std::size_t>(active->selected)];
    const ClipSlot* other = state.clips.with_id(compared.clip_id);
    if (is_reference && other != nullptr) ImGui::TextDisabled("%s", other->file_name.c_str());
    if (pair < 0) {
      ImGui::TextDisabled("no partner joint: not compared");
      continue;
    }
    const JointError& joint = compared.result->per_joint[static_cast<std::size_t>(pair)];
    const double m = compared.metres_per_unit;
    const std::optional<double> now = compared.error_at(reference->frame(), static_cast<std::size_t>(pair));
    ImGui::PushID(compared.clip_id);
    if (ImGui::BeginTable("difference", 2, ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5.5f);
      ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
      panel_row("Now", "%s", now ? length_or_units(*now, m).c_str() : "- (frame not compared)");
      panel_row("Mean", "%s", length_or_units(joint.mean, m).c_str());
      panel_row("Max", "%s", length_or_units(joint.max, m).c_str());
      ImGui::EndTable();
    }
    ImGui::PopID();
  }
}

std::optional<Rect> draw_error_legend(const Rect& view, const ViewerState& state) {
  const Comparison& comparison = state.comparison;
  const ClipSlot* reference = state.clips.with_id(comparison.settings().reference_id);
  if (reference == nullptr || !comparison.settings().error_colours || view.width < 200.0f || view.height < 120.0f)
    return std::nullopt;
  const ClipComparison* any = nullptr;
  for (const ClipComparison& compared : comparison.clips())
    if (compared.result) any = &compared;
  if (any == nullptr) return std::nullopt;
  const double m = any->metres_per_unit;
  const double top = comparison.colour_max(m);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const float font = ImGui::GetFontSize();
  const float bar_width = std::min(font * 14.0f, view.width * 0.4f);
  const float pad = font * 0.6f;
  const ImVec2 origin(view.x + pad, view.y + view.height - pad - font * 3.3f);
  char title[200];
  std::snprintf(title, sizeof(title), "Error vs %s", reference->file_name.c_str());
  const float grey_width = pad + font * 0.7f + font * 0.4f + ImGui::CalcTextSize("not compared").x;
  const float box_width = std::max(bar_width + grey_width, ImGui::CalcTextSize(title).x) + pad * 1.5f;
  const ImVec2 box_min(origin.x - pad * 0.5f, origin.y - pad * 0.5f);
  const ImVec2 box_max(origin.x + box_width, origin.y + font * 3.3f + pad * 0.2f);
  draw->AddRectFilled(box_min, box_max, IM_COL32(20, 22, 26, 200), 4.0f);
  draw->AddText(origin, IM_COL32(220, 222, 226, 255), title);
  const float bar_top = origin.y + font * 1.2f;
  const float bar_bottom = bar_top + font * 0.7f;
  constexpr int kSteps = 24;
  for (int i = 0; i < kSteps; ++i) {
    const float x0 = origin.x + bar_width * static_cast<float>(i) / kSteps;
    const float x1 = origin.x + bar_width * static_cast<float>(i + 1) / kSteps;
    const double t = (static_cast<double>(i) + 0.5) / kSteps;
    draw->AddRectFilled(ImVec2(x0, bar_top), ImVec2(x1 + 0.5f, bar_bottom), to_u32(error_colour(t * top, top)));
  }
  const auto tick = [&](double fraction, const std::string& text, bool right) {
    const float x = origin.x + bar_width * static_cast<float>(fraction);
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    const float left = right ? x - w : (fraction > 0.0 ? x - w * 0.5f : x);
    draw->AddText(ImVec2(left, bar_bottom + font * 0.15f), IM_COL32(180, 184, 192, 255), text.c_str());
  };
  tick(0.0, "0", false);
  tick(0.5, length_or_units(top * 0.5, m), false);
  tick(1.0, length_or_units(top, m) + "+", true);
  const float grey_x = origin.x + bar_width + pad;
  draw->AddRectFilled(ImVec2(grey_x, bar_top), ImVec2(grey_x + font * 0.7f, bar_bottom), to_u32(kUnmatchedJointColour),
                      2.0f);
  draw->AddText(ImVec2(grey_x + font * 1.1f, bar_top - font * 0.15f), IM_COL32(180, 184, 192, 255), "not compared");
  return Rect{box_min.x, box_min.y, box_max.x - box_min.x, box_max.y - box_min.y};
}

}  // namespace bvhscope::viewer
