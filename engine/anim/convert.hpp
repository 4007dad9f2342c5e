// Converting a clip to clean BVH: the options of `bvhscope convert` (and of the viewer's File >
// Save as BVH, which runs the same conversion on a loaded clip) and the pipeline applying them.
// The result is a clip in the Biovision add rule, ready for write_bvh (bvh_writer.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anim/clip.hpp"
#include "anim/convert_names.hpp"
#include "anim/euler.hpp"
#include "anim/position_mode.hpp"
#include "anim/result.hpp"
#include "anim/rotation_fit.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

// How to change lengths: a target unit (metres per unit, the input's unit taken from `from` or
// else from the unit guess), or a plain factor.
struct LengthConversion {
  double target_metres_per_unit = 0.0;  // > 0: convert to this unit
  std::optional<double> from_metres_per_unit;
  double factor = 1.0;  // used when target_metres_per_unit is 0
  // A unit nobody can tell (no --from-units, an unknown guess): lengths stay as they are
  // (ConvertReport::unit_unknown_kept) instead of an error that asks for it.
  bool keep_unknown = false;
};

// A length unit as metres per unit: "m", "cm", "mm", "in", "ft", or the number itself (> 0, < 1e6);
// nullopt for anything else (the --units and --from-units of the command line).
std::optional<double> parse_length_unit(std::string_view text);

struct ConvertOptions {
  PositionModeRequest position_mode = PositionModeRequest::Auto;  // how to read the input's positions
  UpAxisRequest from_up;                                          // the input's up axis (auto: detected)
  std::optional<std::size_t> first_frame;                         // --frames A:B, inclusive
  std::optional<std::size_t> last_frame;
  std::optional<double> fps;                    // resample to this many frames per second
  std::optional<RotationOrder> rotation_order;  // every joint's rotations in this order
  bool three_channels = false;                  // fold non-root position channels into OFFSET
  std::optional<LengthConversion> lengths;
  std::optional<UpAxis> up;  // turn the figure so that its up axis becomes this one
  bool mirror = false;       // swap left and right (names, and positions across the side plane)
  std::string strip_prefix;
  std::vector<std::pair<std::string, std::string>> renames;  // (old, new)
  bool in_place = false;                                     // remove the first root's horizontal travel
  bool ground = false;                                       // the lowest point of the motion at height 0
  bool unwrap = false;                                       // Euler curves without jumps
};

// What the conversion decided, to report.
struct ConvertReport {
  PositionMode input_mode = PositionMode::Add;
  UpAxis input_up = UpAxis::PosY;
  double length_factor = 1.0;
  std::optional<int> mirror_axis;          // the side axis mirrored across
  int renamed_duplicates = 0;              // joints whose duplicate names got a suffix
  std::vector<SafeNameChange> safe_names;  // joints whose names had unsafe characters replaced by '_'
  std::vector<Diagnostic> warnings;        // located: side names --mirror could not pair
  // Set (with an error) when --units needs the input's unit and its guess is unknown (a partial
  // rig, too few joints): the caller must give it (--from-units), a usage error.
  bool needs_from_units = false;
  // Set when LengthConversion::keep_unknown kept the lengths of a unit nothing tells.
  bool unit_unknown_kept = false;
  // Set when the input held joint positions: how well the fitted channels follow them (in the
  // input's units, before any length conversion).
  std::optional<RotationFitReport> fit;
};

// In this order: the input read under its position mode and rewritten in the add rule; frames
// trimmed; resampled; unsafe characters in names replaced (with_safe_names), duplicate names made
// unique (with_unique_names), names stripped and renamed; lengths scaled; axes turned; mirrored;
// position channels folded; rotation order; in place; on the ground; unwrapped. Errors (a moving
// channel for three channels, a name clash, a unit to convert to when the input's is unknown and
// not given, frames outside the clip) name what is wrong; so does a last check of the result: an
// OFFSET or value that is not finite (a length scaled past the float range) is refused, naming
// the joint, rather than written as "inf". A positions motion (joint positions without channels)
// first gets channels fitted to its positions (rotation_fit.hpp; the fit's error in the report).
Result<Clip> convert_clip(Clip clip, const ConvertOptions& options, ConvertReport* report = nullptr);

// The first OFFSET or frame value of `clip` that is not finite, as an error naming its joint (and
// frame and channel), or nullopt when every number is finite.
std::optional<Diagnostic> find_non_finite(const Clip& clip);

}  // namespace bvhscope
