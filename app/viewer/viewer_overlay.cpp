// Viewer: what is drawn over the 3D view: the joint under the mouse (hover, any visible clip) with
// its name by the cursor, and the active clip's joint labels, placed so that none overlaps another.
#include <algorithm>
#include <optional>

#include <imgui.h>

#include "model/orbit_camera.hpp"
#include "viewer/ui/compare_panel.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

// Room for `vertices` and `indices` more in the draw list, so that a frame drawing more than any
// before does not grow ImGui's buffers piecemeal. The write pointers follow the storage (something
// may have been drawn into the list already this frame: they would point into the old storage).
void reserve_draw_list(ImDrawList* draw, std::size_t vertices, std::size_t indices) {
  const auto reserve = [](auto& buffer, std::size_t more) {
    const int needed = buffer.Size + static_cast<int>(more);
    if (buffer.Capacity < needed) buffer.reserve(needed + needed / 2);
  };
  reserve(draw->VtxBuffer, vertices);
  reserve(draw->IdxBuffer, indices);
  draw->_VtxWritePtr = draw->VtxBuffer.Data + draw->VtxBuffer.Size;
  draw->_IdxWritePtr = draw->IdxBuffer.Data + draw->IdxBuffer.Size;
}

// Sizes in pixels before the content scale.
constexpr float kLabelOffset = 7.0f;             // from the joint to its label's box
constexpr float kLabelGap = 2.0f;                // kept clear between two boxes
constexpr glm::vec2 kLabelPadding(4.0f, 1.0f);   // around a label's text
constexpr glm::vec2 kHoverPadding(6.0f, 3.0f);   // around the hover name's text
constexpr glm::vec2 kHoverOffset(14.0f, 18.0f);  // from the cursor to the hover name (clear of the arrow)

constexpr ImU32 kLabelFill = IM_COL32(20, 22, 26, 190);
constexpr ImU32 kLabelText = IM_COL32(215, 218, 224, 255);
constexpr ImU32 kSelectedFill = IM_COL32(20, 60, 85, 235);
constexpr ImU32 kSelectedText = IM_COL32(200, 236, 255, 255);
constexpr ImU32 kLeader = IM_COL32(200, 205, 215, 170);
constexpr ImU32 kHoverFill = IM_COL32(34, 37, 44, 240);
constexpr ImU32 kHoverBorder = IM_COL32(235, 190, 90, 255);
constexpr ImU32 kHoverText = IM_COL32(245, 246, 248, 255);
constexpr ImU32 kHoverFileText = IM_COL32(160, 166, 178, 255);

// At most what one box (a rounded rectangle, its border or leader line) adds to ImGui's buffers,
// text aside (4 vertices and 6 indices a character).
constexpr std::size_t kMaxBoxVertices = 160;
constexpr std::size_t kMaxBoxIndices = 480;

ImVec2 to_im(glm::vec2 v) { return {v.x, v.y}; }

ImU32 to_colour(const glm::vec3& c, float alpha = 1.0f) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, alpha));
}

constexpr ImU32 kTagFill = IM_COL32(18, 20, 24, 215);
constexpr ImU32 kTagText = IM_COL32(235, 237, 241, 255);
constexpr float kTagLift = 10.0f;    // from the figure's top to its tag, pixels before the content scale
constexpr float kMaxTagRows = 2.0f;  // how far a tag may move (in tag heights) to keep clear of the others

}  // namespace

void Viewer::update_view_hover() {
  const ImGuiIO& io = ImGui::GetIO();
  ViewerState::ViewHover hover;
  // Not while a button is down (a camera drag, or a drag that began on a panel), nor over a panel.
  const bool free_mouse = ImGui::IsMousePosValid() && !io.WantCaptureMouse && pointer_.drag_button < 0 &&
                          !ImGui::IsAnyMouseDown() && layout_.visible_view.contains(io.MousePos.x, io.MousePos.y);
  if (free_mouse && !state_.clips.empty()) {
    // A pick walks every joint: with a huge skeleton on screen, only when the mouse or the camera
    // moved (not every frame of its playback), else the joint found last stays hovered.
    const bool huge = std::any_of(state_.clips.begin(), state_.clips.end(), [](const ClipSlot& slot) {
      return slot.drawn() && slot.clip().skeleton.joint_count() > kJointBudget;
    });
    const glm::vec2 mouse(io.MousePos.x, io.MousePos.y);
    const glm::mat4 view_projection = this->view_projection();
    const ViewerState::ViewHover& last = state_.view_hover;
    const bool last_valid =
        last.clip < 0 || (last.clip < static_cast<int>(state_.clips.size()) &&
                          state_.clips[static_cast<std::size_t>(last.clip)].drawn() &&
                          last.joint < state_.clips[static_cast<std::size_t>(last.clip)].clip().skeleton.joint_count());
    if (huge && last_valid && mouse == pointer_.hover_mouse && view_projection == pointer_.hover_view_projection)
      return;
    pointer_.hover_mouse = mouse;
    pointer_.hover_view_projection = view_projection;
    const ViewPick pick = pick_in_view(io.MousePos.x, io.MousePos.y);
    hover = {pick.slot, pick.joint};
  }
  state_.view_hover = hover;
}

void Viewer::draw_view_overlay() {
  update_view_hover();
  labels_.shown = 0;
  labels_.hidden = 0;
  const Rect& view = layout_.visible_view;  // labels and the legend keep clear of the curves strip
  const LabelBox bounds{{view.x, view.y}, {view.x + view.width, view.y + view.height}};
  labels_.layout.begin(bounds, {kLabelOffset * ui_scale_, kLabelGap * ui_scale_});
  const ClipSlot* slot = state_.active_slot();
  const bool labels = slot != nullptr && slot->drawn() && state_.inspection.labels != LabelMode::None &&
                      !(state_.inspection.labels == LabelMode::SelectedChain && slot->selected < 0);
  if (labels) labels_.refresh_order(*slot, state_.inspection.labels);

  // The comparison's legend first: tags and labels keep clear of it.
  if (const std::optional<Rect> legend = draw_error_legend(view, state_))
    labels_.layout.block({{legend->x, legend->y}, {legend->x + legend->width, legend->y + legend->height}});

  // Name tags first: joint labels make way for them.
  const bool tags = state_.display.name_tags && state_.clips.size() > 1;
  if (tags) draw_name_tags(bounds);

  // The hover name goes first: labels make way for it, so it never covers one.
  const ViewerState::ViewHover hover = state_.view_hover;
  LabelBox hover_box;
  std::size_t hover_characters = 0;
  if (hover.clip >= 0) {
    const ClipSlot& hovered = state_.clips[static_cast<std::size_t>(hover.clip)];
    const std::string& name = hovered.labels[static_cast<std::size_t>(hover.joint)];
    const ImVec2 name_size = ImGui::CalcTextSize(name.c_str());
    float width = name_size.x;
    hover_characters = name.size();
    if (state_.clips.size() > 1) {
      width += ImGui::CalcTextSize("  ").x + ImGui::CalcTextSize(hovered.file_name.c_str()).x;
      hover_characters += hovered.file_name.size();
    }
    const glm::vec2 size(width + 2.0f * kHoverPadding.x * ui_scale_, name_size.y + 2.0f * kHoverPadding.y * ui_scale_);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    hover_box = tooltip_box({mouse.x, mouse.y}, size, bounds, kHoverOffset * ui_scale_);
    labels_.layout.block(hover_box);
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }

  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  // Room for the most this overlay can draw, so a frame that shows more labels than any before
  // does not grow ImGui's buffers (only a new clip, selection or mode may).
  const std::size_t boxes = (labels ? labels_.order.size() : 0) + (hover.clip >= 0 ? 1 : 0);
  const std::size_t characters = (labels ? labels_.characters : 0) + hover_characters;
  (void)tags;
  reserve_draw_list(draw, 4 * characters + kMaxBoxVertices * boxes, 6 * characters + kMaxBoxIndices * boxes);

  draw->PushClipRect(to_im(bounds.min), to_im(bounds.max), true);
  if (labels)
    draw_joint_labels(*slot, renderer_.skeleton_pass().joint_positions(static_cast<std::size_t>(state_.active())));
  if (hover.clip >= 0) draw_hover_name(hover_box);
  draw->PopClipRect();
}

// Each visible clip's file name over its figure (above its highest joint as drawn now), in its
// colour; a tag that would cover another moves up, and joint labels keep clear of them.
void Viewer::draw_name_tags(const LabelBox& bounds) {
  const Rect& view = layout_.view;
  const glm::mat4 view_projection = this->view_projection();
  const glm::vec2 padding(kLabelPadding.x * ui_scale_ * 1.5f, kLabelPadding.y * ui_scale_ * 1.5f);
  const float stripe = 3.0f * ui_scale_;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  std::size_t characters = 0;
  for (const ClipSlot& slot : state_.clips) characters += slot.file_name.size();
  reserve_draw_list(draw, 4 * characters + kMaxBoxVertices * state_.clips.size(),
                    6 * characters + kMaxBoxIndices * state_.clips.size());
  draw->PushClipRect(to_im(bounds.min), to_im(bounds.max), true);
  labels_.tag_boxes.clear();
  labels_.tag_boxes.reserve(state_.clips.size());  // no-ops once sized: nothing allocated while playing
  labels_.layout.reserve(labels_.order.size() + 1 + state_.clips.size());
  for (std::size_t i = 0; i < state_.clips.size(); ++i) {
    const ClipSlot& slot = state_.clips[i];
    if (!slot.drawn()) continue;
    const std::span<const glm::vec3> joints = renderer_.skeleton_pass().joint_positions(i);
    if (joints.empty()) continue;
    glm::vec3 top = joints.front();
    for (const glm::vec3& joint : joints)
      if (joint.y > top.y) top = joint;
    const glm::vec3 p = project_to_pixels(view_projection, top, glm::vec2(view.width, view.height));
    if (p.z < 0.0f || p.z > 1.0f) continue;
    const ImVec2 text = ImGui::CalcTextSize(slot.file_name.c_str());
    const glm::vec2 size(text.x + 2.0f * padding.x + stripe, text.y + 2.0f * padding.y);
    const glm::vec2 start(
        std::clamp(p.x + view.x - size.x * 0.5f, bounds.min.x, std::max(bounds.min.x, bounds.max.x - size.x)),
        p.y + view.y - kTagLift * ui_scale_ - size.y);
    // Past every tag it would cover (the tags placed so far): up first, then down; a tag with no
    // free spot inside the view is left out (its figure keeps the dot of its colour).
    const auto free_spot = [&](float direction) -> std::optional<glm::vec2> {
      glm::vec2 min = start;
      for (bool moved = true; moved;) {
        moved = false;
        for (const LabelBox& other : labels_.tag_boxes) {
          if (min.x < other.max.x && other.min.x < min.x + size.x && min.y < other.max.y &&
              other.min.y < min.y + size.y) {
            min.y =
                direction < 0.0f ? other.min.y - size.y - kLabelGap * ui_scale_ : other.max.y + kLabelGap * ui_scale_;
            moved = true;
          }
        }
      }
      // Within a few rows of its figure: farther away, a crowd of tags would hide the figures.
      const bool near = std::abs(min.y - start.y) <= kMaxTagRows * (size.y + kLabelGap * ui_scale_);
      if (!near || min.y < bounds.min.y || min.y + size.y > bounds.max.y) return std::nullopt;
      return min;
    };
    std::optional<glm::vec2> spot = free_spot(-1.0f);
    if (!spot) spot = free_spot(1.0f);
    const ImVec2 head(p.x + view.x, p.y + view.y);
    if (!spot) {
      draw->AddCircleFilled(head, 2.5f * ui_scale_, to_colour(clip_color(slot.color_index).line));
      continue;
    }
    const glm::vec2 min = *spot;
    const LabelBox box{min, min + size};
    labels_.tag_boxes.push_back(box);
    labels_.layout.block(box);
    const glm::vec3 colour = clip_color(slot.color_index).line;
    // A leader from the figure's top to its tag, so a tag moved away still points at its figure.
    const ImVec2 foot(std::clamp(head.x, box.min.x + stripe, box.max.x - stripe),
                      box.max.y < head.y ? box.max.y : box.min.y);
    draw->AddLine(head, foot, to_colour(colour, 0.75f), 1.0f * ui_scale_);
    draw->AddCircleFilled(head, 2.0f * ui_scale_, to_colour(colour, 0.9f));
    draw->AddRectFilled(to_im(box.min), to_im(box.max), kTagFill, 3.0f * ui_scale_);
    draw->AddRectFilled(to_im(box.min), ImVec2(box.min.x + stripe, box.max.y), to_colour(colour), 3.0f * ui_scale_,
                        ImDrawFlags_RoundCornersLeft);
    if (static_cast<int>(i) == state_.active())
      draw->AddRect(to_im(box.min), to_im(box.max), to_colour(colour, 0.9f), 3.0f * ui_scale_, 0, 1.0f * ui_scale_);
    draw->AddText(ImVec2(box.min.x + stripe + padding.x, box.min.y + padding.y), kTagText, slot.file_name.c_str());
  }
  draw->PopClipRect();
}

void Viewer::draw_joint_labels(const ClipSlot& slot, std::span<const glm::vec3> placed) {
  // The selected joint and its ancestors may stand off their point (with a leader line) rather
  // than be hidden; in All mode the other joints only take a spot next to their point.
  const std::size_t chain =
      slot.selected >= 0 && static_cast<std::size_t>(slot.selected) < slot.tree_shape.depths.size()
          ? static_cast<std::size_t>(slot.tree_shape.depths[static_cast<std::size_t>(slot.selected)]) + 1
          : 0;
  const Rect& view = layout_.view;
  const glm::mat4 view_projection = this->view_projection();
  const glm::vec2 padding(kLabelPadding.x * ui_scale_, kLabelPadding.y * ui_scale_);
  labels_.placed.clear();
  for (std::size_t k = 0; k < labels_.order.size(); ++k) {
    const auto joint = static_cast<std::size_t>(labels_.order[k]);
    if (joint >= placed.size() || joint >= slot.labels.size()) continue;
    const glm::vec3 p = project_to_pixels(view_projection, placed[joint], glm::vec2(view.width, view.height));
    if (p.z < 0.0f || p.z > 1.0f || !view.contains(p.x + view.x, p.y + view.y)) continue;
    const glm::vec2 point(p.x + view.x, p.y + view.y);
    const ImVec2 text_size = ImGui::CalcTextSize(slot.labels[joint].c_str());
    const PlacedLabel label =
        labels_.layout.place(point, glm::vec2(text_size.x, text_size.y) + 2.0f * padding, k < chain);
    if (label.shown()) {
      labels_.placed.push_back({static_cast<int>(joint), point, label});
    } else {
      ++labels_.hidden;
    }
  }
  labels_.shown = static_cast<int>(labels_.placed.size());
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  for (const JointLabelOverlay::PlacedJointLabel& label : labels_.placed) {  // leader lines under every box
    if (!needs_leader(label.label.spot)) continue;
    const glm::vec2 end = glm::clamp(label.point, label.label.box.min, label.label.box.max);
    draw->AddLine(to_im(label.point), to_im(end), kLeader, 1.0f * ui_scale_);
  }
  for (const JointLabelOverlay::PlacedJointLabel& label : labels_.placed) {
    const bool strong = label.joint == slot.selected;
    const LabelBox& box = label.label.box;
    draw->AddRectFilled(to_im(box.min), to_im(box.max), strong ? kSelectedFill : kLabelFill, 3.0f * ui_scale_);
    draw->AddText(to_im(box.min + padding), strong ? kSelectedText : kLabelText,
                  slot.labels[static_cast<std::size_t>(label.joint)].c_str());
  }
}

void Viewer::draw_hover_name(const LabelBox& box) {
  const ClipSlot& slot = state_.clips[static_cast<std::size_t>(state_.view_hover.clip)];
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddRectFilled(to_im(box.min), to_im(box.max), kHoverFill, 3.0f * ui_scale_);
  draw->AddRect(to_im(box.min), to_im(box.max), kHoverBorder, 3.0f * ui_scale_, 0, 1.0f * ui_scale_);
  const char* name = slot.labels[static_cast<std::size_t>(state_.view_hover.joint)].c_str();
  ImVec2 at(box.min.x + kHoverPadding.x * ui_scale_, box.min.y + kHoverPadding.y * ui_scale_);
  draw->AddText(at, kHoverText, name);
  if (state_.clips.size() > 1) {
    at.x += ImGui::CalcTextSize(name).x + ImGui::CalcTextSize("  ").x;
    draw->AddText(at, kHoverFileText, slot.file_name.c_str());
  }
}

}  // namespace bvhscope::viewer
