#include "viewer/ui/hierarchy_panel.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include <imgui.h>

#include "model/joint_tree_rows.hpp"
#include "viewer/ui/icons.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/readout_fit.hpp"

namespace bvhscope::viewer {
namespace {

// Joints expanded by default: everything in a normal rig, only the first levels of a huge one.
constexpr std::size_t kExpandAllUpTo = 2000;
constexpr int kDefaultDepthOfHugeTrees = 2;
// Rows indent one step per level down to this depth; deeper rows stay there and name their depth.
constexpr int kMaxIndentedDepth = 24;

void reset_for(const ClipSlot& slot, HierarchyPanelState& tree) {
  tree.clip_id = slot.id;
  const Skeleton& skeleton = slot.clip().skeleton;
  tree.joint_count = static_cast<std::size_t>(skeleton.joint_count());
  tree.expanded.assign(tree.joint_count, 1);
  if (tree.joint_count > kExpandAllUpTo) {
    for (std::size_t i = 0; i < tree.joint_count; ++i) {
      tree.expanded[i] = slot.tree_shape.depths[i] < kDefaultDepthOfHugeTrees ? 1 : 0;
    }
  }
  tree.applied_filter.clear();
  tree.filter = filter_joints(skeleton, "");
  tree.rows_dirty = true;
  tree.revealed_selection = -1;
  tree.scroll_to_top = true;
}

void header(const ClipSlot& slot, HierarchyPanelState& tree) {
  const Skeleton& skeleton = slot.clip().skeleton;
  const int end_sites = skeleton.end_site_count();
  char title[96];
  std::snprintf(title, sizeof(title), "HIERARCHY  %d joints + %d End Sites", skeleton.joint_count() - end_sites,
                end_sites);
  panel_section(title);
  const float buttons = ImGui::CalcTextSize("+").x * 2.0f + ImGui::GetStyle().FramePadding.x * 4.0f +
                        ImGui::GetStyle().ItemSpacing.x * 2.0f;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - buttons);
  ImGui::InputTextWithHint("##filter", "Filter joints by name", tree.filter_text.data(), tree.filter_text.size());
  tree.filter_box = Rect{ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectSize().x,
                         ImGui::GetItemRectSize().y};
  if (tree.applied_filter != tree.filter_text.data()) {
    tree.applied_filter = tree.filter_text.data();
    tree.filter = filter_joints(skeleton, tree.applied_filter);
    tree.rows_dirty = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("+")) {
    std::fill(tree.expanded.begin(), tree.expanded.end(), 1);
    tree.rows_dirty = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Expand all");
  ImGui::SameLine();
  if (ImGui::Button("-")) {
    std::fill(tree.expanded.begin(), tree.expanded.end(), 0);
    tree.rows_dirty = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Collapse all");
  if (!tree.applied_filter.empty()) {
    ImGui::TextDisabled("%d of %zu match", tree.filter.match_count, tree.joint_count);
  }
}

// The joint's kind as a small shape: a square for ROOTs, a disc for joints, a ring for End Sites.
void kind_mark(ImDrawList* draw, ImVec2 centre, float r, bool root, bool end_site, ImU32 colour) {
  if (root) {
    draw->AddRectFilled(ImVec2(centre.x - r, centre.y - r), ImVec2(centre.x + r, centre.y + r), colour, 1.0f);
  } else if (end_site) {
    draw->AddCircle(centre, r, colour, 12, 1.2f);
  } else {
    draw->AddCircleFilled(centre, r, colour, 12);
  }
}

void row(const ClipSlot& slot, std::span<const CurveSeriesKey> pins, HierarchyPanelState& tree, int joint, bool& toggle,
         Actions& actions) {
  const Skeleton& skeleton = slot.clip().skeleton;
  const auto j = static_cast<std::size_t>(joint);
  const float height = ImGui::GetTextLineHeightWithSpacing();
  const float indent = ImGui::GetFontSize() * 0.9f;
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const int depth = slot.tree_shape.depths[j];
  // Indented by depth, but never so far that less than about ten characters of the name show (a
  // deep chain in a narrow panel: the rows line up at the deepest indent that leaves room).
  const float most_indent = std::max(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 8.0f, 0.0f);
  const float depth_x =
      start.x + std::min(static_cast<float>(std::min(depth, kMaxIndentedDepth)) * indent, most_indent);
  ImGui::PushID(joint);
  const bool selected = slot.selected == joint;
  if (ImGui::Selectable("##row", selected, ImGuiSelectableFlags_AllowDoubleClick, ImVec2(0.0f, height))) {
    const float arrow_right = depth_x + indent;
    const bool on_arrow = ImGui::GetIO().MousePos.x < arrow_right && slot.tree_shape.child_counts[j] > 0;
    if (on_arrow) {
      toggle = true;
    } else {
      actions.select_joint = joint;
      if (ImGui::IsMouseDoubleClicked(0)) actions.centre_on_joint = joint;
    }
  }
  if (ImGui::IsItemHovered()) actions.hover_joint = joint;
  // Right-click: pin the joint's curves to the strip (they stay when another joint is selected).
  if (ImGui::BeginPopupContextItem("##joint_menu")) {
    const CurveSeriesKey key{slot.id, joint};
    const bool pinned = std::find(pins.begin(), pins.end(), key) != pins.end();
    if (ImGui::MenuItem(pinned ? "Unpin from Curves" : "Pin to Curves")) actions.toggle_curve_pin = key;
    if (ImGui::MenuItem("Select")) actions.select_joint = joint;
    if (ImGui::MenuItem("Centre on It")) actions.centre_on_joint = joint;
    ImGui::EndPopup();
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float cy = start.y + height * 0.5f;
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (slot.tree_shape.child_counts[j] > 0) {
    const float s = ImGui::GetFontSize() * 0.25f;
    const float cx = depth_x + indent * 0.5f;
    if (tree.expanded[j] != 0 || !tree.applied_filter.empty()) {
      draw->AddTriangleFilled(ImVec2(cx - s, cy - s * 0.6f), ImVec2(cx + s, cy - s * 0.6f), ImVec2(cx, cy + s * 0.8f),
                              dim);
    } else {
      draw->AddTriangleFilled(ImVec2(cx - s * 0.6f, cy - s), ImVec2(cx - s * 0.6f, cy + s), ImVec2(cx + s * 0.8f, cy),
                              dim);
    }
  }
  const bool end_site = skeleton.is_end_site(joint);
  const bool root = skeleton.parents[j] == kNoParent;
  const bool match = !tree.applied_filter.empty() && tree.filter.matches[j] != 0;
  const ImU32 text_colour = selected   ? IM_COL32(255, 255, 255, 255)
                            : match    ? kAccent
                            : end_site ? dim
                                       : ImGui::GetColorU32(ImGuiCol_Text);
  const float mark_x = depth_x + indent * 1.45f;
  kind_mark(draw, ImVec2(mark_x, cy), ImGui::GetFontSize() * 0.2f, root, end_site,
            root       ? kAccent
            : end_site ? dim
                       : IM_COL32(170, 175, 185, 255));
  float text_x = mark_x + indent * 0.7f;
  if (std::find(pins.begin(), pins.end(), CurveSeriesKey{slot.id, joint}) != pins.end()) {
    // Pinned to the curves strip: a pin before its name.
    const float size = ImGui::GetFontSize();
    draw_pin(draw, ImVec2(text_x - size * 0.15f, cy - size * 0.5f), size, kAccent);
    text_x += size * 0.85f;
  }
  const std::string& label = slot.labels[j];
  const float text_y = start.y + (height - ImGui::GetFontSize()) * 0.5f;
  if (depth > kMaxIndentedDepth) {  // a deep chain: no indentation past the panel, the depth in words
    char prefix[32];
    const int length = std::snprintf(prefix, sizeof(prefix), "[depth %d] ", depth);
    const char* end = prefix + std::clamp(length, 0, static_cast<int>(sizeof(prefix)) - 1);
    draw->AddText(ImVec2(text_x, text_y), dim, prefix, end);
    text_x += ImGui::CalcTextSize(prefix, end).x;
  }
  const float right = start.x + ImGui::GetContentRegionAvail().x;
  // A long label is cut in the middle, keeping the text the filter matched.
  std::size_t keep_begin = label.size();
  std::size_t keep_end = label.size();
  if (match) {
    if (const std::size_t at = find_ignore_case(label, tree.applied_filter); at != std::string::npos) {
      keep_begin = at;
      keep_end = at + tree.applied_filter.size();
    }
  }
  if (tree.cut_count == tree.cut_labels.size()) tree.cut_labels.emplace_back();
  if (draw_middle_cut_text(draw, ImVec2(text_x, text_y), text_colour, label, right - text_x - 2.0f, keep_begin,
                           keep_end, &tree.cut_labels[tree.cut_count]))
    ++tree.cut_count;
  const std::string& order = slot.channel_orders[j];
  if (!order.empty()) {
    const float order_width = ImGui::CalcTextSize(order.c_str()).x;
    const float label_end = text_x + ImGui::CalcTextSize(label.c_str()).x + 8.0f;
    if (right - order_width > label_end) {
      draw->AddText(ImVec2(right - order_width - 4.0f, start.y + (height - ImGui::GetFontSize()) * 0.5f), dim,
                    order.c_str());
    }
  }
  if (ImGui::IsItemHovered() && ImGui::GetIO().MousePos.x > text_x) {
    ImGui::SetTooltip("%s  (index %d)\n%s%s", label.c_str(), joint,
                      root       ? "ROOT"
                      : end_site ? "End Site"
                                 : "JOINT",
                      order.empty() ? "" : ("\nchannels " + order).c_str());
  }
  ImGui::PopID();
}

}  // namespace

void draw_hierarchy(const ViewerState& state, HierarchyPanelState& tree, Actions& actions) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) {
    panel_section("HIERARCHY");
    ImGui::TextDisabled("No clip loaded");
    return;
  }
  if (tree.clip_id != slot->id || tree.joint_count != static_cast<std::size_t>(slot->clip().skeleton.joint_count())) {
    reset_for(*slot, tree);
  }
  header(*slot, tree);
  const Skeleton& skeleton = slot->clip().skeleton;
  // A joint selected elsewhere (the view) is revealed and scrolled to once.
  bool scroll_to_selection = false;
  if (slot->selected >= 0 && slot->selected != tree.revealed_selection) {
    expand_ancestors(skeleton, slot->selected, tree.expanded);
    tree.revealed_selection = slot->selected;
    tree.rows_dirty = true;
    scroll_to_selection = true;
  }
  if (slot->selected < 0) tree.revealed_selection = -1;
  if (tree.rows_dirty) {
    tree_rows(skeleton, tree.filter.visible, tree.expanded, !tree.applied_filter.empty(), tree.rows);
    tree.rows_dirty = false;
  }
  ImGui::BeginChild("##tree", ImVec2(0.0f, 0.0f), false);
  if (tree.scroll_to_top) {
    ImGui::SetScrollY(0.0f);
    tree.scroll_to_top = false;
  }
  tree.cut_count = 0;
  tree.rows_area = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x,
                    ImGui::GetWindowSize().y};
  const float height = ImGui::GetTextLineHeightWithSpacing();
  if (scroll_to_selection) {
    const int r = row_of(tree.rows, slot->selected);
    if (r >= 0) {
      const float y = static_cast<float>(r) * height;  // rows have no spacing between them
      if (y < ImGui::GetScrollY() || y > ImGui::GetScrollY() + ImGui::GetWindowHeight() - height * 2.0f) {
        ImGui::SetScrollY(std::max(y - ImGui::GetWindowHeight() * 0.4f, 0.0f));
      }
    }
  }
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  int toggled = -1;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(tree.rows.size()), height);
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      bool toggle = false;
      row(*slot, state.curve_pins, tree, tree.rows[static_cast<std::size_t>(r)], toggle, actions);
      if (toggle) toggled = tree.rows[static_cast<std::size_t>(r)];
    }
  }
  clipper.End();
  ImGui::PopStyleVar();
  tree.scroll_y = ImGui::GetScrollY();
  if (tree.rows.empty()) ImGui::TextDisabled("No joint matches");
  ImGui::EndChild();
  if (toggled >= 0 && tree.applied_filter.empty()) {
    auto& flag = tree.expanded[static_cast<std::size_t>(toggled)];
    flag = flag != 0 ? 0 : 1;
    tree.rows_dirty = true;
  }
}

}  // namespace bvhscope::viewer
