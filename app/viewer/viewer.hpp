// The viewer without its window: owns the clips' state, the scene renderer, the loader and the UI,
// and runs one frame at a time in Dear ImGui's order (the window loop in run_viewer.cpp and the
// offscreen render command both drive it).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "gfx/scene_renderer.hpp"
#include "viewer/actions.hpp"
#include "viewer/clip_loader.hpp"
#include "viewer/export_job.hpp"
#include "viewer/file_dialog.hpp"
#include "viewer/file_watcher.hpp"
#include "viewer/label_layout.hpp"
#include "viewer/settings.hpp"
#include "viewer/ui/curves_panel.hpp"
#include "viewer/ui/dialogs.hpp"
#include "viewer/ui/hierarchy_panel.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// The name the bundled sample goes by in titles and messages.
inline constexpr const char* kSampleName = "sample.bvh";

class Viewer {
 public:
  Viewer(gfx::SceneRenderer renderer, Settings settings, float ui_scale);

  // Opening files (all asynchronous except set_clip and add_clip). A new clip is added to the
  // ones loaded (replacing them all with `replace_all`, or when only the bundled sample is shown);
  // a file already loaded is reloaded in place instead of added twice.
  void open_file(const std::string& path, bool replace_all = false);
  void open_sample();
  // The up axis asked for files opened from now on (--up on the command line; auto by default).
  void set_default_up(UpAxisRequest up) noexcept { default_up_ = up; }
  // Paths from a drop, the Open dialog or the command line: every .bvh file, and every .bvh file in
  // a folder (natural order), is loaded as a clip (one after the other, the last one active);
  // anything else is refused with its reason on screen and on stderr.
  void open_paths(const std::vector<std::string>& paths, bool replace_all = false);
  // Called from GLFW's drop callback: only queues the paths for the next frame.
  void queue_drop(std::vector<std::string> paths);
  // Called from GLFW's key callback: remembers a key press (or repeat) for the next frame, so a
  // tap shorter than a frame is not lost. Allocates nothing; drops keys beyond kKeyQueueSize.
  void queue_key(int key, int mods) noexcept;
  // Makes a clip loaded elsewhere (the render command) the only one, synchronously.
  void set_clip(PreparedClip clip);
  // Adds a clip loaded elsewhere (the render command's further files) and makes it active.
  void add_clip(PreparedClip clip);
  // Selects the first joint of the active clip named `name` (or labelled "name #index"); false
  // when there is none.
  bool select_joint_named(const std::string& name);

  // One frame, in this order.
  void poll_background(double now_seconds);  // drops, finished loads, file dialog, file changes
  void handle_input();                       // shortcuts and camera mouse (after ImGui::NewFrame)
  void build_ui();                           // panels, then their actions
  void advance(double seconds);              // clock, poses, one buffer upload for every clip
  // The joint under the mouse (hover) and the joint labels, placed so none overlaps another, with
  // the hovered joint's name by the cursor (after advance, before ImGui's render).
  void draw_view_overlay();
  // Draws the scene into the view rectangle of a `framebuffer` the size of the window's
  // framebuffer (window_* are the window's size in the units ImGui uses).
  void render(int framebuffer_width, int framebuffer_height, float window_width, float window_height);

  // Without UI the view is the whole window (the render command without --ui).
  void use_full_view(float window_width, float window_height);
  // Runs a few frames of a PNG sequence export and writes a requested PNG of the view (GL
  // context current; after render).
  void run_exports();

  [[nodiscard]] const std::string& title() const noexcept { return title_; }
  [[nodiscard]] bool quit_requested() const noexcept { return quit_; }
  [[nodiscard]] Settings settings_for_saving(int window_width, int window_height) const;
  [[nodiscard]] const ViewerState& state() const noexcept { return state_; }
  [[nodiscard]] ViewerState& state() noexcept { return state_; }
  [[nodiscard]] const ClipLoader& loader() const noexcept { return loader_; }
  // Of the last clip streamed in: seconds from its load's request to the UI frame showing its
  // first frame (0 before any).
  [[nodiscard]] double first_streamed_frame_seconds() const noexcept { return first_streamed_frame_seconds_; }
  [[nodiscard]] const UiLayout& layout() const noexcept { return layout_; }
  // Each clip's lane in the timeline as last drawn (empty without lanes).
  [[nodiscard]] const std::vector<Rect>& timeline_lanes() const noexcept { return timeline_lanes_; }
  // Joint labels drawn in the last overlay, and those hidden because no free spot was left.
  [[nodiscard]] int labels_shown() const noexcept { return labels_shown_; }
  [[nodiscard]] int labels_hidden() const noexcept { return labels_hidden_; }
  [[nodiscard]] const gfx::SceneRenderer& renderer() const noexcept { return renderer_; }
  [[nodiscard]] gfx::SceneStyle scene_style() const;
  // The view's camera matrices for the current layout.
  [[nodiscard]] glm::mat4 view_projection() const;

  void apply(const Actions& actions);

 private:
  void activate(LoadOutcome outcome);
  void add_slot(ClipSlot slot, bool replace_all);
  // Progressive loading (a new clip from a file): the preview's slot appears with its first frame,
  // grows every frame, and becomes the finished clip (or goes, bringing back what it replaced).
  void begin_preview(LoadPreview preview);
  void grow_preview();
  void show_preview_slot();
  void grow_timeline();
  void finish_preview(LoadOutcome outcome);
  [[nodiscard]] ClipSlot* slot_with_id(int id) noexcept;
  ClipSlot make_slot(PreparedClip prepared, bool is_sample);
  void rebuild_scene();
  void announce_detail(const ClipSlot& slot);
  void place_clips();
  void reset_timeline();
  void sample_current_pose();
  void update_follow();
  void update_inspection();
  void update_trail();
  void apply_clip_actions(const Actions& actions);
  void apply_joint_actions(const Actions& actions);
  void apply_export_actions(const Actions& actions);
  void select_joint(int slot_index, int joint);
  // The front-most joint or bone of a visible clip at window point (x, y); slot -1 for none.
  struct ViewPick {
    int slot = -1;
    int joint = -1;
  };
  ViewPick pick_in_view(float x, float y);
  void pick_at(float x, float y, bool double_click);
  void update_view_hover();
  void refresh_label_order(const ClipSlot& slot);
  void draw_joint_labels(const ClipSlot& slot, std::span<const glm::vec3> placed);
  void draw_hover_name(const LabelBox& box);
  void frame_current_pose();
  // Framing that follows the view's shape: see framing_.
  void remember_framing(const Bounds& bounds);
  void keep_framing();
  [[nodiscard]] glm::vec3 placed_joint(const ClipSlot& slot, int joint) const;
  // A message when `path` is the file of a loaded clip (an export must never overwrite one).
  [[nodiscard]] std::optional<std::string> output_overwrites_a_clip(const std::string& path) const;
  bool render_view_image(std::vector<std::uint8_t>& rgba, int& width, int& height, std::string& error);
  // Keeps a failure in the problems list (replacing an older one about the same file), shows it as
  // the message and prints it on stderr.
  void report_problem(const std::string& path, const std::string& text);
  void update_title();
  void start_open_dialog();
  [[nodiscard]] float view_aspect() const noexcept;
  [[nodiscard]] Bounds first_view_bounds() const;

  gfx::SceneRenderer renderer_;
  Settings settings_;
  float ui_scale_ = 1.0f;
  ViewerState state_;
  ClipLoader loader_;
  FileDialog file_dialog_;
  FileWatcher watcher_;
  DialogState dialogs_;
  HierarchyPanelState hierarchy_;
  CurvesCache curves_;
  ExportJob export_;
  // The new clip shown while its file loads (see ClipLoader::rows_ready).
  struct Preview {
    int load_id = 0;
    LoadRequest request;
    Clip clip;  // until its first frame arrives; then it lives in its slot
    std::size_t expected_frames = 0;
    int clip_id = 0;                 // its slot, once shown
    std::vector<ClipSlot> replaced;  // the clips it replaces: back if the load fails or is cancelled
    int replaced_active = -1;
    OrbitCamera camera_before;          // the view before it was framed, back with `replaced`
    std::optional<OrbitCamera> framed;  // the view right after framing its first frame
    bool capture_framing = false;       // take `framed` at the next render
    bool autoplay = false;              // play once it has two frames (the first clip shown)
    bool abandoned = false;             // its slot was removed: the load was cancelled, its outcome is dropped
  };
  std::optional<Preview> preview_;
  double first_streamed_frame_seconds_ = 0.0;
  std::string loading_path_;          // the file the loading overlay names (kept to avoid a string per frame)
  std::vector<gfx::ClipLook> looks_;  // sized with the clip set; refreshed every frame
  struct TrailKey {
    int clip_id = 0;
    int joint = -1;
    glm::vec3 offset{0.0f};
    float scale = 0.0f;
    std::size_t frames = 0;
    bool operator==(const TrailKey&) const = default;
  } trail_key_;
  struct InspectKey {
    int clip_id = 0;
    int joint = -1;
    std::size_t frame = 0;
    double frame_position = -1.0;
    int mode = -1;
    bool operator==(const InspectKey&) const = default;
  } inspect_key_;
  // The last framing (F, Shift+F, R, a new clip) while the camera stays where it put it: when the
  // view changes shape (the window resized, the panels shown or hidden) the same bounds are framed
  // again for the new shape, so nothing framed is cut off; any camera move ends it.
  struct Framing {
    Bounds bounds;
    OrbitCamera camera;
    float aspect = 1.0f;
  };
  std::vector<Rect> timeline_lanes_;
  std::optional<Framing> framing_;
  std::vector<glm::vec3> pick_scratch_;  // projected joints, reused by every pick (hover: every frame)
  glm::vec2 hover_mouse_{-1.0f};         // where the last hover pick was made, and from which view
  glm::mat4 hover_view_projection_{0.0f};
  LabelLayout label_layout_;      // reused every frame
  std::vector<int> label_order_;  // joints in label priority, rebuilt when LabelKey changes
  struct LabelKey {
    int clip_id = 0;
    int joint_count = 0;
    int selected = -1;
    LabelMode mode = LabelMode::None;
    bool operator==(const LabelKey&) const = default;
  } label_key_;
  std::size_t label_characters_ = 0;  // of every label in label_order_
  struct PlacedJointLabel {
    int joint = -1;
    glm::vec2 point{0.0f};
    PlacedLabel label;
  };
  std::vector<PlacedJointLabel> placed_labels_;  // this frame's shown labels, reused
  int labels_shown_ = 0;
  int labels_hidden_ = 0;
  glm::vec2 press_position_{0.0f};
  bool press_in_view_ = false;
  std::vector<std::string> drop_queue_;
  UiLayout layout_;
  std::string title_ = "bvhscope";
  Bounds scene_bounds_;  // every clip's motion, placed in the scene
  UpAxisRequest default_up_;
  bool open_replaces_ = false;     // the file dialog's choice replaces the loaded clips
  int detail_announced_clip_ = 0;  // the last clip whose reduced detail was announced
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
