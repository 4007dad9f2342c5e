// bvhscope lint FILE|DIR...: each file's findings (engine/anim/lint.hpp) as text or JSON, and an exit
// status that tells clean files (0), warnings (4) and errors (1) apart.
#include <algorithm>
#include <array>
#include <sstream>

#include "anim/lint.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/file_batch.hpp"
#include "cli/lint_places.hpp"
#include "cli/load_for_cli.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope::cli {
namespace {

struct FileReport : LintNames {  // the loaded clip's names (none when it failed to load)
  std::string path;
  LintReport lint;
};

// "FILE:LINE:COL" for text places, "FILE: frame F, joint J" for motion ones, "FILE" for the file.
std::string location_text(const FileReport& file, const LintPlace& place) {
  const std::string path = printable(file.path);
  if (place.frame < 0 && place.line > 0) {
    std::string text = path + ":" + std::to_string(place.line);
    if (place.column > 0) text += ":" + std::to_string(place.column);
    return text;  // the message names the joint
  }
  const std::string where = place_text(file, place);
  return where.empty() ? path : path + ": " + where;
}

std::string counted(std::size_t count, const char* singular, const char* plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string summary_text(std::size_t errors, std::size_t warnings, std::size_t infos) {
  return counted(errors, "error", "errors") + ", " + counted(warnings, "warning", "warnings") + ", " +
         counted(infos, "info", "infos");
}

// One file's findings and its summary line.
void print_file_text(const FileReport& file, std::ostream& out) {
  for (const LintFinding& finding : file.lint.findings) {
    out << location_text(file, finding.place) << ": " << lint_severity_name(finding.severity) << ": "
        << printable(finding.message) << " [" << finding.code << "]\n";
    if (finding.count > 1) {
      out << "  " << finding.count << " in all";
      if (!finding.more_places.empty()) {
        out << "; also ";
        for (std::size_t i = 0; i < finding.more_places.size(); ++i)
          out << (i > 0 ? "; " : "") << place_text(file, finding.more_places[i]);
        if (finding.count > finding.more_places.size() + 1) out << "; ...";
      }
      out << '\n';
    }
    if (!finding.hint.empty()) out << "  hint: " << printable(finding.hint) << '\n';
  }
  out << printable(file.path) << ": "
      << summary_text(file.lint.count(LintSeverity::Error), file.lint.count(LintSeverity::Warning),
                      file.lint.count(LintSeverity::Info))
      << '\n';
}

void write_place(JsonWriter& json, const FileReport& file, const LintPlace& place) {
  json.key("line");
  place.line > 0 ? json.value(place.line) : json.null_value();
  json.key("column");
  place.column > 0 ? json.value(place.column) : json.null_value();
  json.key("frame");
  place.frame >= 0 ? json.value(static_cast<long long>(place.frame)) : json.null_value();
  json.key("joint");
  if (place.joint >= 0) {
    json.value(file.joint_names[static_cast<std::size_t>(place.joint)]);
  } else {
    json.null_value();
  }
  json.key("joint_index");
  place.joint >= 0 ? json.value(place.joint) : json.null_value();
  json.key("channel");
  if (place.channel >= 0) {
    json.value(channel_name(file.channel_kinds[static_cast<std::size_t>(place.channel)]));
  } else {
    json.null_value();
  }
}

// One file's object of the JSON output.
void write_file_json(JsonWriter& json, const FileReport& file) {
  {
    json.begin_object();
    json.key("file");
    json.value(file.path);
    json.key("findings");
    json.begin_array();
    for (const LintFinding& finding : file.lint.findings) {
      json.begin_object();
      json.key("code");
      json.value(finding.code);
      json.key("severity");
      json.value(lint_severity_name(finding.severity));
      write_place(json, file, finding.place);
      json.key("message");
      json.value(finding.message);
      json.key("hint");
      json.value(finding.hint);
      json.key("count");
      json.value(static_cast<unsigned long long>(finding.count));
      json.key("more");
      json.begin_array();
      for (const LintPlace& place : finding.more_places) {
        json.begin_object();
        write_place(json, file, place);
        json.end_object();
      }
      json.end_array();
      json.end_object();
    }
    json.end_array();
    json.key("errors");
    json.value(static_cast<unsigned long long>(file.lint.count(LintSeverity::Error)));
    json.key("warnings");
    json.value(static_cast<unsigned long long>(file.lint.count(LintSeverity::Warning)));
    json.key("infos");
    json.value(static_cast<unsigned long long>(file.lint.count(LintSeverity::Info)));
    json.end_object();
  }
}

}  // namespace

int run_lint(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(
      args,
      with_motion_options(
          {{"--json", false}, {"--position-mode", true}, {"--up", true}, {"--jobs", true}, {"--recursive", false}}),
      usage);
  if (!parsed) return usage_error(err, "lint: " + usage.message);
  if (parsed->positionals.empty()) return usage_error(err, "lint: expected a FILE, several, or a folder");
  const auto interpretation = interpretation_options(*parsed, "lint", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "lint", usage);
  if (!choice) return usage_error(err, usage.message);
  const auto jobs = jobs_option(*parsed, "lint", usage);
  if (!jobs) return usage_error(err, usage.message);
  LintOptions options;
  options.position = interpretation->mode;
  options.up = interpretation->up;
  // A --skeleton, --mean or --std file that cannot be read is said once, at its own place, not as
  // a finding of every FILE.
  if (const Result<ReadOptions> reading = reader_options(*choice); !reading) {
    err << format_diagnostic(reading.error(), Severity::Error) << '\n';
    return kExitBadInput;
  }
  const bool json = parsed->has("--json");
  const FileList list = expand_file_arguments(parsed->positionals, parsed->has("--recursive"), "lint", err);
  if (list.files.empty()) return kExitBadInput;  // folders without motion files (said)
  std::vector<LintSeverity> worst_of(list.files.size(), LintSeverity::Info);
  std::vector<std::array<std::size_t, 3>> counts(list.files.size());
  const auto report_of = [&](std::size_t i, FileReport file) {
    worst_of[i] = file.lint.worst();
    counts[i] = {file.lint.count(LintSeverity::Error), file.lint.count(LintSeverity::Warning),
                 file.lint.count(LintSeverity::Info)};
    std::ostringstream text;
    if (json) {
      JsonWriter writer(text);
      if (!list.batch) writer.begin_array();  // one file: today's array of one
      write_file_json(writer, file);
      if (!list.batch) writer.end_array();
      text << '\n';
    } else {
      print_file_text(file, text);
    }
    FileOutcome outcome;
    outcome.out = json && list.batch ? json_files_entry(i, text.str()) : text.str();
    outcome.status = worst_of[i] == LintSeverity::Error ? kExitBadInput : kExitOk;
    return outcome;
  };
  if (json && list.batch) json_files_begin(out);
  run_files(
      list.files.size(), *jobs, "linting",
      [&](std::size_t i) {
        FileReport file;
        file.path = list.files[i];
        Result<Clip> loaded = load_motion(file.path, nullptr, *choice);
        if (loaded) {
          file.lint = lint_clip(loaded.value(), options);
          file.joint_names = std::move(loaded.value().skeleton.names);
          file.channel_kinds = std::move(loaded.value().skeleton.channel_kinds);
        } else {
          file.lint = lint_load_failure(loaded.error());
        }
        return report_of(i, std::move(file));
      },
      [&](std::size_t i, const std::string& message) {  // an exception: the file's error finding
        FileReport file;
        file.path = list.files[i];
        file.lint = lint_load_failure(Diagnostic{list.files[i], 0, 0, message});
        return report_of(i, std::move(file));
      },
      out, err);
  std::array<std::size_t, 3> totals{};
  LintSeverity worst = list.refused ? LintSeverity::Error : LintSeverity::Info;
  for (std::size_t i = 0; i < list.files.size(); ++i) {
    for (std::size_t s = 0; s < 3; ++s) totals[s] += counts[i][s];
    worst = std::min(worst, worst_of[i]);
  }
  if (json && list.batch) {
    out << "\n], \"count\": " << list.files.size() << ", \"errors\": " << totals[0] << ", \"warnings\": " << totals[1]
        << ", \"infos\": " << totals[2] << "}\n";
  } else if (!json && list.batch) {
    const auto with = [&](std::size_t s) {
      return static_cast<std::size_t>(
          std::count_if(counts.begin(), counts.end(), [s](const auto& c) { return c[s] > 0; }));
    };
    out << counted(list.files.size(), "file", "files") << ": " << summary_text(totals[0], totals[1], totals[2]) << " ("
        << with(0) << " with errors, " << with(1) << " with warnings)\n";
  }
  if (const int written = finish_output(out, err); written != kExitOk) return written;
  switch (worst) {
    case LintSeverity::Error:
      return kExitBadInput;
    case LintSeverity::Warning:
      return kExitLintWarnings;
    case LintSeverity::Info:
      break;
  }
  return kExitOk;
}

}  // namespace bvhscope::cli
