// Viewer: the per-frame half (input and picking, UI, clock and poses, drawing).
#include <algorithm>
#include <cmath>
#include <optional>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "anim/clip_timeline.hpp"
#include "anim/joint_details_refresh.hpp"
#include "model/picking.hpp"
#include "model/pixel_rect.hpp"
#include "render/clip_look.hpp"
#include "viewer/ui/clip_list_panel.hpp"
#include "viewer/ui/clip_panel.hpp"
#include "viewer/ui/dialog_keys.hpp"
#include "viewer/ui/menu_bar.hpp"
#include "viewer/ui/panel_strip.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/readout_fit.hpp"
#include "viewer/ui/status_overlay.hpp"
#include "viewer/ui/timeline_panel.hpp"
#include "viewer/ui/weak_guess_badge.hpp"
#include "viewer/view_hash.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

// A press and release closer than this (pixels, before the content scale) is a click, not a drag.
constexpr float kClickSlop = 4.0f;
// How far from a joint's dot a click still picks it (pixels, before the content scale).
constexpr float kPickRadius = 9.0f;
// The narrowest a side panel gets before it collapses to a strip, before the content scale.
constexpr float kMinPanelWidth = 200.0f;
// The left panel: resized by dragging its right edge (only that edge: it is placed every frame).
constexpr ImGuiWindowFlags kLeftPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                                             ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                             ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollbar;

// The timeline's view follows the clock: its length (the track's, while a clip loads), its start
// and frame time (a zoomed view keeps showing the same seconds).
void sync_timeline_view(ViewerState& state) {
  const std::size_t frames = std::max(state.clock().frame_count(), state.clips.timeline_expected_frames());
  state.timeline_view.set_timeline(frames, state.clips.timeline_start(), state.clock().frame_time());
}

}  // namespace

ViewPick Viewer::pick_in_view(float x, float y) {
  return pointer_.pick(state_.clips, scene_.renderer().skeleton_pass(), layout_.view, view_projection(),
                       kPickRadius * ui_scale_, x, y);
}

void Viewer::pick_at(float x, float y, bool double_click) {
  const ViewPick best = pick_in_view(x, y);
  if (best.slot < 0) {
    if (!double_click) select_joint(state_.active(), -1);  // a click on nothing clears the selection
    return;
  }
  select_joint(best.slot, best.joint);
  if (double_click) {
    state_.camera.target = placed_joint(state_.clips[static_cast<std::size_t>(best.slot)], best.joint);
    state_.follow_height = state_.camera.target.y;
  }
}

void Viewer::handle_input() {
  const ImGuiIO& io = ImGui::GetIO();
  Actions actions;
  const std::span<const KeyQueue::KeyPress> keys = keys_.take();
  if (!io.WantCaptureKeyboard && !io.WantTextInput) {
    DisplayOptions display = state_.display;
    InspectionOptions inspection = state_.inspection;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const int key = keys[i].key;
      const bool ctrl = (keys[i].mods & GLFW_MOD_CONTROL) != 0;
      const bool shift = (keys[i].mods & GLFW_MOD_SHIFT) != 0;
      const bool alt = (keys[i].mods & GLFW_MOD_ALT) != 0;
      switch (key) {
        case GLFW_KEY_SPACE:
          actions.toggle_play = !actions.toggle_play;
          break;
        case GLFW_KEY_LEFT:
          actions.step -= 1;
          break;
        case GLFW_KEY_RIGHT:
          actions.step += 1;
          break;
        case GLFW_KEY_HOME:
          actions.jump_first = true;
          actions.jump_last = false;
          actions.step = 0;  // steps before it are undone by the jump; those after it count from it
          break;
        case GLFW_KEY_END:
          actions.jump_last = true;
          actions.jump_first = false;
          actions.step = 0;
          break;
        case GLFW_KEY_F1:
          actions.show_shortcuts = true;
          break;
        case GLFW_KEY_F5:
          actions.reload = true;
          break;
        case GLFW_KEY_DELETE:  // the active clip (a streaming one stops loading)
          if (state_.active() >= 0) actions.remove_clip = state_.active();
          break;
        case GLFW_KEY_E:
          if (ctrl && state_.has_clip()) actions.export_video_dialog = true;
          break;
        case GLFW_KEY_ESCAPE:
          if (close_innermost_popup()) {  // an open menu first; nothing behind it changes
            break;
          } else if (outputs_.video_export().job.busy()) {
            actions.cancel_export = true;
          } else if (state_.message || !state_.problems.empty()) {
            actions.dismiss_message = true;
          } else if (state_.loading.busy()) {
            actions.cancel_load = true;
          } else {
            actions.select_joint = -1;
          }
          break;
        case GLFW_KEY_O:
          if (ctrl) {
            actions.open_dialog = true;
          } else {
            actions.set_out_point = true;
          }
          break;
        case GLFW_KEY_I:
          if (!ctrl) actions.set_in_point = true;
          break;
        case GLFW_KEY_X:
          if (alt) actions.clear_range = true;
          break;
        case GLFW_KEY_J:
          if (!ctrl) actions.shuttle = -1;
          break;
        case GLFW_KEY_K:
          if (!ctrl) actions.shuttle = 0;
          break;
        case GLFW_KEY_Q:
          actions.quit = actions.quit || ctrl;
          break;
        case GLFW_KEY_R:
          if (ctrl) {
            actions.reload = true;
          } else {
            actions.reset_camera = true;
          }
          break;
        // Blender's numpad views: 1 front, 3 right, 7 top (Ctrl: the opposite side), 5 perspective or
        // orthographic.
        case GLFW_KEY_KP_1:
          actions.camera_view = ctrl ? CameraView::Back : CameraView::Front;
          break;
        case GLFW_KEY_KP_3:
          actions.camera_view = ctrl ? CameraView::Left : CameraView::Right;
          break;
        case GLFW_KEY_KP_7:
          actions.camera_view = ctrl ? CameraView::Bottom : CameraView::Top;
          break;
        case GLFW_KEY_KP_5:
          actions.toggle_projection = !actions.toggle_projection;
          break;
        case GLFW_KEY_F:
          if (!ctrl && shift) actions.frame_pose = true;
          if (!ctrl && !shift) actions.frame_all = true;
          break;
        case GLFW_KEY_C:
          if (!ctrl) actions.follow = !actions.follow.value_or(state_.follow);
          break;
        case GLFW_KEY_L:
          if (!ctrl) actions.shuttle = 1;
          break;
        case GLFW_KEY_N:
          if (!ctrl) inspection.labels = static_cast<LabelMode>((static_cast<int>(inspection.labels) + 1) % 3);
          break;
        case GLFW_KEY_S:
          if (ctrl && shift && state_.has_clip()) actions.save_bvh_dialog = ConvertOptions{};
          display.solid = ctrl ? display.solid : !display.solid;
          break;
        case GLFW_KEY_G:
          display.grid = ctrl ? display.grid : !display.grid;
          break;
        case GLFW_KEY_T:
          if (ctrl && shift && state_.has_clip()) actions.retarget_dialog = true;
          display.trajectory = ctrl ? display.trajectory : !display.trajectory;
          break;
        case GLFW_KEY_P:
          display.show_panel = ctrl ? display.show_panel : !display.show_panel;
          break;
        default:
          break;
      }
    }
    if (!(display == state_.display)) actions.display = display;
    if (!(inspection == state_.inspection)) actions.inspection = inspection;
  }

  // Camera: drags that start in the view keep going over the panels; ImGui gets the mouse otherwise.
  // A left press released without moving is a click: it picks the joint or bone under it.
  const Rect& view = layout_.view;
  // The mouse motion of the frame a press starts in is the way to the press (the pointer's position
  // from the last frame to this one): a move to a joint and a click on it that reach one late frame
  // together (a busy machine, a sleeping viewer woken by both) must not orbit the camera by that
  // move, and the click must pick where it pressed. The drag follows from the next frame.
  const bool over_view = layout_.visible_view.contains(io.MousePos.x, io.MousePos.y);
  bool pressed_now = false;
  if (!io.WantCaptureMouse && over_view && pointer_.drag_button < 0) {
    for (int button = 0; button < 3; ++button) {
      if (ImGui::IsMouseClicked(button)) pointer_.drag_button = button;
    }
    pressed_now = pointer_.drag_button >= 0;
    if (pressed_now || io.MouseWheel != 0.0f) framing_.glide.active = false;  // the user moves the view
    if (pointer_.drag_button == 0) {
      pointer_.press_position = glm::vec2(io.MousePos.x, io.MousePos.y);
      pointer_.press_in_view = true;
    }
    if (ImGui::IsMouseDoubleClicked(0)) pick_at(io.MousePos.x, io.MousePos.y, true);
    if (io.MouseWheel != 0.0f) {
      const glm::vec2 ndc((io.MousePos.x - view.x) / view.width * 2.0f - 1.0f,
                          1.0f - (io.MousePos.y - view.y) / view.height * 2.0f);
      state_.camera.zoom(io.MouseWheel, ndc, view_aspect());
    }
  }
  // The frame a release arrives in still brings the moves made before it (ImGui hands events over
  // in order, and a move after the release waits for the next frame): on a busy machine a drag's
  // moves and its release reach one frame together, and the drag is those moves.
  if (pointer_.drag_button >= 0) {
    const bool released = !io.MouseDown[pointer_.drag_button];
    const bool click =
        released && pointer_.drag_button == 0 && pointer_.press_in_view &&
        glm::length(glm::vec2(io.MousePos.x, io.MousePos.y) - pointer_.press_position) <= kClickSlop * ui_scale_;
    if (!pressed_now && !click && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f)) {
      if (pointer_.drag_button == 0 && !io.KeyShift) {
        state_.camera.orbit(io.MouseDelta.x, io.MouseDelta.y);
      } else {
        state_.camera.pan(io.MouseDelta.x, io.MouseDelta.y, view.height);
        if (state_.follow) state_.follow_height = state_.camera.target.y;
      }
    }
    if (released) {
      if (click && !ImGui::IsMouseDoubleClicked(0))
        pick_at(pointer_.press_position.x, pointer_.press_position.y, false);
      pointer_.press_in_view = false;
      pointer_.drag_button = -1;
    }
  }
  apply(actions);
}

void Viewer::build_ui() {
  const ImGuiIO& io = ImGui::GetIO();
  Actions actions;
  reset_readout_tally();
  const float menu_height = draw_menu_bar(state_, settings_.recent_files, panels_.view_buttons, actions);
  LayoutRequest request;
  request.window_width = io.DisplaySize.x;
  request.window_height = io.DisplaySize.y;
  request.menu_height = menu_height;
  request.timeline_height = timeline_panel_height(state_);
  request.panels = state_.display.show_panel;
  request.left_open = state_.display.left_panel;
  request.right_open = state_.display.right_panel;
  const PanelWidths automatic = automatic_panel_widths(io.DisplaySize.x, ui_scale_);
  request.left_width = settings_.left_panel_width ? *settings_.left_panel_width * ui_scale_ : automatic.left;
  request.right_width = settings_.panel_width ? *settings_.panel_width * ui_scale_ : automatic.right;
  request.curves_height = curves_panel_height(state_);
  request.min_panel_width = kMinPanelWidth * ui_scale_;
  request.strip_width = panel_strip_width();
  layout_ = compute_layout(request);
  panels_.clip_list.weak_guess_menu.clear();
  draw_side_panels(actions);
  // The badges the view drew on name tags last frame.
  weak_guess_tag_buttons(state_.clips, labels_.tag_badges, panels_.clip_list.weak_guess_menu, actions);
  draw_curves_panel(layout_.curves, state_, panels_.curves, actions);
  sync_timeline_view(state_);
  draw_timeline_panel(layout_.timeline, state_, actions, panels_.timeline);
  const ClipLoader& loader = state_.loading.loader();
  const bool loading = loader.busy();
  if (loading) loader.current_path(load_.loading_path);
  LoadStatus load{loading, loader.phase(), &load_.loading_path, loader.seconds_busy()};
  if (loading) {
    load.fraction = loader.fraction_read();
    load.waiting = loader.waiting();
    const ClipLoad* streaming = state_.clips.load(state_.clips.streaming_ticket());
    if (const ClipSlot* slot = streaming != nullptr ? state_.clips.with_id(streaming->clip_id) : nullptr) {
      load.frames = slot->clip().motion.frame_count;
      load.expected_frames = slot->expected_frames;
    }
    const LoadCount count = state_.clips.load_count();
    load.file_count = count.total;
    load.file_number = std::min(count.total, count.finished + 1);
  }
  ExportStatus exporting{export_.active, export_.progress(), export_.done(), export_.total(), "PNG sequence"};
  if (outputs_.video_export().job.busy()) {
    exporting = ExportStatus{true, outputs_.video_export().job.progress(), outputs_.video_export().job.done(),
                             outputs_.video_export().job.total(), outputs_.video_export().label.c_str()};
  }
  draw_status_overlay(layout_.visible_view, state_, steady_load_status(load, load_.shown_status, load_.shown_path),
                      exporting, actions);
  draw_dialogs(dialogs_, actions);
  apply(actions);
}

// The side panels (each open, or collapsed to a strip), their collapse and reopen arrows; a panel
// dragged to another width asks for it.
void Viewer::draw_side_panels(Actions& actions) {
  panels_.controls = {};
  panels_.hierarchy.rows_area = {};
  if (!state_.display.show_panel) return;
  DisplayOptions display = state_.display;
  if (layout_.panel.width > 0.0f) {
    bool collapse = false;
    const float width = draw_clip_panel(layout_.panel, state_, panels_.compare, panels_.problems, actions,
                                        panels_.controls.right_collapse, collapse);
    if (std::abs(width - layout_.panel.width) > 0.5f) actions.panel_width = width;
    if (actions.display) display = *actions.display;  // a choice made in the Clip tab
    if (collapse) display.right_panel = false;
  }
  if (layout_.left.width > 0.0f) {
    ImGui::SetNextWindowPos(ImVec2(layout_.left.x, layout_.left.y));
    ImGui::SetNextWindowSize(ImVec2(layout_.left.width, layout_.left.height));
    if (ImGui::Begin("Clips and joints", nullptr, kLeftPanelFlags)) {
      const float width = ImGui::GetWindowWidth();
      if (std::abs(width - layout_.left.width) > 0.5f) actions.left_panel_width = width;
      draw_clip_list(state_, panels_.clip_list, actions);
      ImGui::Spacing();
      draw_hierarchy(state_, panels_.hierarchy, actions);
      // Last, so nothing drawn after it takes its clicks: at the top right, beside "CLIPS".
      if (panel_collapse_button("##collapse_left", ImGuiDir_Left, "Collapse this panel (View menu)",
                                panels_.controls.left_collapse)) {
        display.left_panel = false;
      }
    }
    ImGui::End();
  }
  if (draw_panel_strip("##left_strip", layout_.left_strip, ImGuiDir_Right, "Show the clips and joints",
                       panels_.controls.left_reopen)) {
    display.left_panel = true;
  }
  if (draw_panel_strip("##right_strip", layout_.right_strip, ImGuiDir_Left, "Show the inspector",
                       panels_.controls.right_reopen)) {
    display.right_panel = true;
  }
  if (!(display == state_.display)) actions.display = display;
}

void Viewer::use_full_view(float window_width, float window_height) {
  layout_ = full_view_layout(window_width, window_height);
}

// Every clip's pose at the shared time (render::ClipScene::pose).
void Viewer::sample_current_pose() {
  scene_.pose(state_.clips, state_.comparison, render::PoseTiming{state_.interpolate, state_.clip_end});
}

void Viewer::update_follow() {
  const ClipSlot* slot = state_.active_slot();
  if (!state_.follow || slot == nullptr || slot->clip().skeleton.roots.empty()) return;
  if (slot->selected >= 0) {
    state_.camera.target = placed_joint(*slot, slot->selected);
    return;
  }
  const glm::vec3 root = placed_joint(*slot, slot->clip().skeleton.roots.front());
  state_.camera.target = glm::vec3(root.x, state_.follow_height, root.z);
}

// The inspected joint's details at the frame on screen: described in full when the joint changes,
// then only its values refreshed (no allocation while playing).
void Viewer::update_inspection() {
  const ClipSlot* slot = state_.active_slot();
  if (slot == nullptr || slot->selected < 0) {
    state_.inspected.reset();
    inspect_key_ = {};
    return;
  }
  const InspectKey key{slot->id, slot->selected, slot->frame(), slot->frame_position,
                       static_cast<int>(slot->prepared.decision.mode)};
  if (key == inspect_key_ && state_.inspected) return;
  if (!state_.inspected || key.clip_id != inspect_key_.clip_id || key.joint != inspect_key_.joint ||
      key.mode != inspect_key_.mode) {
    state_.inspected =
        describe_joint(slot->clip(), slot->pose, slot->frame(), slot->prepared.decision.mode, slot->selected);
  } else {
    refresh_joint_details(slot->clip(), slot->pose, slot->frame(), slot->prepared.decision.mode, *state_.inspected);
  }
  inspect_key_ = key;
}

void Viewer::update_trail() { scene_.update_trail(state_.clips, state_.inspection); }

void Viewer::advance(double seconds) {
  state_.clock().advance(seconds);
  if (framing_.glide.active) state_.camera.target = framing_.glide.at(messages_.now_seconds);
  sync_timeline_view(state_);
  // A zoomed timeline pages after the playhead (not while it is scrubbed: that stays in view).
  if (!state_.clock().scrubbing()) {
    state_.timeline_view.follow(state_.clock().position(), state_.clock().playing(), !state_.clock().reversed());
  }
  sample_current_pose();
  update_follow();
  keep_subject_in_view();
  update_inspection();
  update_trail();
}

// While the camera is where the last framing put it (the user has not moved it since), a figure
// that leaves the view (a jump to a far frame, a walk out of the frame) is framed again as a new
// view frames it. A camera the user moved stays: F, Shift+F and R bring the figure back.
void Viewer::keep_subject_in_view() {
  if (!framing_.framing || framing_.frame_on_next_render || state_.follow ||
      !same_view(state_.camera, framing_.framing->camera))
    return;
  const bool outside = scene_.figures_leave_view(state_.clips, state_.comparison, view_projection());
  if (!outside) return;
  const OrbitCamera before = state_.camera;
  const Bounds bounds = first_view_bounds();
  frame_in_visible_view(bounds, false);
  state_.follow_height = state_.camera.target.y;
  remember_framing(bounds);
  if (framing_.stream_view && framing_.stream_view->framed && same_view(*framing_.stream_view->framed, before))
    framing_.stream_view->framed = state_.camera;
}

// Frames `bounds` (from the default direction when `reset`) in the part of the view the curves
// strip leaves: the camera still projects into the whole view (opening or closing the strip never
// moves the figure), so the bounds are fitted into the upper part's height and raised to its centre.
void Viewer::frame_in_visible_view(const Bounds& bounds, bool reset) {
  const float share = layout_.view.height > 0.0f ? layout_.visible_view.height / layout_.view.height : 1.0f;
  if (!(share < 1.0f) || !(share > 0.1f)) {  // no strip (or hardly any view left): the whole view
    if (reset) {
      state_.camera.reset(bounds, view_aspect());
    } else {
      state_.camera.frame(bounds, view_aspect());
    }
    return;
  }
  const float fov = state_.camera.fov_y;
  const float tan_half = std::tan(fov * 0.5f);
  state_.camera.fov_y = 2.0f * std::atan(tan_half * share);  // the upper part's vertical angle
  const float aspect = layout_.view.width / layout_.visible_view.height;
  if (reset) {
    state_.camera.reset(bounds, aspect);
  } else {
    state_.camera.frame(bounds, aspect);
  }
  state_.camera.fov_y = fov;
  // Up by half the strip's height: the bounds' centre at the upper part's centre.
  state_.camera.target -= state_.camera.up() * ((1.0f - share) * state_.camera.distance * tan_half);
}

void Viewer::remember_framing(const Bounds& bounds) {
  framing_.framing = ViewFraming::Framing{bounds, state_.camera, view_aspect()};
}

void Viewer::keep_framing() {
  if (!framing_.framing || framing_.framing->aspect == view_aspect() || !(layout_.view.height > 0.0f)) return;
  if (!same_view(state_.camera, framing_.framing->camera)) {  // moved since: the user's view stays as it is
    framing_.framing.reset();
    return;
  }
  frame_in_visible_view(framing_.framing->bounds, false);
  if (framing_.stream_view && framing_.stream_view->framed &&
      same_view(*framing_.stream_view->framed, framing_.framing->camera))
    framing_.stream_view->framed = state_.camera;
  framing_.framing->camera = state_.camera;
  framing_.framing->aspect = view_aspect();
}

Bounds Viewer::first_view_bounds() const { return scene_.first_view_bounds(state_.clips, state_.comparison); }

float Viewer::view_aspect() const noexcept {
  return layout_.view.height > 0.0f ? layout_.view.width / layout_.view.height : 1.0f;
}

glm::mat4 Viewer::view_projection() const { return state_.camera.projection(view_aspect()) * state_.camera.view(); }

gfx::SceneStyle Viewer::scene_style() const {
  return render::ClipScene::style(state_.clips, state_.display, state_.inspection, ui_scale_);
}

gfx::SceneView Viewer::scene_view(int framebuffer_width, int framebuffer_height, float window_width,
                                  float window_height) {
  if (framing_.frame_on_next_render && !scene_.bounds().empty()) {
    const Bounds bounds = first_view_bounds();
    frame_in_visible_view(bounds, true);
    state_.follow_height = state_.camera.target.y;
    remember_framing(bounds);
    framing_.frame_on_next_render = false;
    if (framing_.stream_view &&
        framing_.stream_view->capture_framing) {  // to tell, when the load ends, whether the user moved it
      framing_.stream_view->framed = state_.camera;
      framing_.stream_view->capture_framing = false;
    }
  }
  keep_framing();
  const float sx = window_width > 0.0f ? static_cast<float>(framebuffer_width) / window_width : 1.0f;
  const float sy = window_height > 0.0f ? static_cast<float>(framebuffer_height) / window_height : 1.0f;
  const Rect& v = layout_.view;
  gfx::SceneView view;
  view.viewport.x = static_cast<int>(v.x * sx);
  view.viewport.width = std::max(static_cast<int>(v.width * sx), 1);
  view.viewport.height = std::max(static_cast<int>(v.height * sy), 1);
  view.viewport.y = std::max(framebuffer_height - static_cast<int>((v.y + v.height) * sy), 0);
  view.view = state_.camera.view();
  view.projection = state_.camera.projection(view_aspect());
  view.eye = state_.camera.eye();
  return view;
}

void Viewer::render(int framebuffer_width, int framebuffer_height, float window_width, float window_height,
                    bool to_window, std::optional<gfx::Viewport> region) {
  gfx::SceneView view = scene_view(framebuffer_width, framebuffer_height, window_width, window_height);
  view.region = region;
  // The tree's hover (active clip) first, else the joint under the mouse in the view.
  scene_.update_looks(state_.clips, state_.comparison,
                      render::HoveredJoints{state_.hovered_joint, state_.view_hover.clip, state_.view_hover.joint});
  const gfx::SceneStyle style = scene_style();
  const bool over_ground =
      to_window && ground_cache_ && !state_.clips.empty() &&
      ground_cache_->put_ground(view, style, scene_.scene().ground, framebuffer_width, framebuffer_height,
                                [&](const gfx::SceneView& at) { scene_.draw_ground(at, style); });
  scene_.draw(view, style, state_.clips, over_ground);
}

void Viewer::describe_view(int framebuffer_width, int framebuffer_height, float window_width, float window_height,
                           FrameContent& content) {
  const gfx::SceneView view = scene_view(framebuffer_width, framebuffer_height, window_width, window_height);
  scene_.update_looks(state_.clips, state_.comparison,
                      render::HoveredJoints{state_.hovered_joint, state_.view_hover.clip, state_.view_hover.joint});
  const gfx::SceneStyle style = scene_style();
  const gfx::Viewport& v = view.viewport;
  content.view = PixelRect{v.x, v.y, v.width, v.height};
  content.scene_hash = view_hash(view, style, scene_.scene(), state_.clips.size(), ground_cache_.has_value());
  if (ground_cache_ && !state_.clips.empty()) {
    ground_cache_->begin_frame(view, style, scene_.scene().ground, framebuffer_width, framebuffer_height);
    content.redraw_view = ground_cache_->needs_whole_view();
  }
  if (state_.clips.empty()) {  // the floor alone: nothing in the view moves
    content.figures = PixelRect{};
    content.figures_hash = 0;
    return;
  }
  const std::optional<gfx::Viewport> figures = scene_.figure_region(view, style, state_.clips);
  content.figures.reset();
  // Items the scene draws over the picture are not told apart: with any, the whole view.
  if (figures && scene_.scene().overlay.items.empty())
    content.figures = PixelRect{figures->x, figures->y, figures->width, figures->height};
  content.figures_hash = figures_hash(scene_.renderer().skeleton_pass());
}

void Viewer::cache_ground(bool on) {
  if (on && !ground_cache_) ground_cache_.emplace();
  if (!on) ground_cache_.reset();
}

}  // namespace bvhscope::viewer
