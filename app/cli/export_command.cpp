#include <filesystem>
#include <sstream>

#include "anim/clip_analysis.hpp"
#include "anim/csv_export.hpp"
#include "anim/position_mode.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/file_batch.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/work_budget_check.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"
#include "model/bvh_paths.hpp"

namespace bvhscope::cli {
namespace {

// Writes through `write` into `path` (beside it, then renamed over it), reporting why it failed.
template <typename Write>
bool write_file(const std::string& path, std::ostream& err, Write write) {
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
  if (!file) {
    err << printable(path) << ": error: " << printable(error) << '\n';
    return false;
  }
  write(file->stream());
  if (!file->commit(error)) {
    err << printable(path) << ": error: " << printable(error) << '\n';
    return false;
  }
  return true;
}

// What an export is asked for on the command line, the same for each file of a folder.
struct ExportRun {
  const ParsedArguments& parsed;
  InterpretationOptions interpretation;
  MotionChoice choice;
  std::optional<std::string> rotations_path;
};

// `input`'s positions as CSV into `output` (empty or "-": `out`).
int export_file(const ExportRun& run, const std::string& input, const std::optional<std::string>& output,
                std::ostream& out, std::ostream& err) {
  std::uint64_t bytes = 0;
  const std::optional<Clip> clip = load_clip_reporting(input, err, &bytes, run.choice);
  if (!clip) return kExitBadInput;
  // Every joint at every frame, from the header's numbers before any is posed.
  const PlannedWork work{static_cast<std::uint64_t>(clip->skeleton.joint_count()), clip->motion.frame_count};
  if (!within_work_budget(run.parsed, input, work, bytes, FramesOption::NotTaken, err)) return kExitBadInput;
  if (run.rotations_path && clip->motion.holds_positions()) {
    err << "bvhscope: export: " << printable(input)
        << ": the motion holds joint positions without channels: it has no rotations to write; nothing was written\n";
    return kExitBadInput;
  }
  const PositionMode mode = decide_position_mode(*clip, run.interpretation.mode).mode;
  // With --up, positions are stood upright (the axis given, or the detected one); else as in the file.
  glm::mat3 rotation(1.0f);
  const UpAxisRequest& up = run.interpretation.up;
  if (run.interpretation.up_given)
    rotation = up.axis ? rotation_to_y_up(*up.axis) : analyse_figure(*clip, mode, up).to_upright;

  if (output && *output != "-") {
    if (!write_file(*output, err, [&](std::ostream& file) { write_positions_csv(*clip, mode, file, 0, rotation); }))
      return kExitBadInput;
  } else {
    write_positions_csv(*clip, mode, out, 0, rotation);
    if (const int status = finish_output(out, err); status != kExitOk) return status;
  }
  if (run.rotations_path) {
    if (!write_file(*run.rotations_path, err, [&](std::ostream& file) { write_rotations_csv(*clip, file); }))
      return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace

int run_export(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(args,
                                      with_motion_options({{"-o", true},
                                                           {"--output", true},
                                                           {"--position-mode", true},
                                                           {"--rotations", true},
                                                           {"--up", true},
                                                           {"--jobs", true},
                                                           kNoBudgetOption}),
                                      usage);
  if (!parsed) return usage_error(err, "export: " + usage.message);
  if (parsed->positionals.size() != 1) return usage_error(err, "export: expected one FILE (or a folder)");
  const auto interpretation = interpretation_options(*parsed, "export", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "export", usage);
  if (!choice) return usage_error(err, usage.message);
  std::optional<std::string> output = parsed->value("-o");
  if (const auto long_output = parsed->value("--output")) output = long_output;

  std::error_code code;
  const bool folder = std::filesystem::is_directory(parsed->positionals[0], code);
  const auto jobs = jobs_option(*parsed, "export", usage);
  if (!jobs) return usage_error(err, usage.message);
  if (folder) {
    if (!output || !names_output_folder(*output))
      return usage_error(err, "export: a folder exports into a folder: -o OUTDIR/ (a CSV per file)");
    if (parsed->has("--rotations")) return usage_error(err, "export: --rotations is for one FILE");
  } else if (parsed->has("--jobs")) {
    return usage_error(err, "export: --jobs is for a folder");
  }
  // No output may overwrite the input or the other output, however the paths are spelled.
  const std::vector<std::string> inputs = {parsed->positionals[0]};
  const std::optional<std::string> rotations_path = parsed->value("--rotations");
  if (output && output->empty()) return usage_error(err, "export: -o needs a file name ('-' for stdout)");
  if (rotations_path && rotations_path->empty()) return usage_error(err, "export: --rotations needs a file name");
  if (output && *output != "-" && !folder) {
    const std::vector<std::string> others =
        rotations_path ? std::vector<std::string>{*rotations_path} : std::vector<std::string>{};
    if (const auto conflict = io::output_conflict(*output, inputs, others)) {
      err << "bvhscope: export: " << printable(*conflict) << "; nothing was written\n";
      return kExitUsage;
    }
  }
  if (rotations_path) {
    if (const auto conflict = io::output_conflict(*rotations_path, inputs)) {
      err << "bvhscope: export: " << printable(*conflict) << "; nothing was written\n";
      return kExitUsage;
    }
  }
  const ExportRun run{*parsed, *interpretation, *choice, rotations_path};
  if (folder) {
    return write_folder(
        {"export", "exporting", "exported", "", ".csv", {}}, parsed->positionals[0], *output, *jobs,
        [&](const std::string& file, const std::string& into, std::ostream& file_out, std::ostream& file_err) {
          const int status = export_file(run, file, into, file_out, file_err);
          if (status == kExitOk) file_out << "wrote " << printable(into) << '\n';
          return status;
        },
        out, err);
  }
  return export_file(run, parsed->positionals[0], output, out, err);
}

}  // namespace bvhscope::cli
