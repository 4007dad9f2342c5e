#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <tuple>

#include "anim/clip_analysis.hpp"
#include "anim/convert.hpp"
#include "anim/csv_export.hpp"
#include "anim/motion_compare.hpp"
#include "anim/position_mode.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/joint_map_file.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/work_budget_check.hpp"
#include "formats/json_writer.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"

namespace bvhscope::cli {
namespace {

std::string fixed(double value, int decimals) {
  char digits[64];
  const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed, decimals);
  if (error != std::errc{}) {
    const auto shortest = std::to_chars(digits, digits + sizeof digits, value);
    return std::string(digits, shortest.ptr);
  }
  return std::string(digits, end);
}

std::string shortest(double value) {
  char digits[32];
  return std::string(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

std::string name_list(const Skeleton& skeleton, const std::vector<int>& joints) {
  if (joints.empty()) return "none";
  std::string list;
  for (const int joint : joints) {
    if (!list.empty()) list += ", ";
    list += printable(skeleton.names[static_cast<std::size_t>(joint)]);
  }
  return list;
}

struct Report {
  const Clip& reference;
  const Clip& other;
  const CompareOptions& options;
  const CompareResult& result;
  std::string_view unit;
  double metres_per_unit = 0.0;
  std::string scale_reason;
};

std::string pair_name(const Report& report, std::size_t pair) {
  return report.reference.skeleton.names[static_cast<std::size_t>(report.result.matching.pairs[pair].reference)];
}

void print_text(const Report& report, std::ostream& out) {
  const CompareResult& result = report.result;
  const double m = report.metres_per_unit;
  out << "reference:       " << printable(report.reference.source) << '\n';
  out << "other:           " << printable(report.other.source) << '\n';
  out << "position modes:  " << position_mode_name(report.options.reference_mode) << " / "
      << position_mode_name(report.options.other_mode) << '\n';
  out << "units:           " << report.unit;
  if (m > 0.0) {
    out << " (" << shortest(m) << " m per unit)";
  } else {
    out << " (metres unknown: give --units)";
  }
  out << "; other scaled by " << shortest(report.options.other_scale) << " (" << report.scale_reason << ")\n";
  out << "align:           " << alignment_name(report.options.alignment);
  if (report.options.alignment == Alignment::Rigid) out << " (about " << up_axis_name(report.options.up) << ')';
  out << '\n';
  out << "offset:          " << report.options.offset << " frames\n";
  out << "frames compared: " << result.frames_compared << " (reference frames " << result.first_frame << ".."
      << result.first_frame + result.frames_compared - 1 << ")\n";
  out << "joints matched:  " << result.matching.pairs.size() << '\n';
  // In metres too, when the unit is known.
  const auto metres = [m](double units) { return m > 0.0 ? " (" + fixed(units * m, 4) + " m)" : std::string(); };
  out << "MPJPE:           " << fixed(result.mpjpe, 4) << metres(result.mpjpe) << "\n";
  out << "PA-MPJPE:        " << fixed(result.pa_mpjpe, 4) << metres(result.pa_mpjpe)
      << " (each frame fitted by a similarity: turned, scaled, moved)\n";
  out << "max error:       " << fixed(result.max_error, 4) << metres(result.max_error) << " at frame "
      << result.worst_frame << ", joint " << printable(pair_name(report, result.worst_pair)) << '\n';
  out << "unmatched in reference: " << name_list(report.reference.skeleton, result.matching.unmatched_reference)
      << '\n';
  out << "unmatched in other:     " << name_list(report.other.skeleton, result.matching.unmatched_other) << '\n';
  out << "\nper joint (mean, max):\n";
  for (std::size_t j = 0; j < result.per_joint.size(); ++j) {
    out << "  " << printable(pair_name(report, j));
    const std::string& other_name =
        report.other.skeleton.names[static_cast<std::size_t>(result.matching.pairs[j].other)];
    if (other_name != pair_name(report, j)) out << " = " << printable(other_name);
    out << "  " << fixed(result.per_joint[j].mean, 4) << "  " << fixed(result.per_joint[j].max, 4) << '\n';
  }
}

void print_json(const Report& report, std::ostream& out) {
  const CompareResult& result = report.result;
  const double m = report.metres_per_unit;
  JsonWriter json(out);
  json.begin_object();
  json.key("reference");
  json.value(report.reference.source);
  json.key("other");
  json.value(report.other.source);
  json.key("align");
  json.value(alignment_name(report.options.alignment));
  json.key("up_axis");
  json.value(up_axis_name(report.options.up));
  json.key("offset");
  json.value(report.options.offset);
  json.key("unit");
  json.value(report.unit);
  json.key("metres_per_unit");
  json.value(m);
  json.key("other_scale");
  json.value(report.options.other_scale);
  json.key("other_scale_reason");
  json.value(report.scale_reason);
  json.key("first_frame");
  json.value(static_cast<unsigned long long>(result.first_frame));
  json.key("frames_compared");
  json.value(static_cast<unsigned long long>(result.frames_compared));
  json.key("mpjpe");
  json.value(result.mpjpe);
  json.key("mpjpe_m");
  if (m > 0.0) {
    json.value(result.mpjpe * m);
  } else {
    json.null_value();  // the unit is unknown (no guess, no --units)
  }
  json.key("pa_mpjpe");
  json.value(result.pa_mpjpe);
  json.key("pa_mpjpe_m");
  if (m > 0.0) {
    json.value(result.pa_mpjpe * m);
  } else {
    json.null_value();
  }
  json.key("max_error");
  json.value(result.max_error);
  json.key("max_error_m");
  if (m > 0.0) {
    json.value(result.max_error * m);
  } else {
    json.null_value();
  }
  json.key("worst_frame");
  json.value(static_cast<unsigned long long>(result.worst_frame));
  json.key("worst_joint");
  json.value(pair_name(report, result.worst_pair));
  json.key("per_joint");
  json.begin_array();
  for (std::size_t j = 0; j < result.per_joint.size(); ++j) {
    json.begin_object();
    json.key("name");
    json.value(pair_name(report, j));
    json.key("other_name");
    json.value(report.other.skeleton.names[static_cast<std::size_t>(result.matching.pairs[j].other)]);
    json.key("mean");
    json.value(result.per_joint[j].mean);
    json.key("max");
    json.value(result.per_joint[j].max);
    json.end_object();
  }
  json.end_array();
  json.key("unmatched");
  json.begin_object();
  json.key("reference");
  json.begin_array();
  for (const int joint : result.matching.unmatched_reference)
    json.value(report.reference.skeleton.names[static_cast<std::size_t>(joint)]);
  json.end_array();
  json.key("other");
  json.begin_array();
  for (const int joint : result.matching.unmatched_other)
    json.value(report.other.skeleton.names[static_cast<std::size_t>(joint)]);
  json.end_array();
  json.end_object();
  json.end_object();
  out << '\n';
}

void write_per_frame_csv(const Report& report, std::ostream& out) {
  const CompareResult& result = report.result;
  out << "frame,mean_error";
  for (std::size_t j = 0; j < result.per_joint.size(); ++j) out << ',' << csv_text_cell(pair_name(report, j));
  out << '\n';
  const std::size_t pairs = result.per_joint.size();
  for (std::size_t f = 0; f < result.frames_compared; ++f) {
    out << result.first_frame + f << ',' << shortest(result.per_frame_mean[f]);
    for (std::size_t j = 0; j < pairs; ++j) out << ',' << shortest(result.errors[f * pairs + j]);
    out << '\n';
  }
}

}  // namespace

int run_compare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(args,
                                      with_motion_options({{"--json", false},
                                                           {"--csv", true},
                                                           {"--align", true},
                                                           {"--frames", true},
                                                           {"--offset", true},
                                                           {"--position-mode", true},
                                                           {"--up", true},
                                                           {"--map", true},
                                                           {"--units", true},
                                                           kNoBudgetOption}),
                                      usage);
  if (!parsed) return usage_error(err, "compare: " + usage.message);
  if (parsed->positionals.size() != 2) return usage_error(err, "compare: expected two FILEs (REFERENCE OTHER)");
  CompareOptions options;
  if (const auto text = parsed->value("--align")) {
    const auto alignment = parse_alignment(*text);
    if (!alignment)
      return usage_error(err, "compare: --align must be none, root, rigid or procrustes, not '" + *text + "'");
    options.alignment = *alignment;
  }
  if (const auto text = parsed->value("--frames")) {
    options.frames = parse_frame_range(*text);
    if (!options.frames) return usage_error(err, "compare: --frames must be A:B with 0 <= A <= B, not '" + *text + "'");
  }
  if (const auto text = parsed->value("--offset")) {
    double offset = 0.0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), offset);
    if (text->empty() || error != std::errc{} || end != text->data() + text->size() || !std::isfinite(offset) ||
        std::abs(offset) > 1e9)
      return usage_error(err, "compare: --offset must be a number of frames, not '" + *text + "'");
    options.offset = offset;
  }
  std::optional<double> units_given;
  std::string units_text;
  if (const auto text = parsed->value("--units")) {
    units_given = parse_length_unit(*text);
    if (!units_given)
      return usage_error(err, "compare: --units must be m, cm, mm, in, ft or metres per unit, not '" + *text + "'");
    units_text = *text + " (--units)";
  }
  const auto interpretation = interpretation_options(*parsed, "compare", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "compare", usage);
  if (!choice) return usage_error(err, usage.message);
  const UpAxisRequest& up = interpretation->up;
  const std::optional<std::string> csv_path = parsed->value("--csv");
  if (csv_path && csv_path->empty()) return usage_error(err, "compare: --csv needs a file name");
  const std::vector<std::string> inputs = {parsed->positionals[0], parsed->positionals[1]};
  if (csv_path) {
    std::vector<std::string> all_inputs = inputs;
    if (const auto map = parsed->value("--map")) all_inputs.push_back(*map);
    if (const auto conflict = io::output_conflict(*csv_path, all_inputs)) {
      err << "bvhscope: compare: " << printable(*conflict) << "; nothing was written\n";
      return kExitUsage;
    }
  }
  std::vector<int> map_lines;
  if (const auto map_path = parsed->value("--map")) {
    const auto pairs = read_joint_map(*map_path, err, &map_lines);
    if (!pairs) return kExitBadInput;
    options.explicit_pairs = *pairs;
  }

  std::uint64_t bytes = 0;
  const std::optional<std::pair<Clip, Clip>> clips =
      load_two_clips_reporting(inputs[0], inputs[1], err, &bytes, *choice);
  if (!clips) return kExitBadInput;
  const Clip* const reference = &clips->first;
  const Clip* const other = &clips->second;
  // A map line naming a joint that neither clip has is an error naming it (every one, with its line).
  if (const auto map_path = parsed->value("--map")) {
    const auto has = [](const Skeleton& skeleton, const std::string& name) {
      return std::find(skeleton.names.begin(), skeleton.names.end(), name) != skeleton.names.end();
    };
    std::string missing;
    int first_line = 0;
    for (std::size_t i = 0; i < options.explicit_pairs.size(); ++i) {
      const auto& [reference_name, other_name] = options.explicit_pairs[i];
      const int line = i < map_lines.size() ? map_lines[i] : 0;
      for (const auto& [name, skeleton, which] : {std::tuple{&reference_name, &reference->skeleton, "the reference"},
                                                  std::tuple{&other_name, &other->skeleton, "the other"}}) {
        if (has(*skeleton, *name)) continue;
        if (first_line == 0) first_line = line;
        missing += (missing.empty() ? "" : "; ") + std::string(which) + " has no joint '" + printable(*name) +
                   "' (line " + std::to_string(line) + ")";
      }
    }
    if (!missing.empty()) {
      err << format_diagnostic({*map_path, first_line, 1, missing}, Severity::Error) << '\n';
      return kExitBadInput;
    }
  }
  // Both clips' joints at each reference frame compared (--frames A:B counts only those), from the headers'
  // numbers before any is posed.
  std::uint64_t frames = reference->motion.frame_count;
  if (options.frames)
    frames = options.frames->first >= frames
                 ? 0
                 : std::min<std::uint64_t>(frames - 1, options.frames->last) + 1 - options.frames->first;
  const PlannedWork work{static_cast<std::uint64_t>(reference->skeleton.joint_count()) + other->skeleton.joint_count(),
                         frames};
  if (!within_work_budget(*parsed, "bvhscope: compare", work, bytes, FramesOption::Taken, err)) return kExitBadInput;
  const ClipAnalysis ref_analysis = analyse_clip(*reference, interpretation->mode, up);
  const ClipAnalysis other_analysis = analyse_clip(*other, interpretation->mode, up);
  options.reference_mode = ref_analysis.position.mode;
  options.other_mode = other_analysis.position.mode;
  options.up = ref_analysis.up.axis;

  UnitGuess ref_units = ref_analysis.figure.units;
  UnitGuess other_units = other_analysis.figure.units;
  if (units_given) {  // both clips in the unit given
    ref_units = UnitGuess{units_text, *units_given};
    other_units = ref_units;
  }
  const UnitScale scale = unit_scale(ref_units, other_units);
  options.other_scale = scale.other_scale;
  const std::string& scale_reason = scale.reason;

  options.keep_errors = csv_path.has_value();
  const Result<CompareResult> compared = compare_motion(*reference, *other, options);
  if (!compared) {
    err << format_diagnostic(compared.error(), Severity::Error) << '\n';
    return kExitBadInput;
  }
  const Report report{*reference,  *other, options, compared.value(), ref_units.unit, ref_units.metres_per_unit,
                      scale_reason};
  // Few joints matched by name: the numbers describe a part of the figure, and a map would pair more.
  const int reference_joints = reference->skeleton.joint_count() - reference->skeleton.end_site_count();
  int matched_joints = 0;
  for (const JointPair& pair : compared.value().matching.pairs)
    matched_joints += reference->skeleton.is_end_site(pair.reference) ? 0 : 1;
  if (2 * matched_joints < reference_joints)
    err << format_diagnostic({reference->source, 0, 0,
                              "only " + std::to_string(matched_joints) + " of its " + std::to_string(reference_joints) +
                                  " joints matched the other's by name; --map MAP.csv pairs the others"},
                             Severity::Warning)
        << '\n';
  if (csv_path) {
    std::string error;
    std::optional<io::AtomicFile> file = io::AtomicFile::create(*csv_path, error);
    if (!file) {
      err << printable(*csv_path) << ": error: " << printable(error) << '\n';
      return kExitBadInput;
    }
    write_per_frame_csv(report, file->stream());
    if (!file->commit(error)) {
      err << printable(*csv_path) << ": error: " << printable(error) << '\n';
      return kExitBadInput;
    }
  }
  if (parsed->has("--json")) {
    print_json(report, out);
  } else {
    print_text(report, out);
  }
  return finish_output(out, err);
}

}  // namespace bvhscope::cli
