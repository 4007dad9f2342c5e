#include "viewer/ui/inspector_panel.hpp"

#include <cstdio>
#include <string>
#include <string_view>

#include <imgui.h>
#include <glm/gtc/quaternion.hpp>

#include "viewer/copy_text.hpp"
#include "viewer/ui/compare_panel.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/readout_fit.hpp"

namespace bvhscope::viewer {
namespace {

std::string vec3_text(const glm::vec3& v) {
  return copy_numbers({static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)});
}

// w, x, y, z as the inspector shows quaternions.
std::string quat_text(const glm::quat& q) {
  return copy_numbers(
      {static_cast<double>(q.w), static_cast<double>(q.x), static_cast<double>(q.y), static_cast<double>(q.z)});
}

const char* kind_name(const ClipSlot& slot, int joint) {
  const Skeleton& skeleton = slot.clip().skeleton;
  if (skeleton.parents[static_cast<std::size_t>(joint)] == kNoParent) return "ROOT";
  return skeleton.is_end_site(joint) ? "End Site" : "JOINT";
}

// A quaternion's row, formatted as quat_text formats it but straight into ImGui (no string per frame).
void quat_row(const char* label, const glm::quat& q) {
  panel_row(label, "%.4f  %.4f  %.4f  %.4f  (wxyz)", static_cast<double>(q.w), static_cast<double>(q.x),
            static_cast<double>(q.y), static_cast<double>(q.z));
}

void vec3_cells(const glm::vec3& v, const char* unit) {
  readout_textf("%.4f  %.4f  %.4f %s", static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z),
                unit);
}

// A joint name for a small button in the space left on the line: how many of its bytes to show,
// and whether "..." follows (the name is longer than the space). No allocation.
struct FittedLabel {
  int length = 0;
  const char* ellipsis = "";
};
FittedLabel fitted_label(const std::string& name) {
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().FramePadding.x * 2.0f;
  const std::size_t kept = fitting_prefix(
      name, room, [](std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; });
  return {static_cast<int>(kept), kept == name.size() ? "" : "..."};
}

bool begin_values_table(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp)) return false;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("Bone length").x);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  return true;
}

void identity_block(const ViewerState& state, const ClipSlot& slot, const JointDetails& d, Actions& actions) {
  const std::string& label = slot.labels[static_cast<std::size_t>(d.index)];
  const char* kind = kind_name(slot, d.index);
  readout_textf("%s  (%s)", label.c_str(), kind);
  if (panel_section_with_copy("JOINT", "copy_identity"))
    ImGui::SetClipboardText(format_joint_identity(slot, d).c_str());
  if (begin_values_table("identity")) {
    panel_row("Index", "%d", d.index);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("Parent");
    ImGui::TableSetColumnIndex(1);
    if (d.parent == kNoParent) {
      ImGui::TextUnformatted("(none)");
    } else {
      char link[160];
      const std::string& parent = slot.labels[static_cast<std::size_t>(d.parent)];
      const FittedLabel fitted = fitted_label(parent);
      std::snprintf(link, sizeof(link), "%.*s%s##parent", fitted.length, parent.c_str(), fitted.ellipsis);
      if (ImGui::SmallButton(link)) actions.select_joint = d.parent;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", parent.c_str());
      if (ImGui::IsItemHovered()) actions.hover_joint = d.parent;
    }
    panel_row("Depth", "%d", d.depth);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("Children");
    ImGui::TableSetColumnIndex(1);
    if (d.children.empty()) ImGui::TextUnformatted("(none)");
    for (std::size_t i = 0; i < d.children.size() && i < 12; ++i) {
      const int child = d.children[i];
      char link[160];
      const std::string& name = slot.labels[static_cast<std::size_t>(child)];
      const FittedLabel fitted = fitted_label(name);
      std::snprintf(link, sizeof(link), "%.*s%s##child%d", fitted.length, name.c_str(), fitted.ellipsis, child);
      if (i > 0 && ImGui::GetContentRegionAvail().x > ImGui::CalcTextSize(link).x + 20.0f) ImGui::SameLine();
      if (ImGui::SmallButton(link)) actions.select_joint = child;
      if (ImGui::IsItemHovered()) {
        actions.hover_joint = child;
        ImGui::SetTooltip("%s", name.c_str());
      }
    }
    if (d.children.size() > 12) ImGui::TextDisabled("and %zu more", d.children.size() - 12);
    const char* unit = unit_name(state);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("OFFSET");
    ImGui::TableSetColumnIndex(1);
    vec3_cells(d.offset, "");
    panel_row("Bone length", "%.4f %s", static_cast<double>(d.bone_length), unit);
    ImGui::EndTable();
  }
}

void channels_block(const JointDetails& d) {
  if (panel_section_with_copy("CHANNELS AT THIS FRAME", "copy_channels")) {
    ImGui::SetClipboardText(format_joint_channels(d).c_str());
  }
  if (d.channels.empty()) {
    ImGui::TextDisabled(d.end_site ? "End Sites have no channels" : "No channels");
    return;
  }
  if (ImGui::BeginTable("channels", 3, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
    // As wide as their longest text (a narrow panel leaves the values the rest).
    ImGui::TableSetupColumn("Channel", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("Xposition").x);
    ImGui::TableSetupColumn("Column", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("0000").x);
    ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch);
    for (const ChannelReading& c : d.channels) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      const std::string_view name = channel_name(c.kind);
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kAxisColors[channel_axis(c.kind)]));
      ImGui::TextUnformatted(name.data(), name.data() + name.size());
      ImGui::PopStyleColor();
      ImGui::TableSetColumnIndex(1);
      ImGui::TextDisabled("%d", c.column);
      ImGui::TableSetColumnIndex(2);
      readout_textf("%.4f%s", static_cast<double>(c.value), is_rotation(c.kind) ? " deg" : "");
    }
    ImGui::EndTable();
  }
}

void transforms_block(const ViewerState& state, const JointDetails& d) {
  if (panel_section_with_copy("TRANSFORMS", "copy_transforms"))
    ImGui::SetClipboardText(format_joint_transforms(d).c_str());
  const char* unit = unit_name(state);
  if (begin_values_table("transforms")) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("Local pos");
    ImGui::TableSetColumnIndex(1);
    vec3_cells(d.local_translation, "");
    if (!d.rotation_order.empty()) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextDisabled("Local rot");
      ImGui::TableSetColumnIndex(1);
      char euler[160] = "";
      std::size_t used = 0;
      for (const ChannelReading& c : d.channels) {
        if (!is_rotation(c.kind) || used >= sizeof(euler)) continue;
        const int n = std::snprintf(euler + used, sizeof(euler) - used, "%c %.3f  ", "XYZ"[channel_axis(c.kind)],
                                    static_cast<double>(c.value));
        used += n > 0 ? static_cast<std::size_t>(n) : 0;
      }
      readout_textf("%s(deg, %s)", euler, d.rotation_order.c_str());
    }
    quat_row("Local quat", d.local_rotation);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("World pos");
    ImGui::TableSetColumnIndex(1);
    vec3_cells(d.world_position, unit);
    quat_row("World quat", d.world_rotation);
    const glm::vec3 euler = glm::degrees(glm::eulerAngles(d.world_rotation));
    panel_row("World XYZ", "%.3f  %.3f  %.3f deg", static_cast<double>(euler.x), static_cast<double>(euler.y),
              static_cast<double>(euler.z));
    ImGui::EndTable();
  }
}

void options_block(const ViewerState& state, Actions& actions) {
  panel_section("INSPECTION VIEW");
  InspectionOptions options = state.inspection;
  bool changed = ImGui::Checkbox("Trail", &options.trail);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The selected joint's path around the playhead");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
  changed |= ImGui::SliderInt("##trail_frames", &options.trail_frames, 5, 600, "%d frames");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Frames drawn before and after the playhead");
  changed |= ImGui::Checkbox("Curves", &options.curves);
  ImGui::SameLine();
  changed |= ImGui::Checkbox("Speed", &options.speed_curve);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("World-space speed of the joint next to its channels");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Labels");
  ImGui::SameLine();
  int labels = static_cast<int>(options.labels);
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::Combo("##labels", &labels, "None\0Selected chain\0All joints\0")) {
    options.labels = static_cast<LabelMode>(labels);
    changed = true;
  }
  if (changed) actions.inspection = options;
  bool follow = state.follow;
  if (ImGui::Checkbox(state.selected_joint() >= 0 ? "Follow selected joint  (C)" : "Follow root  (C)", &follow)) {
    actions.follow = follow;
  }
}

}  // namespace

std::string format_joint_identity(const ClipSlot& slot, const JointDetails& d) {
  std::string text = "name\t" + slot.labels[static_cast<std::size_t>(d.index)] + "\nkind\t" + kind_name(slot, d.index) +
                     "\nindex\t" + std::to_string(d.index) + "\nparent\t" +
                     (d.parent == kNoParent ? std::string("none") : slot.labels[static_cast<std::size_t>(d.parent)]) +
                     "\ndepth\t" + std::to_string(d.depth) + "\nchildren\t";
  for (std::size_t i = 0; i < d.children.size(); ++i) {
    text += (i > 0 ? ", " : "") + slot.labels[static_cast<std::size_t>(d.children[i])];
  }
  text +=
      "\noffset\t" + vec3_text(d.offset) + "\nbone_length\t" + copy_number(static_cast<double>(d.bone_length)) + "\n";
  return text;
}

std::string format_joint_channels(const JointDetails& d) {
  std::string text;
  for (const ChannelReading& c : d.channels) {
    text += std::string(channel_name(c.kind)) + "\t" + std::to_string(c.column) + "\t" +
            copy_number(static_cast<double>(c.value)) + "\n";
  }
  return text;
}

std::string format_joint_transforms(const JointDetails& d) {
  return "local_translation\t" + vec3_text(d.local_translation) + "\nrotation_order\t" + d.rotation_order +
         "\nlocal_quaternion_wxyz\t" + quat_text(d.local_rotation) + "\nworld_position\t" +
         vec3_text(d.world_position) + "\nworld_quaternion_wxyz\t" + quat_text(d.world_rotation) + "\n";
}

void draw_inspector(const ViewerState& state, Actions& actions) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) {
    ImGui::TextDisabled("No clip loaded");
    return;
  }
  if (!state.inspected || slot->selected < 0) {
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Click a joint or bone in the view, or a row of the hierarchy, to inspect it.");
    ImGui::PopTextWrapPos();
    options_block(state, actions);
    return;
  }
  const JointDetails& d = *state.inspected;
  identity_block(state, *slot, d, actions);
  draw_joint_difference(state);
  channels_block(d);
  transforms_block(state, d);
  options_block(state, actions);
}

}  // namespace bvhscope::viewer
