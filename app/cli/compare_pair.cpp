#include "cli/compare_pair.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <tuple>

#include "anim/clip_analysis.hpp"
#include "anim/convert.hpp"
#include "anim/csv_export.hpp"
#include "anim/position_mode.hpp"
#include "anim/printable.hpp"
#include "cli/commands.hpp"
#include "cli/joint_map_file.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/number_text.hpp"
#include "cli/work_budget_check.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope::cli {
namespace {

std::string name_list(const Skeleton& skeleton, const std::vector<int>& joints) {
  if (joints.empty()) return "none";
  std::string list;
  for (const int joint : joints) {
    if (!list.empty()) list += ", ";
    list += printable(skeleton.names[static_cast<std::size_t>(joint)]);
  }
  return list;
}

}  // namespace

const std::string& pair_joint_name(const ComparedPair& pair, std::size_t index) {
  return pair.clips.first.skeleton.names[static_cast<std::size_t>(pair.result.matching.pairs[index].reference)];
}

void print_pair_text(const ComparedPair& report, std::ostream& out) {
  const CompareResult& result = report.result;
  const double m = report.metres_per_unit;
  out << "reference:       " << printable(report.clips.first.source) << '\n';
  out << "other:           " << printable(report.clips.second.source) << '\n';
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
  out << "offset:          " << shortest(report.options.offset) << " frames";
  if (const auto& search = report.offset_search)
    out << " (--offset auto: the least MPJPE of offsets " << shortest(search->earliest) << " to "
        << shortest(search->latest) << ", " << search->evaluations << " comparisons)";
  out << '\n';
  out << "frames compared: " << result.frames_compared << " (reference frames " << result.first_frame << ".."
      << result.first_frame + result.frames_compared - 1 << ")\n";
  out << "joints matched:  " << result.matching.pairs.size();
  if (!result.left_out.empty() || report.options.reference_joint_set.size() > 0)
    out << " in the joint set (--joints " << printable(report.joint_set) << "; " << result.left_out.size()
        << " matched left out: " << name_list(report.clips.first.skeleton, result.left_out) << ')';
  out << '\n';
  // In metres too, when the unit is known.
  const auto metres = [m](double units) { return m > 0.0 ? " (" + fixed(units * m, 4) + " m)" : std::string(); };
  out << "MPJPE:           " << fixed(result.mpjpe, 4) << metres(result.mpjpe) << "\n";
  out << "PA-MPJPE:        " << fixed(result.pa_mpjpe, 4) << metres(result.pa_mpjpe)
      << " (each frame fitted by a similarity: turned, scaled, moved)\n";
  out << "max error:       " << fixed(result.max_error, 4) << metres(result.max_error) << " at frame "
      << result.worst_frame << ", joint " << printable(pair_joint_name(report, result.worst_pair)) << '\n';
  out << "unmatched in reference: " << name_list(report.clips.first.skeleton, result.matching.unmatched_reference)
      << '\n';
  out << "unmatched in other:     " << name_list(report.clips.second.skeleton, result.matching.unmatched_other) << '\n';
  out << "\nper joint (mean, max):\n";
  for (std::size_t j = 0; j < result.per_joint.size(); ++j) {
    out << "  " << printable(pair_joint_name(report, j));
    const std::string& other_name =
        report.clips.second.skeleton.names[static_cast<std::size_t>(result.matching.pairs[j].other)];
    if (other_name != pair_joint_name(report, j)) out << " = " << printable(other_name);
    out << "  " << fixed(result.per_joint[j].mean, 4) << "  " << fixed(result.per_joint[j].max, 4) << '\n';
  }
}

void print_pair_json(const ComparedPair& report, std::ostream& out) {
  const CompareResult& result = report.result;
  const double m = report.metres_per_unit;
  JsonWriter json(out);
  json.begin_object();
  json.key("reference");
  json.value(report.clips.first.source);
  json.key("other");
  json.value(report.clips.second.source);
  json.key("align");
  json.value(alignment_name(report.options.alignment));
  json.key("up_axis");
  json.value(up_axis_name(report.options.up));
  json.key("offset");
  json.value(report.options.offset);
  json.key("offset_search");
  if (const auto& search = report.offset_search) {
    json.begin_object();
    json.key("earliest");
    json.value(search->earliest);
    json.key("latest");
    json.value(search->latest);
    json.key("evaluations");
    json.value(static_cast<unsigned long long>(search->evaluations));
    json.end_object();
  } else {
    json.null_value();  // the offset was given (--offset N, or 0)
  }
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
  json.value(pair_joint_name(report, result.worst_pair));
  json.key("joint_set");
  json.value(report.joint_set);
  json.key("left_out");
  json.begin_array();
  for (const int joint : result.left_out)
    json.value(report.clips.first.skeleton.names[static_cast<std::size_t>(joint)]);
  json.end_array();
  json.key("per_joint");
  json.begin_array();
  for (std::size_t j = 0; j < result.per_joint.size(); ++j) {
    json.begin_object();
    json.key("name");
    json.value(pair_joint_name(report, j));
    json.key("other_name");
    json.value(report.clips.second.skeleton.names[static_cast<std::size_t>(result.matching.pairs[j].other)]);
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
    json.value(report.clips.first.skeleton.names[static_cast<std::size_t>(joint)]);
  json.end_array();
  json.key("other");
  json.begin_array();
  for (const int joint : result.matching.unmatched_other)
    json.value(report.clips.second.skeleton.names[static_cast<std::size_t>(joint)]);
  json.end_array();
  json.end_object();
  json.end_object();
  out << '\n';
}

void write_per_frame_csv(const ComparedPair& report, std::ostream& out) {
  const CompareResult& result = report.result;
  out << "frame,mean_error";
  for (std::size_t j = 0; j < result.per_joint.size(); ++j) out << ',' << csv_text_cell(pair_joint_name(report, j));
  out << '\n';
  const std::size_t pairs = result.per_joint.size();
  for (std::size_t f = 0; f < result.frames_compared; ++f) {
    out << result.first_frame + f << ',' << shortest(result.per_frame_mean[f]);
    for (std::size_t j = 0; j < pairs; ++j) out << ',' << shortest(result.errors[f * pairs + j]);
    out << '\n';
  }
}

std::optional<CompareSetup> read_compare_setup(const ParsedArguments& parsed, std::ostream& err, int& status) {
  status = kExitUsage;
  CompareSetup setup;
  CompareOptions& options = setup.options;
  if (const auto text = parsed.value("--align")) {
    const auto alignment = parse_alignment(*text);
    if (!alignment) {
      usage_error(err, "compare: --align must be none, root, rigid or procrustes, not '" + *text + "'");
      return std::nullopt;
    }
    options.alignment = *alignment;
  }
  if (const auto text = parsed.value("--frames")) {
    options.frames = parse_frame_range(*text);
    if (!options.frames) {
      usage_error(err, "compare: --frames must be A:B with 0 <= A <= B, not '" + *text + "'");
      return std::nullopt;
    }
  }
  if (parsed.value("--offset") == "auto") {
    setup.offset_auto = true;
  } else if (const auto text = parsed.value("--offset")) {
    double offset = 0.0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), offset);
    if (text->empty() || error != std::errc{} || end != text->data() + text->size() || !std::isfinite(offset) ||
        std::abs(offset) > 1e9) {
      usage_error(err, "compare: --offset must be a number of frames or auto, not '" + *text + "'");
      return std::nullopt;
    }
    options.offset = offset;
  }
  if (const auto text = parsed.value("--units")) {
    setup.units_given = parse_length_unit(*text);
    if (!setup.units_given) {
      usage_error(err, "compare: --units must be m, cm, mm, in, ft or metres per unit, not '" + *text + "'");
      return std::nullopt;
    }
    setup.units_text = *text + " (--units)";
  }
  UsageError usage;
  const auto interpretation = interpretation_options(parsed, "compare", usage);
  if (!interpretation) {
    usage_error(err, usage.message);
    return std::nullopt;
  }
  setup.interpretation = *interpretation;
  const auto choice = motion_choice_options(parsed, "compare", usage);
  if (!choice) {
    usage_error(err, usage.message);
    return std::nullopt;
  }
  setup.choice = *choice;
  if (const auto text = parsed.value("--joints")) {
    const auto set = parse_joint_set(*text);
    if (!set) {
      usage_error(err,
                  "compare: --joints must be all, body, hands or a list of joint names (A,B,C), not '" + *text + "'");
      return std::nullopt;
    }
    setup.joint_set = *set;
  }
  setup.map_path = parsed.value("--map");
  if (setup.map_path) {
    const auto pairs = read_joint_map(*setup.map_path, err, &setup.map_lines);
    if (!pairs) {
      status = kExitBadInput;
      return std::nullopt;
    }
    options.explicit_pairs = *pairs;
  }
  status = kExitOk;
  return setup;
}

std::optional<ComparedPair> compare_files(const CompareSetup& setup, const ParsedArguments& parsed,
                                          const std::string& reference_path, const std::string& other_path,
                                          bool keep_errors, unsigned threads, std::ostream& err) {
  std::uint64_t bytes = 0;
  std::optional<std::pair<Clip, Clip>> clips =
      load_two_clips_reporting(reference_path, other_path, err, &bytes, setup.choice);
  if (!clips) return std::nullopt;
  ComparedPair pair{std::move(*clips), setup.options, {}, {}, 0.0, {}, 0, 0, setup.joint_set.text(), {}};
  const Clip* const reference = &pair.clips.first;
  const Clip* const other = &pair.clips.second;
  CompareOptions& options = pair.options;
  // A map line naming a joint that neither clip has is an error naming it (every one, with its line).
  if (setup.map_path) {
    const auto has = [](const Skeleton& skeleton, const std::string& name) {
      return std::find(skeleton.names.begin(), skeleton.names.end(), name) != skeleton.names.end();
    };
    std::string missing;
    int first_line = 0;
    for (std::size_t i = 0; i < options.explicit_pairs.size(); ++i) {
      const auto& [reference_name, other_name] = options.explicit_pairs[i];
      const int line = i < setup.map_lines.size() ? setup.map_lines[i] : 0;
      for (const auto& [name, skeleton, which] : {std::tuple{&reference_name, &reference->skeleton, "the reference"},
                                                  std::tuple{&other_name, &other->skeleton, "the other"}}) {
        if (has(*skeleton, *name)) continue;
        if (first_line == 0) first_line = line;
        missing += (missing.empty() ? "" : "; ") + std::string(which) + " has no joint '" + printable(*name) +
                   "' (line " + std::to_string(line) + ")";
      }
    }
    if (!missing.empty()) {
      err << format_diagnostic({*setup.map_path, first_line, 1, missing}, Severity::Error) << '\n';
      return std::nullopt;
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
  if (!within_work_budget(parsed, "bvhscope: compare", work, bytes, FramesOption::Taken, err)) return std::nullopt;
  const UpAxisRequest& up = setup.interpretation.up;
  const ClipAnalysis ref_analysis = analyse_clip(*reference, setup.interpretation.mode, up);
  const ClipAnalysis other_analysis = analyse_clip(*other, setup.interpretation.mode, up);
  options.reference_mode = ref_analysis.position.mode;
  options.other_mode = other_analysis.position.mode;
  options.up = ref_analysis.up.axis;

  UnitGuess ref_units = ref_analysis.figure.units;
  UnitGuess other_units = other_analysis.figure.units;
  if (setup.units_given) {  // both clips in the unit given
    ref_units = UnitGuess{setup.units_text, *setup.units_given};
    other_units = ref_units;
  }
  const UnitScale scale = unit_scale(ref_units, other_units);
  options.other_scale = scale.other_scale;
  pair.scale_reason = scale.reason;
  pair.unit = ref_units.unit;
  pair.metres_per_unit = ref_units.metres_per_unit;

  if (setup.joint_set.kind != JointSetKind::All) {
    Result<std::vector<bool>> in_set = joints_in_set(reference->skeleton, setup.joint_set, reference->source);
    if (!in_set) {
      err << format_diagnostic(in_set.error(), Severity::Error) << '\n';
      return std::nullopt;
    }
    options.reference_joint_set = std::move(in_set).value();
  }
  options.keep_errors = keep_errors;
  options.threads = threads;
  if (setup.offset_auto) {
    Result<OffsetSearch> found = find_time_offset(*reference, *other, options);
    if (!found) {
      err << format_diagnostic(found.error(), Severity::Error) << '\n';
      return std::nullopt;
    }
    options.offset = found.value().offset;
    pair.offset_search = found.value();
  }
  Result<CompareResult> compared = compare_motion(*reference, *other, options);
  if (!compared) {
    err << format_diagnostic(compared.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  pair.result = std::move(compared).value();
  // Few joints matched: the numbers describe a part of the figure, and a map (or a longer one) would
  // pair more.
  pair.reference_joints =
      static_cast<std::size_t>(reference->skeleton.joint_count() - reference->skeleton.end_site_count());
  for (const JointPair& joints : pair.result.matching.pairs)
    pair.matched_joints += reference->skeleton.is_end_site(joints.reference) ? 0 : 1;
  for (const int joint : pair.result.left_out)  // matched, though outside the joint set
    pair.matched_joints += reference->skeleton.is_end_site(joint) ? 0 : 1;
  if (2 * pair.matched_joints < pair.reference_joints) {
    const std::string few =
        "only " + std::to_string(pair.matched_joints) + " of its " + std::to_string(pair.reference_joints) + " joints ";
    err << format_diagnostic(
               {reference->source, 0, 0,
                setup.map_path ? few + "are paired with the other's, by name or by " + printable(*setup.map_path) +
                                     "; the others are left out of the numbers"
                               : few + "matched the other's by name; --map MAP.csv pairs the others"},
               Severity::Warning)
        << '\n';
  }
  return pair;
}

}  // namespace bvhscope::cli
