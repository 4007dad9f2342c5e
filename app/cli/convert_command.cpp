#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <sstream>

#include "anim/bvh_writer.hpp"
#include "anim/convert.hpp"
#include "anim/frame_range.hpp"
#include "anim/measure.hpp"
#include "anim/motion_compare.hpp"
#include "anim/printable.hpp"
#include "anim/skeleton_names.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/file_batch.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/motion_output.hpp"
#include "cli/work_budget_check.hpp"
#include "io/output_guard.hpp"
#include "model/bvh_paths.hpp"

namespace bvhscope::cli {
namespace {

// A whole decimal number (std::from_chars); false for anything else.
bool parse_number(std::string_view text, double& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

// The convert options from the command line, or nothing with `usage` set.
std::optional<ConvertOptions> convert_options(const ParsedArguments& parsed, UsageError& usage) {
  ConvertOptions options;
  const auto fail = [&](const std::string& message) {
    usage.message = "convert: " + message;
    return std::nullopt;
  };
  if (const auto text = parsed.value("--position-mode")) {
    const auto requested = parse_position_mode_request(*text);
    if (!requested) return fail("--position-mode must be auto, add or replace, not '" + *text + "'");
    options.position_mode = *requested;
  }
  if (const auto text = parsed.value("--from-up")) {
    const auto requested = parse_up_axis_request(*text);
    if (!requested) return fail("--from-up must be auto, +x, -x, +y, -y, +z or -z, not '" + *text + "'");
    options.from_up = *requested;
  }
  if (const auto text = parsed.value("--up")) {
    const auto requested = parse_up_axis_request(*text);
    if (!requested || !requested->axis) return fail("--up must be +x, -x, +y, -y, +z or -z, not '" + *text + "'");
    options.up = requested->axis;
  }
  if (const auto text = parsed.value("--frames")) {
    const std::optional<FrameRange> range = parse_frame_range(*text);
    if (!range) return fail("--frames must be A:B with 0 <= A <= B, not '" + *text + "'");
    options.first_frame = range->first;
    options.last_frame = range->last;
  }
  if (const auto text = parsed.value("--fps")) {
    double fps = 0.0;
    if (!parse_number(std::string_view(*text), fps) || !(fps > 0.0) || fps > 100000.0)
      return fail("--fps must be a number of frames per second above 0, not '" + *text + "'");
    options.fps = fps;
  }
  if (const auto text = parsed.value("--rotation-order")) {
    options.rotation_order = parse_rotation_order(*text);
    if (!options.rotation_order)
      return fail("--rotation-order must be XYZ, XZY, YXZ, YZX, ZXY or ZYX, not '" + *text + "'");
  }
  if (const auto text = parsed.value("--channels")) {
    if (*text != "3") return fail("--channels must be 3 (position channels only on the roots), not '" + *text + "'");
    options.three_channels = true;
  }
  std::optional<double> from_units;
  if (const auto text = parsed.value("--from-units")) {
    from_units = parse_length_unit(*text);
    if (!from_units) return fail("--from-units must be m, cm, mm, in, ft or metres per unit, not '" + *text + "'");
  }
  if (const auto text = parsed.value("--units")) {
    LengthConversion lengths;
    lengths.from_metres_per_unit = from_units;
    static constexpr std::pair<std::string_view, double> kUnits[] = {
        {"m", 1.0}, {"cm", 0.01}, {"mm", 0.001}, {"in", 0.0254}, {"ft", 0.3048}};
    bool named = false;
    for (const auto& [name, metres] : kUnits) {
      if (*text == name) {
        lengths.target_metres_per_unit = metres;
        named = true;
      }
    }
    if (!named) {
      double factor = 0.0;
      if (!parse_number(std::string_view(*text), factor) || !(factor > 0.0) || !std::isfinite(factor))
        return fail("--units must be m, cm, mm, in, ft or a scale factor above 0, not '" + *text + "'");
      lengths.factor = factor;
    }
    options.lengths = lengths;
  } else if (from_units) {
    return fail("--from-units goes with --units (the unit to convert to)");
  }
  if (const auto text = parsed.value("--strip-prefix")) {
    if (text->empty()) return fail("--strip-prefix needs a prefix");
    options.strip_prefix = *text;
  }
  for (const auto& [name, value] : parsed.options) {
    if (name != "--rename") continue;
    const std::size_t equals = value.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == value.size())
      return fail("--rename must be OLD=NEW, not '" + value + "'");
    options.renames.emplace_back(value.substr(0, equals), value.substr(equals + 1));
  }
  options.mirror = parsed.has("--mirror");
  options.in_place = parsed.has("--in-place");
  options.ground = parsed.has("--ground");
  options.unwrap = parsed.has("--unwrap");
  return options;
}

// The values the conversion makes, from the header's numbers before it starts: each output frame's channels
// (after --frames and --fps), and with --ground every joint posed at each of them too.
PlannedWork convert_work(const Clip& clip, const ConvertOptions& options) {
  double frames = static_cast<double>(clip.motion.frame_count);
  if (options.first_frame) {
    const double first = static_cast<double>(*options.first_frame);
    const double last = std::min(frames - 1.0, static_cast<double>(*options.last_frame));
    frames = first > last ? 0.0 : last - first + 1.0;
  }
  if (options.fps && frames >= 2.0) {  // as resample() counts them
    const double step = (1.0 / *options.fps) / clip.motion.frame_time;
    frames = std::floor((frames - 1.0) / step + 1e-6) + 1.0;
  }
  PlannedWork work;
  work.frames = frames >= 1.8e19 ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(frames);
  work.per_frame = static_cast<std::uint64_t>(clip.motion.channel_count);
  work.per_frame_noun = "channels";
  work.total_noun = "values";
  if (options.ground) {
    work.per_frame += static_cast<std::uint64_t>(clip.skeleton.joint_count());
    work.per_frame_noun = "channels and joints";
  }
  return work;
}

// A length of the rotation fit's report: in millimetres when the input's unit is known.
std::string fit_length_text(double length, const UnitGuess& unit) {
  char text[64];
  if (unit.metres_per_unit > 0.0)
    std::snprintf(text, sizeof text, "%.3f mm", length * unit.metres_per_unit * 1000.0);
  else
    std::snprintf(text, sizeof text, "%.6g (the file's units)", length);
  return text;
}

// What the fit of channels to joint positions achieved, for the line after "wrote ...".
std::string fit_summary(const RotationFitReport& fit, const Skeleton& input, const UnitGuess& unit) {
  std::string text = "rotations fitted to the joint positions: error max " + fit_length_text(fit.max_error, unit) +
                     " (" + printable(input.names[static_cast<std::size_t>(fit.max_error_joint)]) + ", frame " +
                     std::to_string(fit.max_error_frame) + "), mean " + fit_length_text(fit.mean_error, unit);
  if (fit.stretch_joint >= 0 && fit.max_stretch < 1e-4) {
    text += "; every bone keeps its length (within 0.01 %)";
  } else if (fit.stretch_joint >= 0) {
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.2f %%", fit.max_stretch * 100.0);
    text += std::string("; bone lengths vary by up to ") + percent + " (the bone to " +
            printable(input.names[static_cast<std::size_t>(fit.stretch_joint)]) + ": " +
            fit_length_text(fit.max_stretch_length, unit) + ", which no rigid skeleton follows)";
  }
  return text;
}

// The name of the glTF animation: the motion's own (a file of several), else the input's stem.
std::string animation_name(const Clip& clip, const std::string& input) {
  return !clip.name.empty() ? clip.name : std::filesystem::path(input).stem().string();
}

// Everything a conversion is asked for on the command line, the same for each file of a folder.
struct ConvertRun {
  const ParsedArguments& parsed;
  ConvertOptions options;
  MotionChoice choice;
  std::optional<SkeletonNaming> naming;
  BvhWriteOptions write_options;
  MotionFileKind kind = MotionFileKind::Bvh;
  bool body = false;  // --body: glTF with a skinned capsule body
};

// Converts `input` into `output` ("-": BVH on `out`), reporting on `out` and `err`.
int convert_file(const ConvertRun& run, const std::string& input, const std::string& output, std::ostream& out,
                 std::ostream& err) {
  std::uint64_t bytes = 0;
  std::optional<Clip> clip = load_clip_reporting(input, err, &bytes, run.choice);
  if (!clip) return kExitBadInput;
  if (from_memory(input)) {  // convert_clip changes the frames in place: a copy of their own
    clip->motion.values = FrameValues(clip->motion.values);
    clip->motion.positions = FrameValues(clip->motion.positions);
  }
  if (run.options.first_frame) {  // a range outside the clip is a usage error, as render's --frames
    if (const auto problem =
            frame_range_problem(*run.options.first_frame, run.options.last_frame.value_or(0), clip->motion.frame_count))
      return usage_error(err, "convert: " + *problem);
  }
  if (!within_work_budget(run.parsed, input, convert_work(*clip, run.options), bytes, FramesOption::Taken, err))
    return kExitBadInput;
  ConvertReport report;
  std::optional<Skeleton> positions_skeleton;  // joint positions: the names the fit's report uses
  UnitGuess positions_unit;
  if (clip->motion.holds_positions()) {
    positions_skeleton = clip->skeleton;
    positions_unit = guess_units(skeleton_height(*clip, PositionMode::Add));
    if (run.options.lengths && run.options.lengths->from_metres_per_unit)
      positions_unit.metres_per_unit = *run.options.lengths->from_metres_per_unit;
  }
  ConvertOptions chosen = run.options;
  if (run.naming) {  // the convention's names first; --rename then applies to them
    auto renames = skeleton_naming_renames(clip->skeleton, *run.naming, input);
    if (!renames) {
      err << format_diagnostic(renames.error(), Severity::Error) << "; nothing was written\n";
      return kExitBadInput;
    }
    // The renames run at once on the original names: a --rename of a convention's name (Head=Skull)
    // becomes that joint's new name (head to Skull).
    std::vector<std::pair<std::string, std::string>> user_renames;
    for (const auto& [old_name, new_name] : chosen.renames) {
      const auto convention = std::find_if(
          renames.value().begin(), renames.value().end(),
          [&renamed = old_name](const std::pair<std::string, std::string>& pair) { return pair.second == renamed; });
      if (convention != renames.value().end()) {
        convention->second = new_name;
      } else {
        user_renames.emplace_back(old_name, new_name);
      }
    }
    chosen.renames = std::move(renames).value();
    chosen.renames.insert(chosen.renames.end(), user_renames.begin(), user_renames.end());
  }
  // glTF and FBX (as bvhscope writes it) are in metres with +Y up: the unit guess and the up axis
  // detection decide unless --units or --up say otherwise; a unit nothing can tell is written as it
  // is, and said so.
  if (run.kind != MotionFileKind::Bvh) {
    if (!chosen.up) chosen.up = UpAxis::PosY;
    if (!chosen.lengths) {
      chosen.lengths = LengthConversion{};
      chosen.lengths->target_metres_per_unit = 1.0;
      chosen.lengths->keep_unknown = true;
    }
  }
  const std::string motion_name = animation_name(*clip, input);
  Result<Clip> converted = convert_clip(std::move(*clip), chosen, &report);
  if (!converted) {
    err << format_diagnostic(converted.error(), Severity::Error) << "; nothing was written\n";
    return report.needs_from_units ? kExitUsage : kExitBadInput;
  }
  for (const Diagnostic& warning : report.warnings) err << format_diagnostic(warning, Severity::Warning) << '\n';
  const Clip& result = converted.value();
  for (const SafeNameChange& change : report.safe_names) {
    const Diagnostic warning{input, result.skeleton.source_lines[change.joint], 1,
                             "the joint name '" + change.old_name + "' is written as '" + change.new_name +
                                 "' (control characters, bytes that are not UTF-8 and bidi or format characters "
                                 "become '_')"};
    err << format_diagnostic(warning, Severity::Warning) << '\n';
  }
  if (output == "-") {  // the BVH on stdout: the fit's report beside the warnings
    if (report.fit && positions_skeleton) err << fit_summary(*report.fit, *positions_skeleton, positions_unit) << '\n';
    write_bvh(result, out, run.write_options);
    return finish_output(out, err);
  }
  if (run.kind != MotionFileKind::Bvh && report.unit_unknown_kept)
    err << format_diagnostic({input, 0, 0,
                              "its length unit cannot be told from the figure, so lengths are written as they "
                              "are, not converted to glTF's metres (--from-units says what they are)"},
                             Severity::Warning)
        << '\n';
  const std::optional<std::string> written =
      write_motion_file_reporting(result, run.kind, output, {motion_name, run.write_options, run.body}, err);
  if (!written) return kExitBadInput;
  if (const std::string left_out = meshes_left_out(result, run.kind); !left_out.empty())
    err << printable(output) << ": note: " << left_out << '\n';
  if (run.kind != MotionFileKind::Bvh) {
    const bool unknown_unit = report.unit_unknown_kept;
    const std::string& what = *written;
    char fps[32];
    std::snprintf(fps, sizeof fps, "%.3f", 1.0 / result.motion.frame_time);
    out << "wrote " << printable(output) << ": " << result.motion.frame_count << " frames at " << fps << " fps, "
        << what << "; "
        << (unknown_unit                ? "lengths as read"
            : run.parsed.has("--units") ? "lengths in --units"
                                        : "metres")
        << ", " << up_axis_name(chosen.up.value_or(UpAxis::PosY)) << " up";
    if (report.mirror_axis) out << ", mirrored across " << static_cast<char>('X' + *report.mirror_axis);
    out << '\n';
    if (report.fit && positions_skeleton) out << fit_summary(*report.fit, *positions_skeleton, positions_unit) << '\n';
    return finish_output(out, err);
  }
  out << "wrote " << printable(output) << ": " << result.motion.frame_count << " frames, "
      << result.skeleton.joint_count() - result.skeleton.end_site_count() << " joints, " << result.motion.channel_count
      << " channels; positions read in " << position_mode_name(report.input_mode) << " mode";
  if (report.length_factor != 1.0) out << ", lengths x " << report.length_factor;
  if (report.renamed_duplicates > 0)
    out << ", " << report.renamed_duplicates << " duplicate joint name" << (report.renamed_duplicates > 1 ? "s" : "")
        << " made unique (_2, _3, ...)";
  if (report.mirror_axis) out << ", mirrored across " << static_cast<char>('X' + *report.mirror_axis);
  out << '\n';
  if (report.fit && positions_skeleton) out << fit_summary(*report.fit, *positions_skeleton, positions_unit) << '\n';
  return finish_output(out, err);
}

}  // namespace

int run_convert(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(
      args, with_motion_options({{"-o", true},        {"--output", true},         {"--frames", true},
                                 {"--fps", true},     {"--rotation-order", true}, {"--channels", true},
                                 {"--units", true},   {"--from-units", true},     {"--up", true},
                                 {"--from-up", true}, {"--mirror", false},        {"--strip-prefix", true},
                                 {"--rename", true},  {"--skeleton-names", true}, {"--in-place", false},
                                 {"--ground", false}, {"--unwrap", false},        {"--precision", true},
                                 {"--body", false},   {"--position-mode", true},  {"--force", false},
                                 {"--format", true},  {"--jobs", true},           kNoBudgetOption}),
      usage);
  if (!parsed) return usage_error(err, "convert: " + usage.message);
  if (parsed->positionals.size() != 1) return usage_error(err, "convert: expected one FILE (or a folder)");
  std::optional<std::string> output = parsed->value("-o");
  if (const auto long_output = parsed->value("--output")) output = long_output;
  if (!output || output->empty())
    return usage_error(err, "convert: -o OUT.bvh, OUT.glb, OUT.gltf or OUT.fbx is needed ('-': BVH on stdout)");
  std::error_code code;
  const bool folder = std::filesystem::is_directory(parsed->positionals[0], code);
  MotionFileKind kind = *output == "-" ? MotionFileKind::Bvh : motion_file_kind(*output);
  if (folder) {
    if (!names_output_folder(*output))
      return usage_error(err, "convert: a folder converts into a folder: -o OUTDIR/ (with --format bvh|glb|gltf|fbx)");
    kind = MotionFileKind::Bvh;
    if (const auto text = parsed->value("--format")) {
      constexpr std::pair<std::string_view, MotionFileKind> kKinds[] = {{"bvh", MotionFileKind::Bvh},
                                                                        {"glb", MotionFileKind::Glb},
                                                                        {"gltf", MotionFileKind::Gltf},
                                                                        {"fbx", MotionFileKind::Fbx}};
      const auto* found =
          std::find_if(std::begin(kKinds), std::end(kKinds), [&](const auto& entry) { return entry.first == *text; });
      if (found == std::end(kKinds))
        return usage_error(err, "convert: --format must be bvh, glb, gltf or fbx, not '" + *text + "'");
      kind = found->second;
    }
  } else if (parsed->has("--format") || parsed->has("--jobs")) {
    return usage_error(err, "convert: --format and --jobs are for a folder (a file's -o says its format)");
  }
  const auto jobs = jobs_option(*parsed, "convert", usage);
  if (!jobs) return usage_error(err, usage.message);
  const std::optional<ConvertOptions> options = convert_options(*parsed, usage);
  if (!options) return usage_error(err, usage.message);
  if (kind != MotionFileKind::Bvh && parsed->has("--precision"))
    return usage_error(err, std::string("convert: --precision is for BVH text; ") +
                                (kind == MotionFileKind::Fbx ? "FBX" : "glTF") + " keeps every float as it is");
  if (parsed->has("--body") && kind != MotionFileKind::Glb && kind != MotionFileKind::Gltf)
    return usage_error(err, std::string("convert: ") + kBodyIsForGltf);
  const auto choice = motion_choice_options(*parsed, "convert", usage);
  if (!choice) return usage_error(err, usage.message);
  std::optional<SkeletonNaming> naming;
  if (const auto text = parsed->value("--skeleton-names")) {
    naming = parse_skeleton_naming(*text);
    if (!naming) return usage_error(err, "convert: --skeleton-names must be smpl, cmu or mixamo, not '" + *text + "'");
  }
  BvhWriteOptions write_options;
  if (const auto text = parsed->value("--precision")) {
    int digits = -1;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), digits);
    if (ec != std::errc{} || end != text->data() + text->size() || digits < 0 || digits > kMaxBvhPrecision)
      return usage_error(err, "convert: --precision must be a number of decimals from 0 to " +
                                  std::to_string(kMaxBvhPrecision) + ", not '" + *text + "'");
    write_options.precision = digits;
  }

  const std::string& input = parsed->positionals[0];
  if (*output != "-" && !folder && !parsed->has("--force")) {
    const std::vector<std::string> inputs = {input};
    if (const auto conflict = io::output_conflict(*output, inputs)) {
      err << "bvhscope: convert: " << printable(*conflict) << "; nothing was written (--force replaces it)\n";
      return kExitUsage;
    }
  }
  const ConvertRun run{*parsed, *options, *choice, naming, write_options, kind, parsed->has("--body")};
  if (folder) {
    static constexpr std::string_view kExtensions[] = {".bvh", ".glb", ".gltf", ".fbx"};
    const FolderWrite what{"convert", "converting", "converted", "", kExtensions[static_cast<std::size_t>(kind)], {}};
    return write_folder(
        what, input, *output, *jobs,
        [&](const std::string& file, const std::string& into, std::ostream& file_out, std::ostream& file_err) {
          return convert_file(run, file, into, file_out, file_err);
        },
        out, err);
  }
  return convert_file(run, input, *output, out, err);
}

}  // namespace bvhscope::cli
