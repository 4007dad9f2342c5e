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
#include "model/clip_loader.hpp"
#include "model/compare_start.hpp"
#include "model/file_watcher.hpp"
#include "model/label_layout.hpp"
#include "viewer/actions.hpp"
#include "viewer/background_job.hpp"
#include "viewer/export_job.hpp"
#include "viewer/file_dialog.hpp"
#include "viewer/message_expiry.hpp"
#include "viewer/save_bvh_job.hpp"
#include "viewer/settings.hpp"
#include "viewer/ui/compare_panel.hpp"
#include "viewer/ui/curves_panel.hpp"
#include "viewer/ui/dialogs.hpp"
#include "viewer/ui/hierarchy_panel.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/ui/panel_strip.hpp"
#include "viewer/ui/problems_panel.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

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
  // The first clip that loads from now on becomes the reference of a comparison with these options.
  void start_comparison(const CompareStart& start) { pending_comparison_ = start; }
  // The Problems tab's lint runs (the interactive viewer; the render command leaves it off).
  void enable_problems() noexcept { state_.lint.set_enabled(true); }
  // Selects the joint of the active clip named `name`, or labelled "name #index" (how joints
  // sharing a name are told apart). false with `error` when there is none, or when several joints
  // have that name (the error lists them as "Name #index").
  bool select_joint_named(const std::string& name, std::string& error);

  // One frame, in this order.
  void poll_background(double now_seconds);  // drops, finished loads, file dialog, file changes
  // For the window loop's sleeping (frame_pacing): work under way on other threads or in child
  // processes whose progress or end the UI shows (a streaming load is not counted: see loader()).
  [[nodiscard]] bool background_busy() const;
  // The steady-clock second of the next timed check (the file watcher); infinity when none.
  [[nodiscard]] double next_timer() const;
  // Runs the timed checks due at `now_seconds`; true when one changed something (a frame is due).
  bool run_timers(double now_seconds);
  void handle_input();           // shortcuts and camera mouse (after ImGui::NewFrame)
  void build_ui();               // panels, then their actions
  void advance(double seconds);  // clock, poses, one buffer upload for every clip
  // The joint under the mouse (hover) and the joint labels, placed so none overlaps another, with
  // the hovered joint's name by the cursor (after advance, before ImGui's render).
  void draw_view_overlay();
  // Draws the scene into the view rectangle of a `framebuffer` the size of the window's
  // framebuffer (window_* are the window's size in the units ImGui uses).
  // With `region`, only that rectangle of the framebuffer is drawn (as the whole draw would);
  // with SceneLayers::OverGround, all but the ground (render_ground's), which must be there.
  enum class SceneLayers : std::uint8_t { All, OverGround };
  void render(int framebuffer_width, int framebuffer_height, float window_width, float window_height,
              std::optional<gfx::Viewport> region = std::nullopt, SceneLayers layers = SceneLayers::All);
  // The ground alone: background, floor and grid (gfx::SceneRenderer::draw_ground).
  void render_ground(int framebuffer_width, int framebuffer_height, float window_width, float window_height);
  // The view render() draws from, after the framing a new clip or F asked for (render calls it).
  gfx::SceneView scene_view(int framebuffer_width, int framebuffer_height, float window_width, float window_height);
  // What render() draws where no figure or shadow is (background, floor, grid, axes).
  void render_backdrop(int framebuffer_width, int framebuffer_height, float window_width, float window_height);
  // The framebuffer rectangle outside which render() from `view` draws what render_backdrop does,
  // for the poses of the last advance (a video with a still camera redraws only that); empty when
  // the figures are out of view; nullopt when more than the figures moves (a trail, the trajectory
  // marker) or no clip is loaded.
  [[nodiscard]] std::optional<gfx::Viewport> figure_region(const gfx::SceneView& view) const;

  // Without UI the view is the whole window (the render command without --ui).
  void use_full_view(float window_width, float window_height);
  // Runs a few frames of a PNG sequence export and writes a requested PNG of the view (GL
  // context current; after render).
  void run_exports();

  [[nodiscard]] const std::string& title() const noexcept { return title_; }
  // File > Export video, for the state report.
  [[nodiscard]] const BackgroundJob& video_export() const noexcept { return video_export_; }
  [[nodiscard]] bool video_export_dialog_open() const noexcept { return dialogs_.video.open; }
  // File > Save as BVH, for the state report: "PHASE; PATH" (PHASE a job_phase_name or
  // "refused": the last request was turned down before anything started).
  [[nodiscard]] std::string save_bvh_report() const;
  [[nodiscard]] const SaveBvhDialog& save_bvh_dialog() const noexcept { return dialogs_.save_bvh; }
  // The export popup (CSV, PNG, PNG sequence) and the joint filter, for the state report.
  [[nodiscard]] const DialogState& dialogs() const noexcept { return dialogs_; }
  [[nodiscard]] const HierarchyPanelState& hierarchy() const noexcept { return hierarchy_; }
  // Whole seconds the message on screen has been shown (0 without one).
  [[nodiscard]] int message_seconds() const noexcept { return static_cast<int>(message_expiry_.age(now_seconds_)); }
  [[nodiscard]] bool quit_requested() const noexcept { return quit_; }
  [[nodiscard]] Settings settings_for_saving(int window_width, int window_height) const;
  [[nodiscard]] const ViewerState& state() const noexcept { return state_; }
  [[nodiscard]] ViewerState& state() noexcept { return state_; }
  [[nodiscard]] const ClipLoader& loader() const noexcept { return loader_; }
  // Of the last clip streamed in: seconds from its load's request to the UI frame showing its
  // first frame (0 before any).
  [[nodiscard]] double first_streamed_frame_seconds() const noexcept { return first_streamed_frame_seconds_; }
  [[nodiscard]] const UiLayout& layout() const noexcept { return layout_; }
  [[nodiscard]] const PanelControls& panel_controls() const noexcept { return panel_controls_; }
  [[nodiscard]] const HierarchyPanelState& hierarchy_panel() const noexcept { return hierarchy_; }
  // Each clip's lane in the timeline as last drawn (empty without lanes).
  [[nodiscard]] const std::vector<Rect>& timeline_lanes() const noexcept { return timeline_lanes_; }
  // The curves strip as last drawn (its plots' rectangles, ranges and read-outs).
  [[nodiscard]] const CurvesCache& curves() const noexcept { return curves_; }
  [[nodiscard]] const ProblemsPanelState& problems_panel() const noexcept { return problems_panel_; }
  // A right or middle drag is panning the timeline (as last drawn).
  [[nodiscard]] bool timeline_panning() const noexcept { return timeline_panning_; }
  // Joint labels drawn in the last overlay, and those hidden because no free spot was left.
  [[nodiscard]] int labels_shown() const noexcept { return labels_shown_; }
  [[nodiscard]] int labels_hidden() const noexcept { return labels_hidden_; }
  [[nodiscard]] const gfx::SceneRenderer& renderer() const noexcept { return renderer_; }
  [[nodiscard]] gfx::SceneStyle scene_style() const;
  // The view's camera matrices for the current layout.
  [[nodiscard]] glm::mat4 view_projection() const;

  void apply(const Actions& actions);

 private:
  // Hands the clip set's requests and cancels to the loader and reacts to its notices (after
  // every change of the set).
  void sync_clip_set();
  void reload_clip(const ClipSlot& slot);
  void restore_stream_camera();
  void rebuild_scene();
  void announce_detail(const ClipSlot& slot);
  void place_clips();
  void sample_current_pose();
  void update_follow();
  void update_inspection();
  void update_trail();
  void apply_clip_actions(const Actions& actions);
  void apply_joint_actions(const Actions& actions);
  void apply_export_actions(const Actions& actions);
  void open_video_export_dialog();
  void start_video_export(const Actions::Video& request);
  void finish_video_export();
  void open_save_bvh_dialog(const ConvertOptions& preset);
  void start_save_bvh(const Actions::SaveBvh& request);
  void finish_save_bvh();
  void apply_compare_actions(const Actions& actions);
  void go_to_problem(const Actions::ProblemPlace& place);
  void sync_ghosts();
  void load_joint_map(const std::string& path);
  void write_ghost_pose(std::size_t index, const ClipSlot& slot, const ClipSlot& reference,
                        const ClipComparison& compared);
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
  void draw_name_tags(const LabelBox& bounds);
  void frame_current_pose();
  // Framing that follows the view's shape: see framing_.
  void remember_framing(const Bounds& bounds);
  void keep_framing();
  void keep_subject_in_view();
  void frame_in_visible_view(const Bounds& bounds, bool reset);
  void draw_side_panels(Actions& actions);
  [[nodiscard]] glm::vec3 placed_joint(const ClipSlot& slot, int joint) const;
  // A message when `path` is the file of a loaded clip (an export must never overwrite one).
  [[nodiscard]] std::optional<std::string> output_overwrites_a_clip(const std::string& path) const;
  bool render_view_image(std::vector<std::uint8_t>& rgba, int& width, int& height, std::string& error);
  // Keeps a failure in the problems list (replacing an older one about the same file), shows it as
  // the message and prints it on stderr.
  void report_problem(const std::string& path, const std::string& text);
  void update_title();
  void start_open_dialog();
  // Browse...: the native save dialog on `field`'s path; its answer fills the field (poll_background).
  void browse_output(Actions::OutputField field);
  void fill_output_field(const std::string& path);
  // What an export or save of `slot` starts from: the output stem beside its file (the working
  // folder for the sample: "…/walk" for "…/walk.bvh") and the loop range in the clip's own frames
  // (every frame without one).
  struct OutputDefaults {
    std::string stem;
    int first = 0;
    int last = 0;
    int frame_count = 0;
  };
  [[nodiscard]] OutputDefaults output_defaults(const ClipSlot& slot) const;
  [[nodiscard]] float view_aspect() const noexcept;
  [[nodiscard]] Bounds first_view_bounds() const;

  gfx::SceneRenderer renderer_;
  Settings settings_;
  float ui_scale_ = 1.0f;
  ViewerState state_;
  ClipLoader loader_;
  FileDialog file_dialog_;
  FileDialog map_dialog_;                                                  // the joint map's file
  FileDialog save_dialog_;                                                 // a save or export dialog's Browse...
  Actions::OutputField save_dialog_field_ = Actions::OutputField::Export;  // the field it fills
  bool zenity_ = false;                                                    // zenity is installed
  FileWatcher watcher_;
  DialogState dialogs_;
  MessageExpiry message_expiry_;  // information messages go after a while
  double now_seconds_ = 0.0;      // the frame loop's clock at the last poll_background
  HierarchyPanelState hierarchy_;
  CurvesCache curves_;
  ComparePanelState compare_panel_;
  ProblemsPanelState problems_panel_;
  ExportJob export_;
  BackgroundJob video_export_;
  std::string video_export_path_;   // where the export in video_export_ writes
  std::string video_export_label_;  // its file name, for the progress bar
  BackgroundJob save_bvh_;          // File > Save as BVH's worker (save_bvh_task)
  std::string save_bvh_path_;       // where the last save request writes
  std::shared_ptr<SaveBvhSummary> save_bvh_summary_;
  bool save_bvh_refused_ = false;   // the last request was turned down before it started
  int save_bvh_replaced_clip_ = 0;  // the clip whose own file the running save replaces (0: none)
  // The view around a clip that streams in: the camera before it (back when its load fails and
  // what it replaced returns) and right after framing its first frame (taken at the next render),
  // to tell when it ends whether the user moved the view.
  struct StreamView {
    int clip_id = 0;
    OrbitCamera camera_before;
    std::optional<OrbitCamera> framed;
    bool capture_framing = false;
  };
  std::optional<StreamView> stream_view_;
  std::uint64_t scene_revision_ = 0;  // the clip set's revision the scene was built for
  std::string watched_path_;          // the file the watcher watches (the active clip's)
  int watched_clip_id_ = 0;
  int reframe_clip_id_ = 0;  // frame the view when this clip has been prepared again (a new up axis)
  double first_streamed_frame_seconds_ = 0.0;
  std::string loading_path_;          // the file the loading overlay names (kept to avoid a string per frame)
  std::vector<gfx::ClipLook> looks_;  // sized with the clip set; refreshed every frame
  // write_ghost_pose's scratch, reused every frame.
  std::vector<glm::dvec3> ghost_reference_points_;
  std::vector<glm::dvec3> ghost_other_points_;
  Pose ghost_pose_;
  std::vector<int> ghost_ids_;      // the clips drawn as ghosts when the scene was last built
  std::vector<int> ghost_scratch_;  // sync_ghosts', reused
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
  bool timeline_panning_ = false;
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
  std::vector<LabelBox> tag_boxes_;              // this frame's clip name tags, reused
  int labels_shown_ = 0;
  int labels_hidden_ = 0;
  glm::vec2 press_position_{0.0f};
  bool press_in_view_ = false;
  std::vector<std::string> drop_queue_;
  UiLayout layout_;
  PanelControls panel_controls_;  // the side panels' arrows as last drawn
  std::string title_ = "bvhscope";
  Bounds scene_bounds_;  // every clip's motion, placed in the scene
  UpAxisRequest default_up_;
  bool open_replaces_ = false;                      // the file dialog's choice replaces the loaded clips
  std::optional<CompareStart> pending_comparison_;  // see start_comparison
  int detail_announced_clip_ = 0;                   // the last clip whose reduced detail was announced
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
