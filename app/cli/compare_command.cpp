// bvhscope compare REF OTHER: how far OTHER's joints are from REF's (cli/compare_pair), or compare
// DIR_A DIR_B: every pair of files of two folders (cli/compare_folders).
#include <filesystem>

#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/compare_folders.hpp"
#include "cli/compare_pair.hpp"
#include "cli/file_batch.hpp"
#include "cli/work_budget_check.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"

namespace bvhscope::cli {

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
                                                           {"--pair-by", true},
                                                           {"--joints", true},
                                                           {"--jobs", true},
                                                           {"--recursive", false},
                                                           kNoBudgetOption}),
                                      usage);
  if (!parsed) return usage_error(err, "compare: " + usage.message);
  if (parsed->positionals.size() != 2)
    return usage_error(err, "compare: expected two FILEs (REFERENCE OTHER) or two folders");
  std::error_code code;
  const bool first_folder = std::filesystem::is_directory(parsed->positionals[0], code);
  const bool second_folder = std::filesystem::is_directory(parsed->positionals[1], code);
  if (first_folder != second_folder)
    return usage_error(err, "compare: " + printable(parsed->positionals[first_folder ? 0 : 1]) +
                                " is a folder and the other a file: compare two files or two folders");
  const std::optional<std::string> csv_path = parsed->value("--csv");
  if (csv_path && csv_path->empty()) return usage_error(err, "compare: --csv needs a file name");
  const std::vector<std::string> inputs = {parsed->positionals[0], parsed->positionals[1]};
  if (csv_path && !first_folder) {
    std::vector<std::string> all_inputs = inputs;
    if (const auto map = parsed->value("--map")) all_inputs.push_back(*map);
    if (const auto conflict = io::output_conflict(*csv_path, all_inputs)) {
      err << "bvhscope: compare: " << printable(*conflict) << "; nothing was written\n";
      return kExitUsage;
    }
  }
  if (!first_folder && (parsed->has("--pair-by") || parsed->has("--jobs") || parsed->has("--recursive")))
    return usage_error(err, "compare: --pair-by, --jobs and --recursive are for two folders");
  int status = kExitOk;
  const std::optional<CompareSetup> setup = read_compare_setup(*parsed, err, status);
  if (!setup) return status;
  if (first_folder) return compare_folders(*setup, *parsed, inputs[0], inputs[1], out, err);

  const std::optional<ComparedPair> pair =
      compare_files(*setup, *parsed, inputs[0], inputs[1], csv_path.has_value(), 0, err);
  if (!pair) return kExitBadInput;
  if (csv_path) {
    std::string error;
    std::optional<io::AtomicFile> file = io::AtomicFile::create(*csv_path, error);
    if (!file) {
      err << printable(*csv_path) << ": error: " << printable(error) << '\n';
      return kExitBadInput;
    }
    write_per_frame_csv(*pair, file->stream());
    if (!file->commit(error)) {
      err << printable(*csv_path) << ": error: " << printable(error) << '\n';
      return kExitBadInput;
    }
  }
  if (parsed->has("--json")) {
    print_pair_json(*pair, out);
  } else {
    print_pair_text(*pair, out);
  }
  return finish_output(out, err);
}

}  // namespace bvhscope::cli
