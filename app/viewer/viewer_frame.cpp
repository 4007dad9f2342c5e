// Viewer: the per-frame half (input, UI, clock and pose, drawing).
#include <algorithm>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "viewer/ui/clip_panel.hpp"
#include "viewer/ui/menu_bar.hpp"
#include "viewer/ui/status_overlay.hpp"
#include "viewer/ui/timeline_panel.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {

void Viewer::queue_key(int key, int mods) noexcept {
  if (key_count_ < keys_.size()) keys_[key_count_++] = {key, mods};
}

void Viewer::handle_input() {
  const ImGuiIO& io = ImGui::GetIO();
  Actions actions;
  const std::size_t key_count = key_count_;
  key_count_ = 0;
  if (!io.WantCaptureKeyboard && !io.WantTextInput) {
    DisplayOptions display = state_.display;
    for (std::size_t i = 0; i < key_count; ++i) {
      const int key = keys_[i].key;
      const bool ctrl = (keys_[i].mods & GLFW_MOD_CONTROL) != 0;
      switch (key) {
        case GLFW_KEY_SPACE: actions.toggle_play = !actions.toggle_play; break;
        case GLFW_KEY_LEFT: actions.step -= 1; break;
        case GLFW_KEY_RIGHT: actions.step += 1; break;
        case GLFW_KEY_HOME: actions.jump_first = true; break;
        case GLFW_KEY_END: actions.jump_last = true; break;
        case GLFW_KEY_F1: actions.show_shortcuts = true; break;
        case GLFW_KEY_F5: actions.reload = true; break;
        case GLFW_KEY_ESCAPE: actions.dismiss_message = true; break;
        case GLFW_KEY_O: actions.open_dialog = actions.open_dialog || ctrl; break;
        case GLFW_KEY_Q: actions.quit = actions.quit || ctrl; break;
        case GLFW_KEY_R:
          if (ctrl) {
            actions.reload = true;
          } else {
            actions.reset_camera = true;
          }
          break;
        case GLFW_KEY_F: actions.frame_all = actions.frame_all || !ctrl; break;
        case GLFW_KEY_C:
          if (!ctrl) actions.follow = !actions.follow.value_or(state_.follow);
          break;
        case GLFW_KEY_S: display.solid = ctrl ? display.solid : !display.solid; break;
        case GLFW_KEY_G: display.grid = ctrl ? display.grid : !display.grid; break;
        case GLFW_KEY_T: display.trajectory = ctrl ? display.trajectory : !display.trajectory; break;
        case GLFW_KEY_P: display.show_panel = ctrl ? display.show_panel : !display.show_panel; break;
        default: break;
      }
    }
    if (!(display == state_.display)) actions.display = display;
  }

  // Camera: drags that start in the view keep going over the panels; ImGui gets the mouse otherwise.
  const Rect& view = layout_.view;
  const bool over_view = view.contains(io.MousePos.x, io.MousePos.y);
  if (!io.WantCaptureMouse && over_view && drag_button_ < 0) {
    for (int button = 0; button < 3; ++button) {
      if (ImGui::IsMouseClicked(button)) drag_button_ = button;
    }
    if (io.MouseWheel != 0.0f) {
      const glm::vec2 ndc((io.MousePos.x - view.x) / view.width * 2.0f - 1.0f,
                          1.0f - (io.MousePos.y - view.y) / view.height * 2.0f);
      state_.camera.zoom(io.MouseWheel, ndc, view_aspect());
    }
  }
  if (drag_button_ >= 0) {
    if (!io.MouseDown[drag_button_]) {
      drag_button_ = -1;
    } else if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) {
      if (drag_button_ == 0 && !io.KeyShift) {
        state_.camera.orbit(io.MouseDelta.x, io.MouseDelta.y);
      } else {
        state_.camera.pan(io.MouseDelta.x, io.MouseDelta.y, view.height);
        if (state_.follow) state_.follow_height = state_.camera.target.y;
      }
    }
  }
  apply(actions);
}

void Viewer::build_ui() {
  const ImGuiIO& io = ImGui::GetIO();
  Actions actions;
  const float menu_height = draw_menu_bar(state_, settings_.recent_files, actions);
  layout_ = compute_layout(io.DisplaySize.x, io.DisplaySize.y, menu_height, timeline_panel_height(),
                           state_.display.show_panel, settings_.panel_width * ui_scale_);
  if (state_.display.show_panel) {
    const float width = draw_clip_panel(layout_.panel, state_, actions);
    if (std::abs(width - layout_.panel.width) > 0.5f) actions.panel_width = width;
  }
  draw_timeline_panel(layout_.timeline, state_, actions);
  const std::string loading_path = loader_.busy() ? loader_.current_path() : std::string();
  const LoadStatus load{loader_.busy(), loader_.phase(), &loading_path, loader_.seconds_busy()};
  draw_status_overlay(layout_.view, state_, load, actions);
  draw_dialogs(dialogs_, actions);
  apply(actions);
}

void Viewer::use_full_view(float window_width, float window_height) {
  layout_ = full_view_layout(window_width, window_height);
}

void Viewer::sample_current_pose() {
  if (!state_.clip) return;
  const PreparedClip& prepared = *state_.clip;
  sample_pose(prepared.clip, state_.clock.sample_position(state_.interpolate),
              state_.interpolate ? Sampling::Linear : Sampling::Nearest, prepared.decision.mode, state_.pose);
  renderer_.update_pose(prepared.clip.skeleton, state_.pose);
}

void Viewer::update_follow() {
  if (!state_.follow || !state_.clip || state_.clip->clip.skeleton.roots.empty()) return;
  const glm::vec3 root = state_.pose.position(state_.clip->clip.skeleton.roots.front());
  state_.camera.target = glm::vec3(root.x, state_.follow_height, root.z);
}

void Viewer::advance(double seconds) {
  state_.clock.advance(seconds);
  sample_current_pose();
  update_follow();
}

float Viewer::view_aspect() const noexcept {
  return layout_.view.height > 0.0f ? layout_.view.width / layout_.view.height : 1.0f;
}

glm::mat4 Viewer::view_projection() const {
  return state_.camera.projection(view_aspect()) * state_.camera.view();
}

gfx::SceneStyle Viewer::scene_style() const {
  gfx::SceneStyle style;
  style.bones = state_.display.solid ? gfx::BoneStyle::Solid : gfx::BoneStyle::Lines;
  style.show_grid = state_.display.grid;
  style.show_axes = state_.display.axes;
  style.show_trajectory = state_.display.trajectory;
  style.show_shadow = state_.display.shadow;
  style.show_joints = state_.display.joints;
  style.pixel_scale = ui_scale_;
  return style;
}

void Viewer::render(int framebuffer_width, int framebuffer_height, float window_width, float window_height) {
  if (frame_on_next_render_ && state_.clip) {
    state_.camera.reset(state_.clip->measures.bounds, view_aspect());
    state_.follow_height = state_.camera.target.y;
    frame_on_next_render_ = false;
  }
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
  const gfx::SceneStyle style = scene_style();
  if (state_.clip) {
    renderer_.draw(view, style, state_.clock.frame());
  } else {
    renderer_.draw_empty(view, style);
  }
}

}  // namespace bvhscope::viewer
