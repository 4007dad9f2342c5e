#include "cli/dispatch.hpp"

#include <cerrno>
#include <cstring>

#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/load_for_cli.hpp"
#include "io/output_stream.hpp"

#ifndef BVHSCOPE_VERSION
#define BVHSCOPE_VERSION "unknown"
#endif

namespace bvhscope::cli {

int finish_output(std::ostream& out, std::ostream& err) {
  std::string reason;
  if (auto* checked = dynamic_cast<io::OutputStream*>(&out)) {
    if (checked->finish(reason)) return kExitOk;
  } else {
    out.flush();
    if (out) return kExitOk;
    reason = std::strerror(errno);
  }
  err << "bvhscope: error: cannot write the output: " << reason << '\n';
  return kExitBadInput;
}

int usage_error(std::ostream& err, const std::string& message) {
  err << "bvhscope: " << printable(message) << "\nTry 'bvhscope --help'.\n";
  return kExitUsage;
}

std::optional<int> run_subcommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) return std::nullopt;
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    print_help(out);
    return finish_output(out, err);
  }
  if (command == "--version") {
    out << "bvhscope " << BVHSCOPE_VERSION << '\n';
    return finish_output(out, err);
  }
  // `bvhscope COMMAND --help` (or -h anywhere after it): that command's usage, nothing run.
  for (const std::string& arg : rest) {
    if ((arg == "--help" || arg == "-h") && print_command_help(out, command)) return finish_output(out, err);
  }
  if (command == "info") return run_info(rest, out, err);
  if (command == "export") return run_export(rest, out, err);
  if (command == "metrics") return run_metrics(rest, out, err);
  if (command == "compare") return run_compare(rest, out, err);
  if (command == "lint") return run_lint(rest, out, err);
  if (command == "convert") return run_convert(rest, out, err);
  if (command == "retarget") return run_retarget(rest, out, err);
  if (command == "report") return run_report(rest, out, err);
  if (command == "render") return run_render(rest, out, err);
  if (command == "thumbnail") return run_thumbnail(rest, out, err);
  // The viewer's own options (bvhscope --up +z FILE..., --compare and its options) are read by
  // parse_viewer_arguments.
  if (command == "--up" || command.rfind("--up=", 0) == 0) return std::nullopt;
  for (const OptionSpec& spec : kCompareOptionSpecs) {
    if (command == spec.name || command.rfind(std::string(spec.name) + "=", 0) == 0) return std::nullopt;
  }
  for (const OptionSpec& spec : kViewerReadingSpecs) {
    if (command == spec.name || command.rfind(std::string(spec.name) + "=", 0) == 0) return std::nullopt;
  }
  if (command.size() > 1 && command[0] == '-') return usage_error(err, "unknown option '" + command + "'");
  return std::nullopt;
}

int parse_viewer_arguments(const std::vector<std::string>& args, ViewerArguments& viewer, std::ostream& err) {
  UsageError usage;
  std::vector<OptionSpec> specs = {{"--up", true}};
  specs.insert(specs.end(), std::begin(kCompareOptionSpecs), std::end(kCompareOptionSpecs));
  specs.insert(specs.end(), std::begin(kViewerReadingSpecs), std::end(kViewerReadingSpecs));
  const std::optional<ParsedArguments> parsed = parse_arguments(args, specs, usage);
  if (!parsed) return usage_error(err, usage.message);
  const auto interpretation = interpretation_options(*parsed, "", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto compare = compare_start_options(*parsed, "", usage);
  if (!compare) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "", usage);
  if (!choice) return usage_error(err, usage.message);
  Result<ReadOptions> reading = reader_options(*choice);
  if (!reading) {
    err << format_diagnostic(reading.error(), Severity::Error) << '\n';
    return kExitBadInput;
  }
  viewer.up = interpretation->up;
  viewer.compare = *compare;
  viewer.reading = FileReading{std::move(reading).value(), choice->source_fps};
  viewer.files = parsed->positionals;
  return 0;
}

}  // namespace bvhscope::cli
