// One clip of the clip set as the viewer shows it: the prepared clip plus what the user set on it
// (colour, visibility, time and side offsets, units, the selected joint) and this frame's pose.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "model/clip_placement.hpp"
#include "model/draw_detail.hpp"
#include "model/joint_tree_rows.hpp"
#include "model/prepared_clip.hpp"
#include "model/weak_guess.hpp"

namespace bvhscope {

// The name the bundled sample goes by in titles and messages.
inline constexpr const char* kSampleName = "sample.bvh";

struct ClipSlot {
  int id = 0;  // stable while the clip is loaded (removals and reordering shift indices)
  // A new value whenever its clip is put in the set (loaded, reloaded, prepared again): what was
  // computed from the clip before (a comparison) is stale when it changes.
  std::uint64_t content = 0;
  PreparedClip prepared;
  WeakGuess weak_guess;                     // prepared's weak guesses (weak_guess_of), kept with it
  std::string file_name;                    // base name of the clip's file
  bool is_sample = false;                   // the bundled clip (no file to reload or watch)
  int motion = 0;                           // which motion of its file it shows (a batch: one clip each)
  std::vector<std::string> warning_lines;   // the clip's warnings, formatted once at load
  std::vector<std::string> labels;          // joint labels ("Name #index" for duplicates), once at load
  std::vector<std::string> channel_orders;  // per joint: "XYZ ZXY" (position then rotation order)
  JointTreeShape tree_shape;
  int units_choice = -1;  // -1: the automatic guess
  // The rate chosen in the Clip tab (seconds a frame) in place of the one it was loaded at (a joint
  // array stores none); kept across reloads. `loaded_frame_time`: the one it was loaded at.
  std::optional<double> frame_time_choice;
  double loaded_frame_time = 0.0;
  Pose pose;            // reused every frame
  int color_index = 0;  // clip_color(color_index): the lowest index no other clip uses
  bool visible = true;
  float opacity = 1.0f;         // below 1: drawn translucent (a filmstrip's older poses)
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
  // A new position mode, up axis or file version is being prepared for it in the background: the
  // clip on screen stays as it is until then.
  bool updating = false;
  // Shown at this frame's time: false outside its frames when clips hide there (ClipEnd::Hide).
  bool shown = true;

  [[nodiscard]] const Clip& clip() const noexcept { return prepared.clip; }
  [[nodiscard]] std::size_t frame() const noexcept;  // the whole frame on screen
  // On screen this frame (skeleton, shadow, labels, picking): visible, and shown at this time.
  [[nodiscard]] bool drawn() const noexcept { return visible && shown; }
};

// A slot for a prepared clip: its warnings formatted, its joints listed (unless prepared already).
ClipSlot make_clip_slot(PreparedClip prepared, bool is_sample);

// The length unit of a clip: the user's choice, or the clip's guess.
double metres_per_unit(const ClipSlot& slot);
// The unit File > Save as BVH converts lengths from: the user's choice (the Clip tab's Units), else
// the clip's guess when it is known. nullopt, with `refusal` saying why and what to do, when the
// guess is "unknown" (a partial rig, too few joints): its factor only sizes the grid.
std::optional<double> known_metres_per_unit(const ClipSlot& slot, std::string& refusal);

// The joint of `slot` named `name`, or labelled "name #index" (how joints sharing a name are told
// apart: `render --select`, the viewer's command line). nullopt with `error` when there is none, or
// when several joints have that name (the error lists their labels).
std::optional<int> find_joint_named(const ClipSlot& slot, const std::string& name, std::string& error);

}  // namespace bvhscope
