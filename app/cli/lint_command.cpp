// bvhscope lint FILE...: each file's findings (engine/anim/lint.hpp) as text or JSON, and an exit
// status that tells clean files (0), warnings (4) and errors (1) apart.
#include <algorithm>
#include <array>

#include "anim/lint.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/load_for_cli.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope::cli {
namespace {

struct FileReport {
  std::string path;
  std::vector<std::string> joint_names;  // of the loaded clip (none when it failed to load)
  std::vector<ChannelKind> channel_kinds;
  LintReport lint;
};

std::string joint_text(const FileReport& file, int joint) {
  return joint >= 0 && static_cast<std::size_t>(joint) < file.joint_names.size()
             ? printable(file.joint_names[static_cast<std::size_t>(joint)])
             : std::string();
}

// "LeftArm" or "LeftArm Xrotation".
std::string joint_and_channel(const FileReport& file, const LintPlace& place) {
  std::string text = joint_text(file, place.joint);
  if (place.channel >= 0 && static_cast<std::size_t>(place.channel) < file.channel_kinds.size())
    text += " " + std::string(channel_name(file.channel_kinds[static_cast<std::size_t>(place.channel)]));
  return text;
}

// "frame 12, joint LeftArm Xrotation", "line 58:10 (Chest)": a place in a list of further places.
std::string place_text(const FileReport& file, const LintPlace& place) {
  std::string text;
  if (place.frame >= 0) {
    text = "frame " + std::to_string(place.frame);
    if (place.joint >= 0) text += ", joint " + joint_and_channel(file, place);
  } else if (place.line > 0) {
    text = "line " + std::to_string(place.line);
    if (place.column > 0) text += ":" + std::to_string(place.column);
    if (place.joint >= 0) text += " (" + joint_and_channel(file, place) + ")";
  } else if (place.joint >= 0) {
    text = "joint " + joint_and_channel(file, place);
  }
  return text;
}

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

void print_text(const std::vector<FileReport>& files, std::ostream& out) {
  std::array<std::size_t, 3> totals{};
  for (const FileReport& file : files) {
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
    const std::size_t errors = file.lint.count(LintSeverity::Error);
    const std::size_t warnings = file.lint.count(LintSeverity::Warning);
    const std::size_t infos = file.lint.count(LintSeverity::Info);
    totals[0] += errors;
    totals[1] += warnings;
    totals[2] += infos;
    out << printable(file.path) << ": " << summary_text(errors, warnings, infos) << '\n';
  }
  if (files.size() > 1)
    out << counted(files.size(), "file", "files") << ": " << summary_text(totals[0], totals[1], totals[2]) << '\n';
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

void print_json(const std::vector<FileReport>& files, std::ostream& out) {
  JsonWriter json(out);
  json.begin_array();
  for (const FileReport& file : files) {
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
  json.end_array();
  out << '\n';
}

}  // namespace

int run_lint(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed =
      parse_arguments(args, with_motion_options({{"--json", false}, {"--position-mode", true}, {"--up", true}}), usage);
  if (!parsed) return usage_error(err, "lint: " + usage.message);
  if (parsed->positionals.empty()) return usage_error(err, "lint: expected at least one FILE");
  const auto interpretation = interpretation_options(*parsed, "lint", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "lint", usage);
  if (!choice) return usage_error(err, usage.message);
  LintOptions options;
  options.position = interpretation->mode;
  options.up = interpretation->up;
  // A --skeleton, --mean or --std file that cannot be read is said once, at its own place, not as
  // a finding of every FILE.
  if (const Result<ReadOptions> reading = reader_options(*choice); !reading) {
    err << format_diagnostic(reading.error(), Severity::Error) << '\n';
    return kExitBadInput;
  }
  std::vector<FileReport> files;
  LintSeverity worst = LintSeverity::Info;
  for (const std::string& path : parsed->positionals) {
    FileReport file;
    file.path = path;
    Result<Clip> loaded = load_motion(path, nullptr, *choice);
    if (loaded) {
      file.lint = lint_clip(loaded.value(), options);
      file.joint_names = std::move(loaded.value().skeleton.names);
      file.channel_kinds = std::move(loaded.value().skeleton.channel_kinds);
    } else {
      file.lint = lint_load_failure(loaded.error());
    }
    worst = std::min(worst, file.lint.worst());
    files.push_back(std::move(file));
  }
  if (parsed->has("--json")) {
    print_json(files, out);
  } else {
    print_text(files, out);
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
