#include "anim/convert.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

#include "anim/parse_messages.hpp"

#include "anim/clip_analysis.hpp"
#include "anim/convert_channels.hpp"
#include "anim/convert_names.hpp"
#include "anim/convert_space.hpp"
#include "anim/convert_timing.hpp"
#include "anim/rotation_fit.hpp"

namespace bvhscope {
namespace {

std::string number_text(float value) {
  if (std::isnan(value)) return "nan";
  return value > 0.0f ? "inf" : "-inf";
}

}  // namespace

Result<Clip> convert_clip(Clip clip, const ConvertOptions& options, ConvertReport* report) {
  ConvertReport decided;
  if (clip.motion.holds_positions()) {  // joint positions: channels fitted to them first
    RotationFitReport fit;
    Result<Clip> fitted = fit_rotations(clip, &fit);
    if (!fitted) return fitted.error();
    clip = std::move(fitted).value();
    decided.fit = fit;
  }
  decided.input_mode = decide_position_mode(clip, options.position_mode).mode;
  const bool needs_up = options.up || options.in_place || options.ground || options.mirror;
  const bool needs_units =
      options.lengths && options.lengths->target_metres_per_unit > 0.0 && !options.lengths->from_metres_per_unit;
  std::optional<FigureAnalysis> figure;
  if ((needs_up && !options.from_up.axis) || needs_units || options.three_channels)
    figure = analyse_figure(clip, decided.input_mode, options.from_up);
  decided.input_up = options.from_up.axis ? *options.from_up.axis : figure ? figure->up.axis : UpAxis::PosY;

  clip = to_add_rule(std::move(clip), decided.input_mode);
  if (options.first_frame) {
    const std::size_t last = options.last_frame.value_or(std::max<std::size_t>(clip.motion.frame_count, 1) - 1);
    Result<Clip> trimmed = trim_frames(std::move(clip), *options.first_frame, last);
    if (!trimmed) return trimmed.error();
    clip = std::move(trimmed).value();
  }
  if (options.fps) {
    Result<Clip> resampled = resample(clip, *options.fps);
    if (!resampled) return resampled.error();
    clip = std::move(resampled).value();
  }
  clip = with_safe_names(std::move(clip), &decided.safe_names);
  clip = with_unique_names(std::move(clip), &decided.renamed_duplicates);
  if (!options.strip_prefix.empty()) {
    Result<Clip> stripped = strip_name_prefix(std::move(clip), options.strip_prefix);
    if (!stripped) return stripped.error();
    clip = std::move(stripped).value();
  }
  if (!options.renames.empty()) {
    Result<Clip> renamed = rename_joints(std::move(clip), options.renames);
    if (!renamed) return renamed.error();
    clip = std::move(renamed).value();
  }
  if (options.lengths) {
    const LengthConversion& lengths = *options.lengths;
    if (lengths.target_metres_per_unit > 0.0) {
      const bool guessed = !lengths.from_metres_per_unit && figure;
      const bool unknown =
          (guessed && figure->figure.units.unit == "unknown") ||
          !(lengths.from_metres_per_unit.value_or(figure ? figure->figure.units.metres_per_unit : 0.0) > 0.0);
      if (unknown && lengths.keep_unknown) {
        decided.unit_unknown_kept = true;
        decided.length_factor = 1.0;
      } else if (guessed && figure->figure.units.unit == "unknown") {
        // The guess then only scales the viewer's grid: no factor may be assumed from it.
        if (report) report->needs_from_units = true;
        return Diagnostic{clip.source, 0, 0,
                          "--units: the file's length unit is unknown (" + figure->figure.unit_reason +
                              "); give it with --from-units m|cm|mm|in|ft|METRES"};
      } else {
        const double from = lengths.from_metres_per_unit ? *lengths.from_metres_per_unit
                            : figure                     ? figure->figure.units.metres_per_unit
                                                         : 0.0;
        if (!(from > 0.0)) {
          if (report) report->needs_from_units = true;
          return Diagnostic{
              clip.source, 0, 0,
              "--units: the file's length unit cannot be told from its figure; give it with --from-units"};
        }
        decided.length_factor = from / lengths.target_metres_per_unit;
      }
    } else {
      decided.length_factor = lengths.factor;
    }
    if (decided.length_factor != 1.0) clip = scale_lengths(std::move(clip), decided.length_factor);
  }
  UpAxis up = decided.input_up;
  if (options.up && *options.up != up) {
    clip = turn_axes(std::move(clip), glm::transpose(rotation_to_y_up(*options.up)) * rotation_to_y_up(up));
    up = *options.up;
  }
  if (options.mirror) {
    const SidePairs pairs = side_pairs(clip.skeleton);
    if (!pairs.any()) {
      return Diagnostic{clip.source, 0, 0,
                        "--mirror: no pair of joints named for the left and right side (Left/Right, L/R, .l/.r, "
                        "_L/_R) tells the figure's side axis"};
    }
    decided.mirror_axis = side_axis(clip, pairs, up);
    if (!decided.mirror_axis) {
      return Diagnostic{clip.source, 0, 0,
                        "--mirror: the joints named for the left and right side lie apart only along the up axis (" +
                            std::string(up_axis_name(up)) + "); mirroring across it would turn the figure upside down"};
    }
    for (const int joint : pairs.unpaired) {
      decided.warnings.push_back(
          Diagnostic{clip.source, clip.skeleton.source_lines[static_cast<std::size_t>(joint)], 1,
                     "--mirror: the joint '" + clip.skeleton.names[static_cast<std::size_t>(joint)] +
                         "' is named for a side but no joint is named for the other side; its name is kept"});
    }
    clip = reflect(std::move(clip), *decided.mirror_axis);
    Result<Clip> swapped = swap_side_names(std::move(clip), pairs);
    if (!swapped) return swapped.error();
    clip = std::move(swapped).value();
  }
  if (options.three_channels) {
    // Lint's rule for a still channel (still_position_tolerance), in the lengths written.
    const double tolerance =
        still_position_tolerance(static_cast<double>(figure->figure.extent)) * std::abs(decided.length_factor);
    Result<Clip> folded = fold_position_channels(std::move(clip), tolerance);
    if (!folded) return folded.error();
    clip = std::move(folded).value();
  }
  if (options.rotation_order) clip = with_rotation_order(std::move(clip), *options.rotation_order);
  if (options.in_place) clip = put_in_place(std::move(clip), up);
  if (options.ground) clip = put_on_ground(std::move(clip), up);
  if (options.unwrap) clip = unwrap_rotations(std::move(clip));
  // One check of the result, whatever made a number overflow (a unit, a resampling, the ground).
  if (std::optional<Diagnostic> problem = find_non_finite(clip)) return *problem;
  if (report) *report = std::move(decided);
  return clip;
}

std::optional<Diagnostic> find_non_finite(const Clip& clip) {
  const Skeleton& skeleton = clip.skeleton;
  const auto joint_text = [&](int joint) {
    return (skeleton.is_end_site(joint) ? "the End Site " : "joint ") + quoted(skeleton.names[joint]);
  };
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const glm::vec3& offset = skeleton.offsets[joint];
    for (int axis = 0; axis < 3; ++axis) {
      if (std::isfinite(offset[axis])) continue;
      return Diagnostic{clip.source, skeleton.source_lines[joint], 1,
                        joint_text(joint) + ": its OFFSET " + static_cast<char>('X' + axis) + " would be " +
                            number_text(offset[axis]) + ", past the largest float a BVH file holds"};
    }
  }
  const auto columns = static_cast<std::size_t>(clip.motion.channel_count);
  const float* const values = clip.motion.values.data();
  const std::size_t count = clip.motion.frame_count * columns;
  for (std::size_t i = 0; i < count; ++i) {
    if (std::isfinite(values[i])) continue;
    const std::size_t channel = i % columns;
    const int joint = skeleton.channel_joints[channel];
    return Diagnostic{clip.source, skeleton.source_lines[joint], 1,
                      joint_text(joint) + ", frame " + std::to_string(i / columns) + ", " +
                          std::string(channel_name(skeleton.channel_kinds[channel])) + ": the value would be " +
                          number_text(values[i]) + ", past the largest float a BVH file holds"};
  }
  return std::nullopt;
}

std::optional<double> parse_length_unit(std::string_view text) {
  if (text == "m") return 1.0;
  if (text == "cm") return 0.01;
  if (text == "mm") return 0.001;
  if (text == "in") return 0.0254;
  if (text == "ft") return 0.3048;
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !(value > 0.0) || !(value < 1e6)) return std::nullopt;
  return value;
}

}  // namespace bvhscope
