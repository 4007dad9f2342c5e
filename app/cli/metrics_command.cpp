// bvhscope metrics FILE... [--json]: the motion-quality numbers of a clip, or of each of many files and a
// folder's (engine/anim/motion_metrics).
#include <optional>
#include <sstream>
#include <string>

#include "anim/clip_analysis.hpp"
#include "anim/convert.hpp"
#include "anim/motion_metrics.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/file_batch.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/number_text.hpp"
#include "cli/work_budget_check.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope::cli {
namespace {

// A file's numbers and the name it goes by.
struct Measured {
  std::string source;
  MotionMetrics metrics;
};

void print_text(const Measured& measured, std::ostream& out) {
  const MotionMetrics& m = measured.metrics;
  out << "file: " << printable(measured.source) << '\n';
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

void print_json(const Measured& measured, std::ostream& out) {
  const MotionMetrics& m = measured.metrics;
  JsonWriter json(out);
  json.begin_object();
  json.key("file");
  json.value(measured.source);
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

// One line of a batch: the numbers people sort a dataset by.
void print_line(const Measured& measured, std::ostream& out) {
  const MotionMetrics& m = measured.metrics;
  out << printable(measured.source) << ": skating " << fixed(m.skating_speed_mps, 4) << " m/s ("
      << fixed(100.0 * m.skating_share, 1) << " % of contact), contact " << fixed(100.0 * m.contact_share, 1)
      << " %, jitter " << fixed(m.jitter_mps3, 2) << " m/s^3, floating " << fixed(100.0 * m.floating_share, 1)
      << " %, penetration " << fixed(100.0 * m.penetration_share, 1) << " %, bone drift "
      << fixed(100.0 * m.max_bone_drift, 2) << " %, root " << fixed(m.root_distance_m, 3) << " m\n";
}

// The mean of each number over the files measured: "means over 22 files: skating ...".
void print_means(const std::vector<std::optional<Measured>>& all, std::ostream& out) {
  MotionMetrics sum;
  std::size_t count = 0;
  for (const std::optional<Measured>& file : all) {
    if (!file) continue;
    const MotionMetrics* m = &file->metrics;
    ++count;
    sum.skating_speed_mps += m->skating_speed_mps;
    sum.skating_share += m->skating_share;
    sum.contact_share += m->contact_share;
    sum.jitter_mps3 += m->jitter_mps3;
    sum.floating_share += m->floating_share;
    sum.penetration_share += m->penetration_share;
    sum.max_bone_drift += m->max_bone_drift;
  }
  if (count == 0) return;
  const double n = static_cast<double>(count);
  out << "means over " << count << (count == 1 ? " file" : " files") << ": skating "
      << fixed(sum.skating_speed_mps / n, 4) << " m/s (" << fixed(100.0 * sum.skating_share / n, 1)
      << " % of contact), contact " << fixed(100.0 * sum.contact_share / n, 1) << " %, jitter "
      << fixed(sum.jitter_mps3 / n, 2) << " m/s^3, floating " << fixed(100.0 * sum.floating_share / n, 1)
      << " %, penetration " << fixed(100.0 * sum.penetration_share / n, 1) << " %, bone drift "
      << fixed(100.0 * sum.max_bone_drift / n, 2) << " %\n";
}

}  // namespace

int run_metrics(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(args,
                                      with_motion_options({{"--json", false},
                                                           {"--position-mode", true},
                                                           {"--up", true},
                                                           {"--units", true},
                                                           {"--jobs", true},
                                                           {"--recursive", false},
                                                           kNoBudgetOption}),
                                      usage);
  if (!parsed) return usage_error(err, "metrics: " + usage.message);
  if (parsed->positionals.empty()) return usage_error(err, "metrics: expected a FILE, several, or a folder");
  const auto interpretation = interpretation_options(*parsed, "metrics", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "metrics", usage);
  if (!choice) return usage_error(err, usage.message);
  const auto jobs = jobs_option(*parsed, "metrics", usage);
  if (!jobs) return usage_error(err, usage.message);
  double metres_per_unit = 0.0;
  if (const auto text = parsed->value("--units")) {
    const auto units = parse_length_unit(*text);
    if (!units)
      return usage_error(err, "metrics: --units must be m, cm, mm, in, ft or metres per unit, not '" + *text + "'");
    metres_per_unit = *units;
  }
  const bool json = parsed->has("--json");
  const FileList list = expand_file_arguments(parsed->positionals, parsed->has("--recursive"), "metrics", err);
  if (list.files.empty()) return kExitBadInput;  // folders without motion files (said)
  // One file's numbers, its warnings into `messages`; nullopt with `error` set when it could not be
  // measured (its load failed, or its work is over the budget).
  const auto measure = [&](const std::string& path, std::ostream& messages,
                           Diagnostic& error) -> std::optional<Measured> {
    LoadProgress progress;
    const Result<Clip> loaded = load_motion(path, &progress, *choice);
    if (!loaded) {
      error = loaded.error();
      return std::nullopt;
    }
    const Clip& clip = loaded.value();
    for (const Diagnostic& warning : clip.warnings) messages << format_diagnostic(warning, Severity::Warning) << '\n';
    // Every joint at every frame, from the header's numbers before any is posed.
    const PlannedWork work{static_cast<std::uint64_t>(clip.skeleton.joint_count()), clip.motion.frame_count};
    std::ostringstream refusal;
    if (!within_work_budget(*parsed, path, work, progress.bytes_read.load(std::memory_order_relaxed),
                            FramesOption::NotTaken, refusal)) {
      std::string message = refusal.str();
      const std::string prefix = printable(path) + ": error: ";
      if (message.compare(0, prefix.size(), prefix) == 0) message.erase(0, prefix.size());
      while (!message.empty() && message.back() == '\n') message.pop_back();
      error = Diagnostic{path, 0, 0, message};
      return std::nullopt;
    }
    const ClipAnalysis analysis = analyse_clip(clip, interpretation->mode, interpretation->up);
    return Measured{clip.source, measure_motion(clip, analysis.position.mode, analysis, {}, metres_per_unit)};
  };
  if (!list.batch) {
    Diagnostic error;
    const std::optional<Measured> metrics = measure(list.files.front(), err, error);
    if (!metrics) {
      err << format_diagnostic(error, Severity::Error) << '\n';
      return kExitBadInput;
    }
    json ? print_json(*metrics, out) : print_text(*metrics, out);
    return finish_output(out, err);
  }
  std::vector<std::optional<Measured>> measured(list.files.size());
  if (json) json_files_begin(out);
  const std::vector<int> statuses = run_files(
      list.files.size(), *jobs, "measuring",
      [&](std::size_t i) {
        std::ostringstream messages;
        Diagnostic error;
        measured[i] = measure(list.files[i], messages, error);
        if (!measured[i]) {
          FileOutcome failed = failed_file(i, list.files[i], error, json);
          failed.err = messages.str() + failed.err;
          return failed;
        }
        FileOutcome outcome;
        outcome.err = messages.str();
        std::ostringstream text;
        if (json) {
          print_json(*measured[i], text);
          outcome.out = json_files_entry(i, text.str());
        } else {
          print_line(*measured[i], text);
          outcome.out = text.str();
        }
        return outcome;
      },
      [&](std::size_t i, const std::string& message) {
        return failed_file(i, list.files[i], Diagnostic{list.files[i], 0, 0, message}, json);
      },
      out, err);
  const std::size_t failed = failed_count(statuses);
  if (json) {
    json_files_end(out, statuses);
  } else {
    out << list.files.size() << (list.files.size() == 1 ? " file: " : " files: ") << list.files.size() - failed
        << " measured, " << failed << " failed\n";
    print_means(measured, out);
  }
  if (const int written = finish_output(out, err); written != kExitOk) return written;
  return failed > 0 || list.refused ? kExitBadInput : kExitOk;
}

}  // namespace bvhscope::cli
