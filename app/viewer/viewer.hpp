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
#include "model/background_job.hpp"
#include "model/clip_loading.hpp"
#include "model/colour_scale_watch.hpp"
#include "model/compare_start.hpp"
#include "model/overlay_labels.hpp"
#include "render/clip_scene.hpp"
#include "render/ground_cache.hpp"
#include "viewer/actions.hpp"
#include "viewer/export_job.hpp"
#include "viewer/file_dialogs.hpp"
#include "viewer/file_outputs.hpp"
#include "viewer/frame_damage.hpp"
#include "viewer/joint_label_overlay.hpp"
#include "viewer/key_queue.hpp"
#include "viewer/load_tracking.hpp"
#include "viewer/message_clock.hpp"
#include "viewer/open_requests.hpp"
#include "viewer/panel_states.hpp"
#include "viewer/settings.hpp"
#include "viewer/ui/dialogs.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/view_framing.hpp"
#include "viewer/view_pointer.hpp"
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
  void set_default_up(UpAxisRequest up) noexcept { opening_.default_up = up; }
  // Paths from a drop, the Open dialog or the command line: every .bvh file, and every .bvh file in
  // a folder (natural order), is loaded as a clip (one after the other, the last one active);
  // anything else is refused with its reason on screen and on stderr.
  void open_paths(const std::vector<std::string>& paths, bool replace_all = false);
  // Called from GLFW's drop callback: only queues the paths for the next frame.
  void queue_drop(std::vector<std::string> paths);
  // Called from GLFW's key callback: remembers a key press (or repeat) for the next frame, so a
  // tap shorter than a frame is not lost. Allocates nothing; drops keys beyond KeyQueue::kSize.
  void queue_key(int key, int mods) noexcept { keys_.push(key, mods); }
  // Makes a clip loaded elsewhere (the render command) the only one, synchronously.
  void set_clip(PreparedClip clip);
  // Adds a clip loaded elsewhere (the render command's further files) and makes it active.
  void add_clip(PreparedClip clip);
  // The first clip that loads from now on becomes the reference of a comparison with these options.
  void start_comparison(const CompareStart& start) { opening_.pending_comparison = start; }
  // The Problems tab's lint runs (the interactive viewer; the render command leaves it off).
  void enable_problems() noexcept { state_.lint.set_enabled(true); }
  // Selects the joint of the active clip named `name`, or labelled "name #index" (how joints
  // sharing a name are told apart). false with `error` when there is none, or when several joints
  // have that name (the error lists them as "Name #index").
  bool select_joint_named(const std::string& name, std::string& error);

  // One frame, in this order.
  void poll_background(double now_seconds);  // drops, finished loads, file dialog, file changes
  // For the window loop's sleeping (frame_pacing): work under way on other threads or in child
  // processes whose progress or end the UI shows (a streaming load is not counted: see state().loading).
  [[nodiscard]] bool background_busy() const;
  // The camera easing to reveal a selection (the loop draws every frame until it ends).
  [[nodiscard]] bool camera_gliding() const noexcept { return framing_.glide.active; }
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
  // framebuffer (window_* are the window's size in the units ImGui uses). `to_window` false: into
  // an offscreen target of an export (never with the ground cache, made for the window).
  // With `region`, only that rectangle of the framebuffer (inside the view), as the whole render
  // draws it there.
  void render(int framebuffer_width, int framebuffer_height, float window_width, float window_height,
              bool to_window = true, std::optional<gfx::Viewport> region = std::nullopt);
  // What render() will draw in the view this frame (same sizes; after advance), for FrameDamage:
  // the view's rectangle, a hash of everything it depends on but the figures, where the figures
  // and their shadows are (nullopt when more moves: a trail, the root path's marker) and a hash
  // of their poses and looks. Sets content's scene_hash, view, figures, figures_hash and
  // redraw_view; tells the ground cache what this frame shows (GroundCache::begin_frame).
  void describe_view(int framebuffer_width, int framebuffer_height, float window_width, float window_height,
                     FrameContent& content);
  // Whether render() copies the ground from a cache while it holds (render::GroundCache): for a
  // window without multisampling (the viewer asks for none on a software renderer).
  void cache_ground(bool on);
  // How many times the cached ground was drawn (not only copied); -1 without the cache.
  [[nodiscard]] int ground_redraws() const noexcept { return ground_cache_ ? ground_cache_->redraws() : -1; }
  // Ground drawn straight into the window (the camera moved) may be on screen: one more frame
  // must follow before the loop sleeps (it redraws the view from the ground cache).
  [[nodiscard]] bool ground_drawn_straight() const noexcept {
    return ground_cache_ && !state_.clips.empty() && ground_cache_->direct_on_screen();
  }
  // The view render() draws from, after the framing a new clip or F asked for (render calls it).
  gfx::SceneView scene_view(int framebuffer_width, int framebuffer_height, float window_width, float window_height);

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
  // How every load reads its file (the command line's --skeleton, --source-fps...); before any load.
  void set_reading(FileReading reading) { state_.loading.set_reading(std::move(reading)); }
  [[nodiscard]] const UiLayout& layout() const noexcept { return layout_; }
  // The scene as last drawn: each clip's skeleton, pose and placement, the camera and the style.
  [[nodiscard]] const render::Scene& scene() const noexcept { return scene_.scene(); }
  // The GL side drawing it (the bone buffer and its uploads).
  [[nodiscard]] const gfx::SceneRenderer& renderer() const noexcept { return scene_.renderer(); }
  [[nodiscard]] gfx::SceneStyle scene_style() const;
  // The view's camera matrices for the current layout.
  [[nodiscard]] glm::mat4 view_projection() const;

  // A read-only view of the parts the viewer is made of, for the state report (which reads the
  // model and the components as they are, not getters of their own).
  struct Parts {
    const DialogState& dialogs;
    const PanelStates& panels;
    const JointLabelOverlay& labels;
    const FileOutputs& outputs;
    const MessageClock& messages;
    const LoadTracking& load;
    const ViewPointer& pointer;
  };
  [[nodiscard]] Parts parts() const noexcept {
    return {dialogs_, panels_, labels_, outputs_, messages_, load_, pointer_};
  }

  void apply(const Actions& actions);

 private:
  // Hands the clip set's requests and cancels to the loader and reacts to its notices (after
  // every change of the set).
  void sync_clip_set();
  void reload_clip(const ClipSlot& slot);
  void restore_stream_camera();
  void rebuild_scene();
  void announce_detail(const ClipSlot& slot);
  void sample_current_pose();
  void update_follow();
  void update_inspection();
  void update_trail();
  void apply_clip_actions(const Actions& actions);
  void apply_joint_actions(const Actions& actions);
  void apply_export_actions(const Actions& actions);
  // What the clips do after File's outputs ended (a clip saved over reloads, a written file opens).
  void follow_outputs(const OutputFollowUps& follow_ups);
  void apply_compare_actions(const Actions& actions);
  // The compared clip's time offset set so that it shows beside reference frame k its time
  // (k + offset) x the reference's frame time (a dragged offset, a Find offset's answer).
  void set_compare_offset(int clip_id, double offset);
  void go_to_problem(const Actions::ProblemPlace& place);
  void sync_ghosts();
  void note_colour_scale();
  void reveal_selection();
  void load_joint_map(const std::string& path);
  void select_joint(int slot_index, int joint);
  // The front-most joint or bone of a visible clip at window point (x, y); slot -1 for none.
  ViewPick pick_in_view(float x, float y);
  void pick_at(float x, float y, bool double_click);
  void update_view_hover();
  void draw_joint_labels(const ClipSlot& slot, std::span<const glm::vec3> placed);
  void draw_hover_name(const LabelBox& box);
  void draw_name_tags(const LabelBox& bounds, bool every_clip);
  void frame_current_pose();
  // Framing that follows the view's shape: see ViewFraming::Framing.
  void remember_framing(const Bounds& bounds);
  void keep_framing();
  void keep_subject_in_view();
  void frame_in_visible_view(const Bounds& bounds, bool reset);
  void draw_side_panels(Actions& actions);
  [[nodiscard]] glm::vec3 placed_joint(const ClipSlot& slot, int joint) const;
  bool render_view_image(std::vector<std::uint8_t>& rgba, int& width, int& height, std::string& error);
  // Keeps a failure in the problems list (replacing an older one about the same file), shows it as
  // the message and prints it on stderr.
  void report_problem(const std::string& path, const std::string& text);
  void update_title();
  void start_open_dialog();
  [[nodiscard]] std::string last_folder() const;
  [[nodiscard]] float view_aspect() const noexcept;
  [[nodiscard]] Bounds first_view_bounds() const;

  render::ClipScene scene_;                          // the clips in the renderer: placed, posed, ghosts, trail, looks
  std::optional<render::GroundCache> ground_cache_;  // with cache_ground(true)
  Settings settings_;
  float ui_scale_ = 1.0f;
  ViewerState state_;
  OpenRequests opening_;  // drops, --up, --compare waiting for a frame or a load
  FileDialogs files_;     // Open, joint map, Browse... (zenity)
  DialogState dialogs_;
  MessageClock messages_;             // when an information message goes
  PanelStates panels_;                // the panels' state and rectangles as last drawn
  ExportJob export_;                  // a PNG or PNG sequence of the view (run_exports)
  FileOutputs outputs_;               // CSV, video, Save as BVH, Retarget: their dialogs and runs
  ViewFraming framing_;               // framing that follows the view's shape; a streaming clip's view
  std::uint64_t scene_revision_ = 0;  // the clip set's revision the scene was built for
  LoadTracking load_;
  struct InspectKey {
    int clip_id = 0;
    int joint = -1;
    std::size_t frame = 0;
    double frame_position = -1.0;
    int mode = -1;
    bool operator==(const InspectKey&) const = default;
  } inspect_key_;
  ViewPointer pointer_;       // drag, click and hover pick in the view
  JointLabelOverlay labels_;  // the joint labels and name tags over the view
  UiLayout layout_;
  std::string title_ = "bvhscope";
  int detail_announced_clip_ = 0;  // the last clip whose reduced detail was announced
  bool quit_ = false;
  KeyQueue keys_;                  // keys pressed since the last frame
  ColourScaleWatch colour_scale_;  // the comparison's automatic colour scale, for note_colour_scale
};

}  // namespace bvhscope::viewer
