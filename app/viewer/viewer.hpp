// The viewer without its window: owns the clip state, the scene renderer, the loader and the UI,
// and runs one frame at a time in Dear ImGui's order (the window loop in run_viewer.cpp and the
// offscreen render command both drive it).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "gfx/scene_renderer.hpp"
#include "viewer/actions.hpp"
#include "viewer/clip_loader.hpp"
#include "viewer/file_dialog.hpp"
#include "viewer/file_watcher.hpp"
#include "viewer/settings.hpp"
#include "viewer/ui/dialogs.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// The name the bundled sample goes by in titles and messages.
inline constexpr const char* kSampleName = "sample.bvh";

class Viewer {
 public:
  Viewer(gfx::SceneRenderer renderer, Settings settings, float ui_scale);

  // Opening files (all asynchronous except set_clip).
  void open_file(const std::string& path, bool keep_view = false);
  void open_sample();
  // Paths from a drop or the command line: folders and non-.bvh files get a message, the first
  // .bvh file is opened and the others go to the recent list.
  void open_paths(const std::vector<std::string>& paths);
  // Called from GLFW's drop callback: only queues the paths for the next frame.
  void queue_drop(std::vector<std::string> paths);
  // Called from GLFW's key callback: remembers a key press (or repeat) for the next frame, so a
  // tap shorter than a frame is not lost. Allocates nothing; drops keys beyond kKeyQueueSize.
  void queue_key(int key, int mods) noexcept;
  // Makes a clip loaded elsewhere (the render command) the active one, synchronously.
  void set_clip(PreparedClip clip);

  // One frame, in this order.
  void poll_background(double now_seconds);  // drops, finished loads, file dialog, file changes
  void handle_input();                       // shortcuts and camera mouse (after ImGui::NewFrame)
  void build_ui();                           // panels, then their actions
  void advance(double seconds);              // clock, pose, one buffer upload
  // Draws the scene into the view rectangle of a `framebuffer` the size of the window's
  // framebuffer (window_* are the window's size in the units ImGui uses).
  void render(int framebuffer_width, int framebuffer_height, float window_width, float window_height);

  // Without UI the view is the whole window (the render command without --ui).
  void use_full_view(float window_width, float window_height);

  [[nodiscard]] const std::string& title() const noexcept { return title_; }
  [[nodiscard]] bool quit_requested() const noexcept { return quit_; }
  [[nodiscard]] Settings settings_for_saving(int window_width, int window_height) const;
  [[nodiscard]] const ViewerState& state() const noexcept { return state_; }
  [[nodiscard]] ViewerState& state() noexcept { return state_; }
  [[nodiscard]] const ClipLoader& loader() const noexcept { return loader_; }
  [[nodiscard]] const UiLayout& layout() const noexcept { return layout_; }
  [[nodiscard]] const gfx::SceneRenderer& renderer() const noexcept { return renderer_; }
  [[nodiscard]] gfx::SceneStyle scene_style() const;
  // The view's camera matrices for the current layout.
  [[nodiscard]] glm::mat4 view_projection() const;

  void apply(const Actions& actions);

 private:
  void activate(LoadOutcome outcome);
  void rebuild_scene();
  void sample_current_pose();
  void update_follow();
  void update_title();
  void start_open_dialog();
  [[nodiscard]] float view_aspect() const noexcept;

  gfx::SceneRenderer renderer_;
  Settings settings_;
  float ui_scale_ = 1.0f;
  ViewerState state_;
  ClipLoader loader_;
  FileDialog file_dialog_;
  FileWatcher watcher_;
  DialogState dialogs_;
  std::vector<std::string> drop_queue_;
  UiLayout layout_;
  std::string title_ = "bvhscope";
  bool was_loading_ = false;
  bool frame_on_next_render_ = false;
  bool quit_ = false;
  int drag_button_ = -1;
  struct KeyPress {
    int key = 0;
    int mods = 0;
  };
  static constexpr std::size_t kKeyQueueSize = 32;
  std::array<KeyPress, kKeyQueueSize> keys_{};
  std::size_t key_count_ = 0;
};

}  // namespace bvhscope::viewer
