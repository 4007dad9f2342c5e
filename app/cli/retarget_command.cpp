// bvhscope retarget: a humanoid motion moved onto another humanoid skeleton (engine/retarget), one
// file or every motion file of a folder (in parallel, each failure its own), written as BVH, glTF or
// FBX.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <sstream>

#include "anim/convert_timing.hpp"
#include "anim/frame_range.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/file_batch.hpp"
#include "cli/joint_map_file.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/motion_output.hpp"
#include "cli/number_text.hpp"
#include "formats/motion_writer.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"
#include "model/bvh_paths.hpp"
#include "retarget/retarget_file.hpp"

namespace bvhscope::cli {
namespace {

struct RetargetJob {
  const Clip* target = nullptr;
  std::optional<FrameRange> frames;  // --frames A:B of each source
  std::string target_path;
  RetargetOptions options;
  MotionChoice choice;
  MotionFileOptions output;  // the motion's name is each source's
};

// The source at `input`, its --frames taken, or nothing after printing why.
std::optional<Clip> load_source(const RetargetJob& job, const std::string& input, std::ostream& err) {
  std::optional<Clip> source = load_clip_reporting(input, err, nullptr, job.choice);
  if (!source || !job.frames) return source;
  Result<Clip> trimmed = trim_frames(std::move(*source), job.frames->first, job.frames->last);
  if (!trimmed) {
    err << format_diagnostic(trimmed.error(), Severity::Error) << "; nothing was written\n";
    return std::nullopt;
  }
  return std::move(trimmed).value();
}

// One source onto the target, written to `output`: the exit status, messages on `out` and `err`.
int retarget_file(const RetargetJob& job, const std::string& input, const std::string& output, std::ostream& out,
                  std::ostream& err) {
  std::optional<Clip> source = load_source(job, input, err);
  if (!source) return kExitBadInput;
  MotionFileOptions written_as = job.output;
  written_as.motion_name = !source->name.empty() ? source->name : std::filesystem::path(input).stem().string();
  Result<RetargetFileReport> written = retarget_to_file(*source, *job.target, job.options, output, written_as);
  if (!written) {
    const Diagnostic& error = written.error();
    if (error.source == output && error.line == 0)  // the system's reason
      err << printable(output) << ": error: " << printable(error.message) << "; nothing was written\n";
    else
      err << format_diagnostic(error, Severity::Error) << "; nothing was written\n";
    return kExitBadInput;
  }
  const RetargetFileReport& file = written.value();
  const RetargetReport& report = file.retarget;
  if (report.target_rig.has_arms() && !report.source_rig.has_arms())
    err << format_diagnostic({input, 0, 0, "no arms were found in it: the target's arms keep their rest pose"},
                             Severity::Warning)
        << '\n';
  if (file.unit_unknown_kept)
    err << format_diagnostic({job.target_path, 0, 0,
                              "its length unit cannot be told from the figure, so lengths are written as they are, "
                              "not converted to metres"},
                             Severity::Warning)
        << '\n';
  if (!file.left_out.empty()) err << printable(output) << ": note: " << file.left_out << '\n';
  out << "wrote " << printable(output) << ": " << file.frames << " frames at " << fixed(1.0 / file.frame_time, 3)
      << " fps on " << printable(job.target_path) << "'s skeleton (" << file.joints << " joints";
  if (!file.written.empty()) out << ", " << file.written;
  out << "); " << report.pairs.size() << " joints driven";
  if (job.options.root == RootMotion::None)
    out << ", the root not moved";
  else
    out << ", root path x" << fixed(report.root_scale, 4)
        << (job.options.root == RootMotion::Scale ? " (the legs' ratio)" : " (the units' ratio)");
  if (report.target_fitted) out << "; the target's joint positions fitted with rotations first";
  out << '\n';
  return kExitOk;
}

// The map the retargeting of `input` would use, as a joint map file (source,target per line).
int save_map(const RetargetJob& job, const std::string& input, const std::string& path, std::ostream& err) {
  std::optional<Clip> source = load_source(job, input, err);
  if (!source) return kExitBadInput;
  RetargetReport report;
  RetargetOptions options = job.options;
  Clip probe = *source;
  probe.motion.frame_count = std::min<std::size_t>(probe.motion.frame_count, 1);
  Result<Clip> moved = retarget(probe, *job.target, options, &report);
  if (!moved) {
    err << format_diagnostic(moved.error(), Severity::Error) << "; nothing was written\n";
    return kExitBadInput;
  }
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
  if (!file) {
    err << printable(path) << ": error: " << printable(error) << '\n';
    return kExitBadInput;
  }
  const Skeleton& from = report.source_skeleton;
  file->stream() << "# bvhscope retarget map: source joint,target joint (" << printable(input) << " onto "
                 << printable(job.target_path) << ")\n";
  for (const RetargetPair& pair : report.pairs)
    file->stream() << from.names[static_cast<std::size_t>(pair.source)] << ','
                   << report.target_skeleton.names[static_cast<std::size_t>(pair.target)] << '\n';
  if (!file->commit(error)) {
    err << printable(path) << ": error: " << printable(error) << '\n';
    return kExitBadInput;
  }
  return kExitOk;
}

// Every motion file of the folder onto the target, `jobs` at a time, the results printed in the
// folder's order as they are ready (a progress count on a terminal), one failure not stopping the rest.
int retarget_folder(const RetargetJob& job, const std::string& folder, const std::string& output_folder,
                    MotionFileKind kind, unsigned jobs, std::ostream& out, std::ostream& err) {
  static constexpr std::string_view kExtensions[] = {".bvh", ".glb", ".gltf", ".fbx"};
  // No output may be an input of the batch: a source, the target, the map.
  FolderWrite what{"retarget",
                   "retargeting",
                   "retargeted",
                   " onto " + printable(job.target_path),
                   kExtensions[static_cast<std::size_t>(kind)],
                   {job.target_path}};
  if (!job.options.map_source.empty()) what.others.push_back(job.options.map_source);
  return write_folder(
      what, folder, output_folder, jobs,
      [&](const std::string& file, const std::string& into, std::ostream& file_out, std::ostream& file_err) {
        return retarget_file(job, file, into, file_out, file_err);
      },
      out, err);
}

}  // namespace

int run_retarget(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(args,
                                      with_motion_options({{"--to", true},
                                                           {"-o", true},
                                                           {"--output", true},
                                                           {"--map", true},
                                                           {"--save-map", true},
                                                           {"--root", true},
                                                           {"--fingers", false},
                                                           {"--feet", true},
                                                           {"--from-up", true},
                                                           {"--to-up", true},
                                                           {"--format", true},
                                                           {"--jobs", true},
                                                           {"--frames", true},
                                                           {"--precision", true},
                                                           {"--body", false},
                                                           {"--force", false}}),
                                      usage);
  if (!parsed) return usage_error(err, "retarget: " + usage.message);
  if (parsed->positionals.size() != 1) return usage_error(err, "retarget: expected one SOURCE (a file or a folder)");
  const std::string& input = parsed->positionals[0];
  const std::optional<std::string> target_path = parsed->value("--to");
  if (!target_path || target_path->empty())
    return usage_error(err, "retarget: --to TARGET (the skeleton to move the motion onto) is needed");
  std::optional<std::string> output = parsed->value("-o");
  if (const auto long_output = parsed->value("--output")) output = long_output;
  const std::optional<std::string> map_output = parsed->value("--save-map");
  if ((!output || output->empty()) && !map_output)
    return usage_error(err, "retarget: -o OUT.bvh, OUT.glb, OUT.gltf or OUT.fbx (a folder for a folder) is needed");

  RetargetJob job;
  job.target_path = *target_path;
  if (const auto text = parsed->value("--root")) {
    if (*text == "scale")
      job.options.root = RootMotion::Scale;
    else if (*text == "keep")
      job.options.root = RootMotion::Keep;
    else if (*text == "none")
      job.options.root = RootMotion::None;
    else
      return usage_error(err, "retarget: --root must be scale, keep or none, not '" + *text + "'");
  }
  job.options.fingers = parsed->has("--fingers");
  if (const auto text = parsed->value("--feet")) {
    if (*text != "plant" && *text != "free")
      return usage_error(err, "retarget: --feet must be plant or free, not '" + *text + "'");
    job.options.plant_feet = *text == "plant";
  }
  for (const auto& [option, request] :
       {std::pair{"--from-up", &job.options.source_up}, std::pair{"--to-up", &job.options.target_up}}) {
    if (const auto text = parsed->value(option)) {
      const auto parsed_up = parse_up_axis_request(*text);
      if (!parsed_up)
        return usage_error(
            err, std::string("retarget: ") + option + " must be auto, +x, -x, +y, -y, +z or -z, not '" + *text + "'");
      *request = *parsed_up;
    }
  }
  const auto choice = motion_choice_options(*parsed, "retarget", usage);
  if (!choice) return usage_error(err, usage.message);
  job.choice = *choice;
  if (const auto text = parsed->value("--precision")) {
    int digits = -1;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), digits);
    if (ec != std::errc{} || end != text->data() + text->size() || digits < 0 || digits > kMaxBvhPrecision)
      return usage_error(err, "retarget: --precision must be a number of decimals from 0 to " +
                                  std::to_string(kMaxBvhPrecision) + ", not '" + *text + "'");
    job.output.bvh.precision = digits;
  }
  if (const auto text = parsed->value("--frames")) {
    job.frames = parse_frame_range(*text);
    if (!job.frames) return usage_error(err, "retarget: --frames must be A:B with 0 <= A <= B, not '" + *text + "'");
  }
  const auto jobs = jobs_option(*parsed, "retarget", usage);
  if (!jobs) return usage_error(err, usage.message);
  std::error_code code;
  const bool folder = std::filesystem::is_directory(input, code);
  std::optional<MotionFileKind> folder_kind;
  if (const auto text = parsed->value("--format")) {
    static constexpr std::pair<std::string_view, MotionFileKind> kFormats[] = {{"bvh", MotionFileKind::Bvh},
                                                                               {"glb", MotionFileKind::Glb},
                                                                               {"gltf", MotionFileKind::Gltf},
                                                                               {"fbx", MotionFileKind::Fbx}};
    for (const auto& [name, kind] : kFormats)
      if (*text == name) folder_kind = kind;
    if (!folder_kind) return usage_error(err, "retarget: --format must be bvh, glb, gltf or fbx, not '" + *text + "'");
    if (!folder) return usage_error(err, "retarget: --format is for a folder of sources (a file's -o says its format)");
  }

  job.output.body = parsed->has("--body");
  if (job.output.body) {
    const MotionFileKind kind =
        folder_kind.value_or(output && !folder ? motion_file_kind(*output) : MotionFileKind::Bvh);
    if (kind != MotionFileKind::Glb && kind != MotionFileKind::Gltf)
      return usage_error(err, std::string("retarget: ") + kBodyIsForGltf);
  }
  if (output && map_output && !output->empty() && *output == *map_output)
    return usage_error(err, "retarget: -o and --save-map name the same file");
  // The inputs are never overwritten.
  std::vector<std::string> inputs = {input, *target_path};
  if (const auto map = parsed->value("--map")) inputs.push_back(*map);
  if (!parsed->has("--force")) {
    for (const std::optional<std::string>& written : {output, map_output}) {
      if (!written || written->empty() || folder) continue;
      if (const auto conflict = io::output_conflict(*written, inputs)) {
        err << "bvhscope: retarget: " << printable(*conflict) << "; nothing was written (--force replaces it)\n";
        return kExitUsage;
      }
    }
  }
  if (const auto map_path = parsed->value("--map")) {
    const auto pairs = read_joint_map(*map_path, err, &job.options.map_lines);
    if (!pairs) return kExitBadInput;
    job.options.map = *pairs;
    job.options.map_source = *map_path;
  }
  const std::optional<Clip> target = load_clip_reporting(*target_path, err);
  if (!target) return kExitBadInput;
  job.target = &*target;

  if (folder) {
    if (map_output) return usage_error(err, "retarget: --save-map is for one SOURCE file");
    return retarget_folder(job, input, *output, folder_kind.value_or(MotionFileKind::Bvh), *jobs, out, err);
  }
  if (map_output) {
    const int status = save_map(job, input, *map_output, err);
    if (status != kExitOk || !output || output->empty()) return status;
  }
  const int status = retarget_file(job, input, *output, out, err);
  return status == kExitOk ? finish_output(out, err) : status;
}

}  // namespace bvhscope::cli
