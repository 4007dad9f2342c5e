// Everything the viewer shows: the clips (each with its pose, colour, offsets and selected joint)
// and their loads, the shared playback clock, the camera, the display choices, the inspected joint
// and the message banner. Owned by Viewer, which pumps its loads, comparison and lint once a frame;
// panels get const views of it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip_timeline.hpp"
#include "anim/joint_details.hpp"
#include "anim/playback_clock.hpp"
#include "anim/pose.hpp"
#include "model/clip_colours.hpp"
#include "model/clip_loading.hpp"
#include "model/clip_placement.hpp"
#include "model/clip_problems.hpp"
#include "model/clip_set.hpp"
#include "model/comparison.hpp"
#include "model/curve_series.hpp"
#include "model/draw_detail.hpp"
#include "model/joint_tree_rows.hpp"
#include "model/orbit_camera.hpp"
#include "model/prepared_clip.hpp"
#include "model/timeline_view.hpp"
#include "viewer/actions.hpp"

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

inline constexpr std::size_t kMaxProblems = 500;

struct ViewerState {
  ClipSet clips;          // the clips, their loads, the shared clock and the active clip
  ClipLoading loading;    // the loads' thread, and the active clip's file watched for Watch files
  Comparison comparison;  // the reference clip and every other clip's difference from it
  ClipProblems lint;      // the active clip's lint findings (the Problems tab)
  bool interpolate = true;
  ClipEnd clip_end = ClipEnd::Hold;  // what every clip shows outside its frames
  TimelineView timeline_view;        // the part of the clock the timeline shows (zoom and pan)
  OrbitCamera camera;
  bool follow = false;         // keep the root (or the selected joint) centred
  float follow_height = 0.0f;  // target height kept while following the root
  DisplayOptions display;
  InspectionOptions inspection;
  std::vector<CurveSeriesKey> curve_pins;  // joints pinned to the curves strip (model/curve_series)
  int hovered_joint = -1;                  // of the active clip, hovered in the tree this frame
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

  [[nodiscard]] bool has_clip() const noexcept { return clips.active() != nullptr; }
  [[nodiscard]] const ClipSlot* active_slot() const noexcept { return clips.active(); }
  [[nodiscard]] ClipSlot* active_slot() noexcept { return clips.active(); }
  [[nodiscard]] int active() const noexcept { return clips.active_index(); }
  [[nodiscard]] const PlaybackClock& clock() const noexcept { return clips.clock(); }
  [[nodiscard]] PlaybackClock& clock() noexcept { return clips.clock(); }
  [[nodiscard]] int selected_joint() const noexcept;  // of the active clip
};

// The length unit of the active clip: the user's choice, or the clip's guess.
double metres_per_unit(const ViewerState& state);
const char* unit_name(const ViewerState& state);

}  // namespace bvhscope::viewer
