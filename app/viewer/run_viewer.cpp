#include "viewer/run_viewer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <utility>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "anim/printable.hpp"
#include "gfx/render_target.hpp"
#include "io/atomic_file.hpp"
#include "model/load_frame_times.hpp"
#include "viewer/frame_damage.hpp"
#include "viewer/frame_pacing.hpp"
#include "viewer/imgui_damage.hpp"
#include "viewer/imgui_session.hpp"
#include "viewer/partial_present.hpp"
#include "viewer/state_report.hpp"
#include "viewer/ui/readout_fit.hpp"
#include "viewer/viewer.hpp"
#include "viewer/window.hpp"
#include "viewer/window_fit.hpp"

namespace bvhscope::viewer {
namespace {

// Input events seen by the callbacks below (GLFW calls them on this thread, inside its event
// functions): the frame loop draws after a wait that brought one, however late it woke.
unsigned long input_events = 0;

// The window's colour where neither the view nor a panel draws.
constexpr float kWindowClear[3] = {0.125f, 0.133f, 0.149f};

void on_cursor_pos(GLFWwindow* /*window*/, double /*x*/, double /*y*/) { ++input_events; }
void on_mouse_button(GLFWwindow* /*window*/, int /*button*/, int /*action*/, int /*mods*/) { ++input_events; }
void on_scroll(GLFWwindow* /*window*/, double /*x*/, double /*y*/) { ++input_events; }
void on_char(GLFWwindow* /*window*/, unsigned int /*codepoint*/) { ++input_events; }
void on_focus(GLFWwindow* /*window*/, int /*focused*/) { ++input_events; }
void on_enter(GLFWwindow* /*window*/, int /*entered*/) { ++input_events; }
void on_size(GLFWwindow* /*window*/, int /*width*/, int /*height*/) { ++input_events; }
// Expose events: the window lost some of its picture (a window kept frames with PartialPresent).
unsigned long refresh_events = 0;
void on_refresh(GLFWwindow* /*window*/) {
  ++input_events;
  ++refresh_events;
}

// The pointer and buttons as the window system has them now: compared with the last frame's when
// a wait ends with no event seen, so that input whose event went unnoticed still gets its frames.
struct PointerState {
  double x = 0.0;
  double y = 0.0;
  int buttons = 0;
  int focused = 0;
  bool operator==(const PointerState&) const = default;
};

PointerState pointer_state(GLFWwindow* window) {
  PointerState state;
  glfwGetCursorPos(window, &state.x, &state.y);
  for (int button = 0; button < 3; ++button)
    state.buttons |= glfwGetMouseButton(window, button) == GLFW_PRESS ? 1 << button : 0;
  state.focused = glfwGetWindowAttrib(window, GLFW_FOCUSED);
  return state;
}

// GLFW's drop callback: only queues the paths; the frame loop opens them.
void on_drop(GLFWwindow* window, int count, const char** paths) {
  ++input_events;
  auto* viewer = static_cast<Viewer*>(glfwGetWindowUserPointer(window));
  if (viewer == nullptr) return;
  std::vector<std::string> dropped(paths, paths + count);
  viewer->queue_drop(std::move(dropped));
}

// GLFW's key callback: queues presses for the frame loop (ImGui's backend, installed after, chains it).
void on_key(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
  ++input_events;
  auto* viewer = static_cast<Viewer*>(glfwGetWindowUserPointer(window));
  if (viewer != nullptr && (action == GLFW_PRESS || action == GLFW_REPEAT)) viewer->queue_key(key, mods);
}

// The wall clock the playback follows; steady, in seconds.
double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The settings' window size fitted to the primary monitor's work area, centred in it (none
// without a monitor that reports one).
std::optional<ScreenRect> fit_to_primary_monitor(const Settings& settings) {
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (monitor == nullptr) return std::nullopt;
  ScreenRect area;
  glfwGetMonitorWorkarea(monitor, &area.x, &area.y, &area.width, &area.height);
  if (area.width <= 0 || area.height <= 0) return std::nullopt;
  float scale = 1.0f;
  float scale_y = 1.0f;
  glfwGetMonitorContentScale(monitor, &scale, &scale_y);
  return fit_window(settings.window_width, settings.window_height, settings.window_size_saved, area, scale);
}

}  // namespace

int run_viewer(const std::vector<std::string>& files, UpAxisRequest up, std::optional<CompareStart> compare,
               FileReading reading) {
  // SIGINT, SIGTERM and SIGHUP end the frame loop below, so that the settings are saved as when
  // the window is closed (a second one ends the process at once, temporary files removed).
  io::defer_interrupt_signals();
  std::string error;
  std::optional<GlfwLibrary> glfw = GlfwLibrary::init(error);
  if (!glfw) {
    std::cerr << "bvhscope: " << printable(error) << '\n';
    return 1;
  }
  const SettingsLoad loaded_settings = load_settings_checked();
  if (!loaded_settings.notice.empty()) std::cerr << "bvhscope: " << printable(loaded_settings.notice) << '\n';
  const Settings& settings = loaded_settings.settings;
  WindowOptions options;
  options.width = settings.window_width;
  options.height = settings.window_height;
  if (const std::optional<ScreenRect> fitted = fit_to_primary_monitor(settings)) {
    options.width = fitted->width;
    options.height = fitted->height;
    options.position = std::pair(fitted->x, fitted->y);
  }
  options.samples = settings.antialiasing < 0 ? 4 : settings.antialiasing;
  options.no_samples_on_software = settings.antialiasing < 0;
  std::optional<Window> window = Window::create(options, error);
  if (!window) {
    std::cerr << "bvhscope: " << printable(error) << '\n';
    return 1;
  }
  std::optional<gfx::SceneRenderer> renderer = gfx::SceneRenderer::create(error);
  if (!renderer) {
    std::cerr << "bvhscope: cannot build the renderer: " << printable(error) << '\n';
    return 1;
  }
  // On a software renderer under X11, a frame draws and shows only what changed
  // (BVHSCOPE_PARTIAL_FRAMES=0: whole frames, swapped).
  // Not with multisampling (forced by the settings): llvmpipe's multisampled draws may touch a
  // column left of their scissor, and the copy would have to resolve the samples.
  const std::optional<PartialPresent> partial = PartialPresent::find(
      is_software_renderer(window->renderer()) && window->samples() == 0, std::getenv("BVHSCOPE_PARTIAL_FRAMES"));
  FrameDamage damage;
  ImGuiLayers imgui_layers;
  PresentCounts presents;
  presents.partial = partial.has_value();
  unsigned long seen_refreshes = refresh_events;
  int drawn_width = 0;  // the framebuffer's size at the last frame
  int drawn_height = 0;
  int whole_frames = 0;  // frames still drawn whole after a resize
  const float scale = window->content_scale();
  Viewer viewer(std::move(*renderer), settings, scale);
  viewer.cache_ground(window->samples() == 0);
  GLFWwindow* handle = window->handle();
  glfwSetWindowUserPointer(handle, &viewer);
  glfwSetDropCallback(handle, on_drop);  // before ImGui's backend, which chains them
  glfwSetKeyCallback(handle, on_key);
  glfwSetCursorPosCallback(handle, on_cursor_pos);
  glfwSetMouseButtonCallback(handle, on_mouse_button);
  glfwSetScrollCallback(handle, on_scroll);
  glfwSetCharCallback(handle, on_char);
  glfwSetWindowFocusCallback(handle, on_focus);
  glfwSetCursorEnterCallback(handle, on_enter);
  glfwSetWindowSizeCallback(handle, on_size);
  glfwSetWindowRefreshCallback(handle, on_refresh);
  ImGuiSession imgui(handle, scale);

  if (!loaded_settings.notice.empty()) viewer.state().message = Message{Message::Kind::Info, loaded_settings.notice};
  viewer.set_reading(std::move(reading));
  viewer.set_default_up(up);
  if (compare) viewer.start_comparison(*compare);
  viewer.enable_problems();
  if (files.empty()) {
    viewer.open_sample();
  } else {
    viewer.open_paths(files);
  }
  const char* state_file = std::getenv("BVHSCOPE_STATE_FILE");
  std::string last_state;
  LoadFrameTimes load_times;
  FrameGate& frame_gate = viewer.state().loading.frame_gate();
  frame_gate.set_waker([] { glfwPostEmptyEvent(); });  // a new clip ends an idle loop's wait too
  std::string shown_title;
  double last_time = now_seconds();

  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor != nullptr ? glfwGetVideoMode(monitor) : nullptr;
  const double frame_rate = frame_rate_cap(mode != nullptr ? mode->refreshRate : 0);
  PointerState drawn_pointer;  // at the last frame drawn
  int settle_frames = 0;       // frames still drawn after an event, so the UI catches up with it
  int overflow_frames = 0;     // frames drawn in a row with a readout wider than its space
  int sizing_frames = 0;       // frames drawn in a row with a window hidden while it sized itself
  while (!glfwWindowShouldClose(handle) && !viewer.quit_requested() && io::interrupt_signal() == 0) {
    // Nothing moving (paused, nothing streaming, no drag): wait for an event, the next timed check
    // or a progress tick (frame_pacing), drawing no frame when the wait ends with nothing to show.
    // After an event a few frames follow, so hover, activation and a drag's last move all land.
    LoopActivity activity;
    activity.playing = viewer.state().clock().playing();
    activity.streaming = viewer.state().loading.busy();
    activity.engaged = ImGui::IsAnyItemActive() || ImGui::IsAnyMouseDown() || viewer.camera_gliding();
    activity.settle_frames = settle_frames;
    activity.background = viewer.background_busy();
    activity.next_timer = viewer.next_timer();
    const LoopWait wait = plan_wait(activity, now_seconds());
    // Whatever kept the loop drawing, two more frames follow its end (as after an event), so that
    // panels sized from the last frame's contents settle before the loop sleeps.
    if (activity.playing || activity.streaming || activity.engaged || activity.background) settle_frames = 2;
    const double before = now_seconds();
    const bool waited = wait.until > before;
    if (!waited) {
      const unsigned long events_before = input_events;
      glfwPollEvents();
      // An event in a settling frame gets its own frames after it too (keys held back by the
      // ImGui session count: they reach the viewer only as frames hand them over).
      settle_frames =
          input_events != events_before || ImGuiSession::input_pending() ? 2 : std::max(settle_frames - 1, 0);
    } else {
      const unsigned long events_before = input_events;
      glfwWaitEventsTimeout(wait.until - before);
      if (input_events != events_before || ImGuiSession::input_pending() || now_seconds() < wait.until - 0.002) {
        settle_frames = 2;  // woken by an event (or early: some other window event), not the timeout
      } else if (pointer_state(handle) != drawn_pointer) {
        settle_frames = 2;  // input came without an event we saw
      } else if (wait.reason == WakeReason::Signals ||
                 (wait.reason == WakeReason::Timer && !viewer.run_timers(now_seconds()))) {
        continue;  // nothing to show: no frame
      }
    }
    drawn_pointer = pointer_state(handle);
    const double now = now_seconds();
    frame_gate.frame_started();  // a load's writes wait for the frame to be on screen
    // Time spent waiting was paused time: a playback started by the event that ended it starts
    // from where it was.
    const double elapsed = waited ? 0.0 : now - last_time;
    last_time = now;

    viewer.poll_background(now);
    ImGuiSession::begin_frame();
    viewer.handle_input();
    viewer.build_ui();
    viewer.advance(elapsed);
    viewer.draw_view_overlay();
    ImGuiSession::end_frame();

    int fb_width = 0;
    int fb_height = 0;
    int win_width = 0;
    int win_height = 0;
    glfwGetFramebufferSize(handle, &fb_width, &fb_height);
    glfwGetWindowSize(handle, &win_width, &win_height);
    const auto draw_whole_frame = [&] {
      gfx::clear_framebuffer(fb_width, fb_height, kWindowClear[0], kWindowClear[1], kWindowClear[2]);
      viewer.render(fb_width, fb_height, static_cast<float>(win_width), static_cast<float>(win_height));
      ImGuiSession::render_draw_data();
      viewer.run_exports();
      glfwSwapBuffers(handle);
      ++presents.whole;
    };
    if (partial) {
      // Only what changed since the last frame is drawn and shown; the rest stays on screen. The
      // back buffer takes a new window size only at a swap: after a resize two whole frames are
      // drawn and swapped (the first may still go into the old buffer), and a copy never reaches
      // past the buffer (Mesa's copy fails with an X error there).
      if (fb_width != drawn_width || fb_height != drawn_height) whole_frames = 2;
      drawn_width = fb_width;
      drawn_height = fb_height;
      ImDrawData& draw_data = *ImGui::GetDrawData();
      const bool exact_scale = (draw_data.FramebufferScale.x == 1.0f || draw_data.FramebufferScale.x == 2.0f) &&
                               draw_data.FramebufferScale.y == draw_data.FramebufferScale.x;
      if (refresh_events != seen_refreshes || whole_frames > 0 || !exact_scale) damage.invalidate();
      seen_refreshes = refresh_events;
      whole_frames = std::max(whole_frames - 1, 0);
      FrameContent content;
      content.width = fb_width;
      content.height = fb_height;
      viewer.describe_view(fb_width, fb_height, static_cast<float>(win_width), static_cast<float>(win_height), content);
      content.layers = imgui_layers.update(draw_data);
      const PixelRect view = content.view;
      const std::vector<PixelRect> rects = damage.update(std::move(content));
      if (rects.size() == 1 && rects[0] == PixelRect{0, 0, fb_width, fb_height}) {
        draw_whole_frame();
      } else if (rects.empty()) {
        viewer.run_exports();
        ++presents.unchanged;
      } else {
        for (const PixelRect& rect : rects) {
          const PixelRect in_view = intersection(rect, view);
          // The view's own background covers every pixel of it: the window's colour only outside.
          if (!(in_view == rect)) {
            gfx::clear_framebuffer_rect(rect.x, rect.y, rect.width, rect.height, kWindowClear[0], kWindowClear[1],
                                        kWindowClear[2]);
          }
          if (!in_view.empty()) {
            viewer.render(fb_width, fb_height, static_cast<float>(win_width), static_cast<float>(win_height), true,
                          gfx::Viewport{in_view.x, in_view.y, in_view.width, in_view.height});
          }
          imgui_layers.render_within(draw_data, rect);
        }
        viewer.run_exports();
        // The window resized since the frame began: its buffer may be another size than the
        // rectangles were cut for. Shown whole instead (a swap), and whole from then on.
        int now_width = 0;
        int now_height = 0;
        glfwGetFramebufferSize(handle, &now_width, &now_height);
        if (now_width != fb_width || now_height != fb_height) {
          glfwSwapBuffers(handle);
          whole_frames = 2;
          ++presents.whole;
        } else {
          partial->present(rects);
          ++presents.rectangles;
        }
      }
    } else {
      draw_whole_frame();
    }
    frame_gate.frame_shown();
    load_times.frame(now_seconds(), viewer.state().loading.busy());
    // A readout drawn wider than its space is most often a table whose column widths settle a frame
    // late (a panel that just opened): a few more frames follow, so that the screen (and the state
    // report) shows the settled layout rather than sleeping on the unsettled one.
    if (readout_tally().overflowing > 0 && overflow_frames < 3) {
      ++overflow_frames;
      settle_frames = std::max(settle_frames, 1);
    } else if (readout_tally().overflowing == 0) {
      overflow_frames = 0;
    }
    if (viewer.ground_drawn_straight()) settle_frames = std::max(settle_frames, 1);
    // A popup opened in this frame (say, the dialog a click opened) was hidden while it measured
    // itself: the next frame shows it, drawn even when no further input comes.
    const bool sizing = ImGuiSession::window_hidden_for_sizing();
    if (sizing && sizing_frames < 3) {
      ++sizing_frames;
      settle_frames = std::max(settle_frames, 1);
    } else if (!sizing) {
      sizing_frames = 0;
    }

    if (viewer.title() != shown_title) {
      shown_title = viewer.title();
      glfwSetWindowTitle(handle, shown_title.c_str());
    }
    if (state_file != nullptr) {
      std::string state = describe_state(viewer, &load_times, &presents);
      if (state != last_state) {
        write_state_file(state_file, state);
        last_state = std::move(state);
      }
    }
    // At most one frame per refresh: swapping waits for it with vsync; without (virtual displays)
    // the loop waits here, answering events that come meanwhile on the next frame.
    const double next_frame = next_frame_start(now, frame_rate, now_seconds());
    if (next_frame > now_seconds()) {
      // A load with a new clip to show ends the wait: that frame redraws the whole view, and
      // started after a cheap frame's wait it would show as one long interval.
      frame_gate.wait_between_frames(std::chrono::steady_clock::now() +
                                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                         std::chrono::duration<double>(next_frame - now_seconds())));
    }
  }

  int win_width = 0;
  int win_height = 0;
  glfwGetWindowSize(handle, &win_width, &win_height);
  if (loaded_settings.save_allowed && !save_settings(viewer.settings_for_saving(win_width, win_height), error)) {
    std::cerr << "bvhscope: settings not saved: " << printable(error) << '\n';
  }
  frame_gate.set_waker({});
  glfwSetWindowUserPointer(handle, nullptr);
  return 0;
}

}  // namespace bvhscope::viewer
