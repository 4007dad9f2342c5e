// Everything the viewer shows: the active clip and its pose, the playback clock, the camera, the
// display choices and the message banner. Owned by Viewer; panels get const views of it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "anim/orbit_camera.hpp"
#include "anim/playback_clock.hpp"
#include "anim/pose.hpp"
#include "viewer/actions.hpp"
#include "viewer/prepared_clip.hpp"

namespace bvhscope::viewer {

struct Message {
  enum class Kind { Error, Info };
  Kind kind = Kind::Info;
  std::string text;
  bool load_failure = false;  // a failed load: the next successful load clears it
};

struct ViewerState {
  std::optional<PreparedClip> clip;       // the active clip; replaced only by a successful load
  std::string file_name;                  // base name of the active clip's file
  bool is_sample = false;                 // the bundled clip (no file to reload or watch)
  std::vector<std::string> warning_lines; // the clip's warnings, formatted once at load
  Pose pose;                              // reused every frame
  PlaybackClock clock;
  bool interpolate = true;
  OrbitCamera camera;
  bool follow = false;                    // keep the root centred
  float follow_height = 0.0f;             // target height kept while following
  DisplayOptions display;
  int units_choice = -1;                  // -1: the automatic guess
  bool watch_files = false;
  std::optional<Message> message;
};

// The length unit in use: the user's choice, or the clip's guess.
double metres_per_unit(const ViewerState& state);
const char* unit_name(const ViewerState& state);

}  // namespace bvhscope::viewer
