// bvhscope metrics FILE [--json]: the motion-quality numbers of one clip (engine/anim/motion_metrics).
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>

#include "anim/clip_analysis.hpp"
#include "anim/convert.hpp"
#include "anim/motion_metrics.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/work_budget_check.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope::cli {
namespace {

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.*f", decimals, value);
  return text;
}

void print_text(const Clip& clip, const MotionMetrics& m, std::ostream& out) {
  out << "file: " << printable(clip.source) << '\n';
  out << "frames: " << m.frames << " at " << fixed(1.0 / m.frame_time, 3) << " fps; " << fixed(m.metres_per_unit, 6)
      << " m per file unit\n";
  out << "feet: " << m.feet.size() << " (" << m.feet_reason << ")";
  for (const FootMetrics& foot : m.feet) out << ' ' << printable(foot.name);
  out << '\n';
  out << "contact: " << fixed(100.0 * m.contact_share, 1) << " % of frames with a foot on the floor\n";
  out << "foot skating: " << fixed(m.skating_speed_mps, 4) << " m/s in contact; " << fixed(100.0 * m.skating_share, 1)
      << " % of contact frames skate\n";
  for (const FootMetrics& foot : m.feet) {
    out << "  " << printable(foot.name) << ": " << foot.contact_frames << " contact frames, "
        << fixed(foot.mean_skate_speed_mps, 4) << " m/s, " << foot.skating_frames << " skating\n";
  }
  out << "jitter: " << fixed(m.jitter_mps3, 2) << " m/s^3 mean jerk\n";
  out << "lowest point: " << fixed(m.mean_lowest_m, 4) << " m above the floor on average; floating "
      << fixed(100.0 * m.floating_share, 1) << " % of frames\n";
  out << "penetration: " << fixed(100.0 * m.penetration_share, 1) << " % of frames, mean depth "
      << fixed(m.mean_penetration_m, 4) << " m, deepest " << fixed(m.max_penetration_m, 4) << " m\n";
  out << "bone-length drift: " << fixed(100.0 * m.max_bone_drift, 2) << " %"
      << (m.drift_joint.empty() ? std::string() : " (" + printable(m.drift_joint) + ")") << '\n';
  out << "root: " << fixed(m.root_distance_m, 3) << " m travelled, " << fixed(m.root_speed_mps, 3) << " m/s\n";
}

void print_json(const Clip& clip, const MotionMetrics& m, std::ostream& out) {
  JsonWriter json(out);
  json.begin_object();
  json.key("file");
  json.value(clip.source);
  json.key("frames");
  json.value(static_cast<unsigned long long>(m.frames));
  json.key("frame_time");
  json.value(m.frame_time);
  json.key("metres_per_unit");
  json.value(m.metres_per_unit);
  json.key("feet_reason");
  json.value(m.feet_reason);
  json.key("feet");
  json.begin_array();
  for (const FootMetrics& foot : m.feet) {
    json.begin_object();
    json.key("name");
    json.value(foot.name);
    json.key("contact_frames");
    json.value(static_cast<unsigned long long>(foot.contact_frames));
    json.key("skating_speed_mps");
    json.value(foot.mean_skate_speed_mps);
    json.key("skating_frames");
    json.value(static_cast<unsigned long long>(foot.skating_frames));
    json.end_object();
  }
  json.end_array();
  const std::pair<const char*, double> numbers[] = {
      {"contact_share", m.contact_share},         {"skating_speed_mps", m.skating_speed_mps},
      {"skating_share", m.skating_share},         {"jitter_mps3", m.jitter_mps3},
      {"mean_lowest_m", m.mean_lowest_m},         {"floating_share", m.floating_share},
      {"penetration_share", m.penetration_share}, {"mean_penetration_m", m.mean_penetration_m},
      {"max_penetration_m", m.max_penetration_m}, {"max_bone_drift", m.max_bone_drift},
      {"root_distance_m", m.root_distance_m},     {"root_speed_mps", m.root_speed_mps},
  };
  for (const auto& [name, value] : numbers) {
    json.key(name);
    json.value(value);
  }
  json.key("drift_joint");
  json.value(m.drift_joint);
  json.end_object();
  out << '\n';
}

}  // namespace

int run_metrics(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(
      args,
      with_motion_options(
          {{"--json", false}, {"--position-mode", true}, {"--up", true}, {"--units", true}, kNoBudgetOption}),
      usage);
  if (!parsed) return usage_error(err, "metrics: " + usage.message);
  if (parsed->positionals.size() != 1) return usage_error(err, "metrics: expected one FILE");
  const auto interpretation = interpretation_options(*parsed, "metrics", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "metrics", usage);
  if (!choice) return usage_error(err, usage.message);
  double metres_per_unit = 0.0;
  if (const auto text = parsed->value("--units")) {
    const auto units = parse_length_unit(*text);
    if (!units)
      return usage_error(err, "metrics: --units must be m, cm, mm, in, ft or metres per unit, not '" + *text + "'");
    metres_per_unit = *units;
  }
  std::uint64_t bytes = 0;
  const std::optional<Clip> clip = load_clip_reporting(parsed->positionals[0], err, &bytes, *choice);
  if (!clip) return kExitBadInput;
  // Every joint at every frame, from the header's numbers before any is posed.
  const PlannedWork work{static_cast<std::uint64_t>(clip->skeleton.joint_count()), clip->motion.frame_count};
  if (!within_work_budget(*parsed, parsed->positionals[0], work, bytes, FramesOption::NotTaken, err))
    return kExitBadInput;
  const ClipAnalysis analysis = analyse_clip(*clip, interpretation->mode, interpretation->up);
  const MotionMetrics metrics = measure_motion(*clip, analysis.position.mode, analysis, {}, metres_per_unit);
  if (parsed->has("--json")) {
    print_json(*clip, metrics, out);
  } else {
    print_text(*clip, metrics, out);
  }
  return finish_output(out, err);
}

}  // namespace bvhscope::cli
