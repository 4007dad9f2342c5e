// Viewer: what is drawn over the 3D view: the joint under the mouse (hover, any visible clip) with
// its name by the cursor, and the active clip's joint labels, placed so that none overlaps another.
#include <algorithm>
#include <optional>
#include <vector>

#include <glm/geometric.hpp>

#include <imgui.h>

#include "model/orbit_camera.hpp"
#include "model/overlay_labels.hpp"
#include "viewer/imgui_overlay.hpp"
#include "viewer/ui/compare_panel.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

// The hovered joint's name, with its file name when several clips are shown.
HoverName hovered_name(const ViewerState& state) {
  const ClipSlot& slot = state.clips[static_cast<std::size_t>(state.view_hover.clip)];
  HoverName hover{slot.labels[static_cast<std::size_t>(state.view_hover.joint)], std::nullopt};
  if (state.clips.size() > 1) hover.file = slot.file_name;
  return hover;
}

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
  labels_.layout.begin(bounds, overlay_label_style(ui_scale_));
  labels_.overlay.clear();
  labels_.overlay.text_pixels = ImGui::GetFontSize();
  labels_.overlay.set_clip(bounds.min, bounds.max);
  const ClipSlot* slot = state_.active_slot();
  const bool labels = slot != nullptr && slot->drawn() && state_.inspection.labels != LabelMode::None &&
                      !(state_.inspection.labels == LabelMode::SelectedChain && slot->selected < 0);
  if (labels) labels_.refresh_order(*slot, state_.inspection.labels, state_.clips.clips());

  // The comparison's legend first: tags and labels keep clear of it.
  framing_.legend.reset();
  if (const std::optional<Rect> legend = draw_error_legend(view, state_)) {
    framing_.legend = LabelBox{{legend->x, legend->y}, {legend->x + legend->width, legend->y + legend->height}};
    labels_.layout.block(*framing_.legend);
  }
  reveal_selection();

  // Name tags first: joint labels make way for them. With one clip (or the tags off), only a clip
  // with a weak guess has one: its badge.
  labels_.tag_badges.clear();
  draw_name_tags(bounds, state_.display.name_tags && state_.clips.size() > 1);

  // The hover name goes first: labels make way for it, so it never covers one.
  const ViewerState::ViewHover hover = state_.view_hover;
  LabelBox hover_box;
  if (hover.clip >= 0) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    hover_box = hover_name_box(ImGuiTextMetrics(), hovered_name(state_), {mouse.x, mouse.y}, bounds, ui_scale_);
    labels_.layout.block(hover_box);
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }

  if (labels)
    draw_joint_labels(*slot,
                      scene_.renderer().skeleton_pass().joint_positions(static_cast<std::size_t>(state_.active())));
  if (hover.clip >= 0) draw_hover_name(hover_box);
  draw_overlay_imgui(labels_.overlay, ImGui::GetBackgroundDrawList());
}

// Each visible clip's file name over its figure (above its highest joint as drawn now), in its
// colour, with its weak guesses' badge; a tag that would cover another moves up, and joint labels
// keep clear of them. Without `every_clip`, only the clips with a weak guess.
void Viewer::draw_name_tags(const LabelBox& bounds, bool every_clip) {
  const Rect& view = layout_.view;
  const glm::mat4 view_projection = this->view_projection();
  const ImGuiTextMetrics metrics;
  labels_.tag_boxes.clear();
  labels_.tag_boxes.reserve(state_.clips.size());  // no-ops once sized: nothing allocated while playing
  labels_.tag_badges.reserve(state_.clips.size());
  labels_.layout.reserve(labels_.order.size() + 1 + state_.clips.size());
  for (std::size_t i = 0; i < state_.clips.size(); ++i) {
    const ClipSlot& slot = state_.clips[i];
    if (!slot.drawn() || (!every_clip && !slot.weak_guess.any())) continue;
    const std::span<const glm::vec3> joints = scene_.renderer().skeleton_pass().joint_positions(i);
    if (joints.empty()) continue;
    glm::vec3 top = joints.front();
    for (const glm::vec3& joint : joints)
      if (joint.y > top.y) top = joint;
    const glm::vec3 p = project_to_pixels(view_projection, top, glm::vec2(view.width, view.height));
    if (p.z < 0.0f || p.z > 1.0f) continue;
    const NameTag tag{{p.x + view.x, p.y + view.y},
                      slot.file_name,
                      clip_color(slot.color_index).line,
                      static_cast<int>(i) == state_.active(),
                      slot.weak_guess.badge};
    if (const std::optional<LabelBox> badge =
            place_name_tag(labels_.overlay, metrics, tag, bounds, ui_scale_, labels_.tag_boxes, labels_.layout))
      labels_.tag_badges.push_back({slot.id, *badge});
  }
}

void Viewer::draw_joint_labels(const ClipSlot& slot, std::span<const glm::vec3> placed) {
  const Rect& view = layout_.view;
  JointLabelView labels;
  labels.order = labels_.order;
  labels.joints = placed;
  labels.names = slot.labels;
  labels.depths = slot.tree_shape.depths;
  labels.selected = slot.selected;
  // The hovered joint of this clip is named by the hover box: no label of its own beside it.
  if (state_.view_hover.clip == state_.active()) labels.hovered = state_.view_hover.joint;
  labels.view_projection = this->view_projection();
  labels.view_origin = {view.x, view.y};
  labels.view_size = {view.width, view.height};
  labels.scale = ui_scale_;
  labels_.hidden = place_joint_labels(labels_.overlay, labels_.layout, ImGuiTextMetrics(), labels, labels_.placed);
  labels_.shown = static_cast<int>(labels_.placed.size());
}

void Viewer::draw_hover_name(const LabelBox& box) {
  add_hover_name(labels_.overlay, ImGuiTextMetrics(), hovered_name(state_), box, ui_scale_);
}

// What was just selected, once its pose is on screen: when it lies under the curves strip or the
// compare legend (which lie over the view on purpose), the view eases up until it clears them.
void Viewer::reveal_selection() {
  if (!framing_.reveal) return;
  if (framing_.reveal->wait_frames-- > 0) return;
  const ViewFraming::Reveal reveal = *framing_.reveal;
  framing_.reveal.reset();
  const int index = state_.clips.index_of(reveal.clip_id);
  if (index < 0 || state_.follow) return;  // following: the camera is the root's
  const std::span<const glm::vec3> joints =
      scene_.renderer().skeleton_pass().joint_positions(static_cast<std::size_t>(index));
  const Rect& view = layout_.view;
  const glm::mat4 view_projection = this->view_projection();
  std::vector<glm::vec2> points;
  float lowest_y = 0.0f;                        // the lowest point on screen (window pixels, y down)
  float lowest_depth = state_.camera.distance;  // and its depth along the view
  for (std::size_t j = 0; j < joints.size(); ++j) {
    if (reveal.joint >= 0 && j != static_cast<std::size_t>(reveal.joint)) continue;
    const glm::vec3 p = project_to_pixels(view_projection, joints[j], glm::vec2(view.width, view.height));
    if (p.z < 0.0f || p.z > 1.0f) continue;
    if (points.empty() || p.y + view.y > lowest_y) {
      lowest_y = p.y + view.y;
      lowest_depth = glm::dot(joints[j] - state_.camera.eye(), state_.camera.forward());
    }
    points.emplace_back(p.x + view.x, p.y + view.y);
  }
  std::vector<LabelBox> covers;
  const Rect& strip = layout_.curves;
  if (strip.height > 0.0f) covers.push_back({{strip.x, strip.y}, {strip.x + strip.width, strip.y + strip.height}});
  if (framing_.legend) covers.push_back(*framing_.legend);
  const float lift = lift_clear_of(points, covers, layout_.visible_view.y, 12.0f * ui_scale_);
  if (lift < 1.0f) return;
  // A pan moves what lies at the target's depth by as many pixels; a nearer or farther point moves
  // by less or more in perspective: the pan is scaled so that the lowest point moves by `lift`.
  const float scale = !state_.camera.orthographic && lowest_depth > 0.0f && state_.camera.distance > 0.0f
                          ? lowest_depth / state_.camera.distance
                          : 1.0f;
  OrbitCamera lifted = state_.camera;
  lifted.pan(0.0f, -lift * scale, view.height);
  framing_.glide.begin(state_.camera.target, lifted.target, messages_.now_seconds, 0.3);
}

}  // namespace bvhscope::viewer
