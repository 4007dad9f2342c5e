// The Python module's motions, without Python: a loaded motion as `bvhscope.Motion` holds it (the
// clip, shared and never changed, how its positions are posed, what was decided about it), how one
// is loaded through the command line's reading rules, and the tables numpy arrays are made from.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/mat3x3.hpp>

#include "anim/clip.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/diagnostic.hpp"
#include "anim/position_mode.hpp"
#include "anim/result.hpp"
#include "cli/load_for_cli.hpp"
#include "formats/skeleton_file.hpp"

namespace bvhscope::python {

struct LoadedMotion {
  std::shared_ptr<const Clip> clip;
  PositionMode mode = PositionMode::Add;
  UpAxisRequest up;     // as asked (the detected axis when none is named)
  bool turned = false;  // up was given: positions are turned by `rotation` (as export --up)
  glm::mat3 rotation{1.0f};
  cli::FileListing listing;  // its file's motions as `info` lists them (the format too), this one chosen
  // What the figure analysis decided (the unit guess, the up axis): worked out on first use, or at
  // load when the motion is turned by it.
  std::shared_ptr<const FigureAnalysis> analysis;
};

// The figure analysis of `motion` (unit, up axis), worked out once.
const FigureAnalysis& figure_analysis(LoadedMotion& motion);
// The axis pointing up in the coordinates of the positions ("+y" once turned).
std::string up_axis_of(LoadedMotion& motion);

// A command line's refusal of its options ("load: --up must be ...").
struct UsageRefusal {
  std::string message;
};

// What a load gives: the motions, or the located error of the file, or a refused option.
struct LoadOutcome {
  std::vector<LoadedMotion> motions;
  std::optional<Diagnostic> error;
  std::optional<UsageRefusal> usage;
};

// Loads FILE with export's reading options (--position-mode, --up, --motion, --source-fps,
// --skeleton, --mean, --std, --key; `args` as on the command line, FILE among them): the motion
// --motion names (the first without it), or every motion of the file when `every_motion`.
LoadOutcome load_motions(const std::vector<std::string>& args, bool every_motion);

// A motion made of joint positions already in memory: `npy_bytes` is a .npy file's bytes (as
// np.save writes them), read by the .npy reader (its source named "<from_positions>") with the
// skeleton `skeleton_text` gives (skeleton_file.hpp's text; empty: the layout the joint count
// names, else unconnected points), at `frames_per_second` (0: the reader's rate for it).
LoadOutcome motion_from_npy_bytes(std::string_view npy_bytes, std::string_view skeleton_text, double frames_per_second);

// Every joint's position at every frame, frames x joints x 3 floats into `out`, as export writes
// them (bit for bit), posed on all cores.
void pose_all_frames(const LoadedMotion& motion, float* out);

// Each joint's rotation from its channels at every frame: frames x joints x 4 (w, x, y, z) when
// `quaternions`, else frames x joints x 3 Euler angles in degrees in `order` (BVH's convention:
// R = R(order[0]) R(order[1]) R(order[2])), continuous from frame to frame. Joints without rotation
// channels (End Sites) hold the identity.
void local_rotations(const Clip& clip, bool quaternions, const std::array<int, 3>& order, double* out);

}  // namespace bvhscope::python
