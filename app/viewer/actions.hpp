// What the panels and shortcuts ask the viewer to do this frame. Panels read state and fill an
// Actions value; the viewer applies it after the UI is built, in one place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip_timeline.hpp"
#include "anim/convert.hpp"
#include "anim/motion_compare.hpp"
#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"
#include "model/curve_series.hpp"
#include "model/display_options.hpp"
#include "model/orbit_camera.hpp"
#include "model/timeline_view.hpp"
#include "video/video_format.hpp"

namespace bvhscope::viewer {

struct Actions {
  // Transport.
  bool toggle_play = false;
  long step = 0;  // whole frames, pauses
  bool jump_first = false;
  bool jump_last = false;
  std::optional<int> shuttle;  // J (-1), K (0), L (+1): see PlaybackClock::shuttle
  bool set_in_point = false;   // I: the range starts at the frame on screen
  bool set_out_point = false;  // O: the range ends at the frame on screen
  bool clear_range = false;    // Alt+X
  std::optional<double> seek;  // a frame position (click on the timeline, typed frame number)
  bool scrub_begin = false;
  std::optional<double> scrub;
  bool scrub_end = false;
  std::optional<double> speed;
  std::optional<bool> loop;
  std::optional<bool> interpolate;
  std::optional<ClipEnd> clip_end;
  std::optional<TimelineView> timeline_view;  // zoomed, panned or fitted by the timeline panel
  // Clip interpretation.
  std::optional<PositionModeRequest> position_mode;
  std::optional<int> units_choice;   // index into kUnitChoices, -1 for the automatic guess
  std::optional<double> frame_rate;  // the active clip's rate, frames a second (0: the one it was loaded at)
  std::optional<UpAxisRequest> up_axis;
  std::optional<int> interpretation_clip;  // the clip position_mode and up_axis are for (else the active one)
  // View.
  std::optional<DisplayOptions> display;
  std::optional<InspectionOptions> inspection;
  std::optional<float> panel_width;       // the right panel dragged to this width (pixels)
  std::optional<float> left_panel_width;  // the left panel dragged to this width (pixels)
  bool frame_all = false;
  bool frame_pose = false;  // frame the pose on screen (every visible clip), not the whole motion
  bool reset_camera = false;
  std::optional<CameraView> camera_view;  // look from a named view (Blender's numpad)
  bool toggle_projection = false;         // perspective <-> orthographic
  std::optional<bool> follow;
  // Files.
  bool open_dialog = false;
  std::optional<std::string> open_path;
  bool open_sample = false;
  bool reload = false;
  std::optional<bool> watch_files;
  bool clear_recent = false;
  bool open_dialog_replacing = false;  // File > Open, replacing every loaded clip
  bool open_path_replacing = false;    // open_path replaces every loaded clip
  // Clips (indices into ViewerState::clips).
  std::optional<int> activate_clip;
  std::optional<int> remove_clip;
  std::optional<std::pair<int, bool>> clip_visible;
  std::optional<std::pair<int, double>> clip_time_offset;
  std::optional<std::pair<int, glm::vec3>> clip_side_offset;
  bool auto_space = false;       // every clip back to the automatic side-by-side offsets
  std::optional<int> solo_clip;  // only this clip visible (again: all visible)
  bool show_all_clips = false;
  std::optional<std::pair<int, int>> move_clip;  // reorder: from, to
  bool remove_all_clips = false;
  bool align_starts = false;       // every clip starts at time 0
  bool overlay_at_origin = false;  // every clip at the origin, one over the other
  // Comparison (clip ids, not indices: see Comparison).
  std::optional<int> compare_reference;  // this clip becomes the reference (0: no comparison)
  std::optional<int> reveal_clip;        // keep this clip's figure clear of the overlays (Worst frame)
  std::optional<Alignment> compare_alignment;
  std::optional<bool> error_colours;
  std::optional<bool> ghost;
  std::optional<double> colour_max_m;                    // the colour scale's top in metres (0: automatic)
  std::optional<std::pair<int, double>> compare_offset;  // clip id, its offset in reference frames
  std::optional<int> find_compare_offset;                // clip id: search its offset with the least MPJPE
  std::optional<std::string> joint_map_path;             // read this joint map and use it ("": none)
  bool joint_map_dialog = false;                         // choose the joint map in the file dialog
  std::optional<double> seek_reference_frame;            // the clock to where the reference shows this frame
  // Joints of the active clip.
  std::optional<int> select_joint;  // -1 clears the selection
  std::optional<int> hover_joint;
  std::optional<int> centre_on_joint;
  std::optional<CurveSeriesKey> toggle_curve_pin;  // pin a joint to the curves strip, or unpin it
  bool clear_curve_pins = false;
  // The Problems tab: go to a finding's place in clip `clip_id` (the clock to where it shows
  // `frame`, `joint` selected; -1 leaves either as it is).
  struct ProblemPlace {
    int clip_id = 0;
    long long frame = -1;
    int joint = -1;
  };
  std::optional<ProblemPlace> go_to_problem;
  // Exports.
  bool export_csv_dialog = false;
  bool export_png_dialog = false;
  bool export_sequence_dialog = false;
  std::optional<std::string> export_csv_path;
  std::optional<std::string> export_png_path;
  struct Sequence {
    std::string directory;
    std::size_t first = 0;
    std::size_t last = 0;
  };
  std::optional<Sequence> export_sequence;
  bool export_video_dialog = false;
  // File > Export video: what `bvhscope render -o PATH` would be given (the kind follows PATH).
  struct Video {
    std::string path;
    std::size_t first = 0;  // frames of the active clip
    std::size_t last = 0;
    int width = 1280;
    int height = 720;
    double fps = 0.0;        // 0: the clip's rate capped at 60
    int camera = 0;          // 0 fixed, 1 follow, 2 orbit
    bool overwrite = false;  // a PNG sequence replaces the frames already in its folder
    video::VideoQuality quality = video::VideoQuality::Normal;  // the encoder's effort (MP4, WebM)
  };
  std::optional<Video> export_video;
  bool cancel_export = false;  // the PNG sequence or the video being written
  // File > Save as BVH. `save_bvh_dialog` opens the dialog on the active clip with these convert
  // options ticked: a default ConvertOptions ticks none (the menu, Ctrl+Shift+S); a lint finding's
  // Fix button passes its fix (options.unwrap = true, options.strip_prefix = "mixamorig:",
  // options.three_channels, .ground, .rotation_order, .lengths, .up, .fps).
  // Options the dialog has no control for (renames) are kept as given; position_mode and from_up
  // are always the clip's as the viewer shows it; first_frame/last_frame, when set, replace the
  // loop range. Nothing happens without an active loaded clip.
  std::optional<ConvertOptions> save_bvh_dialog;
  struct SaveBvh {
    std::string path;
    ConvertOptions options;
    std::optional<int> precision;   // decimals; nullopt: the shortest that reads back the same
    bool replace_original = false;  // the user confirmed writing over the active clip's own file
  };
  std::optional<SaveBvh> save_bvh;
  bool cancel_save_bvh = false;
  // File > Retarget onto Another Skeleton: the dialog on the active clip; its target changed to
  // this clip (the map is found again); the retargeting itself; its map read or written.
  bool retarget_dialog = false;
  std::optional<int> retarget_target;
  struct Retarget {
    int source_id = 0;
    int target_id = 0;
    std::string path;
    int root = 0;  // 0 scale, 1 keep, 2 none (RootMotion)
    bool plant_feet = true;
    bool fingers = false;
    std::vector<std::pair<std::string, std::string>> map;  // (source joint, target joint), given first
  };
  std::optional<Retarget> retarget;
  bool cancel_retarget = false;
  std::optional<std::string> retarget_map_load;
  std::optional<std::string> retarget_map_save;
  // A dialog's Browse... button: the native save dialog on that dialog's path field.
  enum class OutputField : std::uint8_t { Export, Video, SaveBvh, Retarget };
  std::optional<OutputField> browse_output;
  // Loading.
  bool cancel_load = false;  // stop the load in progress and drop the ones waiting
  // Window.
  bool dismiss_message = false;
  bool show_shortcuts = false;
  bool quit = false;
};

}  // namespace bvhscope::viewer
