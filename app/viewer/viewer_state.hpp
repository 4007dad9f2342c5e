// Everything the viewer shows: the clips (each with its pose, colour, offsets and selected joint),
// the shared playback clock, the camera, the display choices, the inspected joint and the message
// banner. Owned by Viewer; panels get const views of it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip_placement.hpp"
#include "anim/draw_detail.hpp"
#include "anim/joint_details.hpp"
#include "anim/joint_tree_rows.hpp"
#include "anim/orbit_camera.hpp"
#include "anim/playback_clock.hpp"
#include "anim/pose.hpp"
#include "viewer/actions.hpp"
#include "viewer/clip_colours.hpp"
#include "viewer/prepared_clip.hpp"

namespace bvhscope::viewer {

// A failure kept until it is dismissed or its file loads: a load that failed (with its located
// message) or a path that was refused. A drop of many files keeps every one.
struct Problem {
  std::string path;  // the file it is about (empty when none)
  std::string text;  // one or more lines, as printed on stderr
};

struct Message {
  enum class Kind { Error, Info };
  Kind kind = Kind::Info;
  std::string text;
  bool load_failure = false;  // a failed load: the next successful load clears it
};

// One loaded clip among several.
struct ClipSlot {
  int id = 0;  // stable while the clip is loaded (removals shift indices)
  PreparedClip prepared;
  std::string file_name;                    // base name of the clip's file
  bool is_sample = false;                   // the bundled clip (no file to reload or watch)
  std::vector<std::string> warning_lines;   // the clip's warnings, formatted once at load
  std::vector<std::string> labels;          // joint labels ("Name #index" for duplicates), once at load
  std::vector<std::string> channel_orders;  // per joint: "XYZ ZXY" (position then rotation order)
  JointTreeShape tree_shape;
  int units_choice = -1;  // -1: the automatic guess
  Pose pose;              // reused every frame
  int color_index = 0;    // clip_color(color_index): the lowest index no other clip uses
  bool visible = true;
  double time_offset = 0.0;     // seconds on the shared clock at which frame 0 plays
  glm::vec3 side_offset{0.0f};  // scene units; set automatically until the user edits it
  bool auto_offset = true;
  Placement placement;          // clip units -> scene units (scale, then side offset)
  DrawDetail detail;            // how much of it is drawn (less for huge skeletons), set with the scene
  double frame_position = 0.0;  // this frame's fractional frame of this clip
  int selected = -1;            // the selected joint (-1: none)
  // Its file is still loading: frames arrive every frame; the measures (bounds, root path, baked
  // positions for trails and speed) cover its first frame only until the load ends.
  bool loading = false;
  std::size_t expected_frames = 0;  // while loading: the frames its file declares

  [[nodiscard]] const Clip& clip() const noexcept { return prepared.clip; }
  [[nodiscard]] std::size_t frame() const noexcept;  // the whole frame on screen
};

inline constexpr std::size_t kMaxProblems = 500;

struct ViewerState {
  std::vector<ClipSlot> clips;  // no fixed limit
  int active = -1;              // index into clips; -1 when there are none
  int next_clip_id = 1;
  PlaybackClock clock;          // shared: its frames are the active clip's frame time
  double timeline_start = 0.0;  // shared seconds at clock position 0
  // While a clip loads: the clock frames the timeline spans once every declared frame is in (the
  // track is drawn that long and fills as frames arrive); 0 otherwise.
  std::size_t timeline_expected_frames = 0;
  bool interpolate = true;
  OrbitCamera camera;
  bool follow = false;         // keep the root (or the selected joint) centred
  float follow_height = 0.0f;  // target height kept while following the root
  DisplayOptions display;
  InspectionOptions inspection;
  int hovered_joint = -1;  // of the active clip, hovered in the tree this frame
  // The joint under the mouse in the 3D view this frame, of any visible clip (-1: none).
  struct ViewHover {
    int clip = -1;  // index into clips
    int joint = -1;
    bool operator==(const ViewHover&) const = default;
  } view_hover;
  std::optional<JointDetails> inspected;  // the active clip's selected joint at the frame on screen
  bool watch_files = false;
  std::optional<Message> message;
  std::vector<Problem> problems;  // oldest first, at most kMaxProblems

  [[nodiscard]] bool has_clip() const noexcept { return active >= 0; }
  [[nodiscard]] const ClipSlot* active_slot() const noexcept;
  [[nodiscard]] ClipSlot* active_slot() noexcept;
  [[nodiscard]] int selected_joint() const noexcept;  // of the active clip
};

// The length unit of the active clip: the user's choice, or the clip's guess.
double metres_per_unit(const ViewerState& state);
double metres_per_unit(const ClipSlot& slot);
const char* unit_name(const ViewerState& state);

// The clock position at which `slot` shows its (fractional) frame `clip_frame`.
double clock_position_for(const ViewerState& state, const ClipSlot& slot, double clip_frame);

}  // namespace bvhscope::viewer
