// bvhscope report DIR|FILES... -o report.html [--compare-to DIR]: every file read, linted and
// measured (--jobs at a time), a filmstrip of each drawn with no display, and with --compare-to each
// compared with its partner of the same name; all of it written as one self-contained page
// (engine/report).
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <optional>
#include <sstream>

#include "anim/clip_analysis.hpp"
#include "anim/convert_timing.hpp"
#include "anim/lint.hpp"
#include "anim/motion_metrics.hpp"
#include "anim/position_mode.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/compare_folders.hpp"
#include "cli/compare_pair.hpp"
#include "cli/file_batch.hpp"
#include "cli/lint_places.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/progress_line.hpp"
#include "cli/work_budget_check.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"
#include "model/bvh_paths.hpp"
#include "model/prepared_clip.hpp"
#include "render/offscreen_renderer.hpp"
#include "report/report_page.hpp"
#include "video/png_file.hpp"

namespace bvhscope::cli {
namespace {

namespace fs = std::filesystem;

constexpr int kStripPoses = 5;
constexpr int kPreviewWidth = 400;  // drawn at twice the size shown: sharp on high-density screens
constexpr int kPreviewHeight = 160;

// The shell-quoted command line, for the page's header.
std::string command_line(const std::vector<std::string>& args) {
  std::string text = "bvhscope report";
  for (const std::string& arg : args) {
    const bool plain = !arg.empty() && arg.find_first_not_of(
                                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                           "0123456789-_./=:,+") == std::string::npos;
    text += ' ';
    if (plain) {
      text += printable(arg);
      continue;
    }
    text += '\'';
    for (const char c : printable(arg)) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
    text += '\'';
  }
  return text;
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &parts);
  return text;
}

// The name a file goes by on the page: relative to the folder it was found in, else as given.
std::string shown_name(const std::string& path, const std::vector<std::string>& folders) {
  for (const std::string& folder : folders) {
    const std::string relative = relative_name(path, folder);
    if (!relative.empty() && relative.rfind("..", 0) != 0) return relative;
  }
  return path;
}

// What a file's reading leaves for the page, and the poses its filmstrip draws.
struct Read {
  report::FileEntry entry;
  std::optional<Clip> poses;  // kStripPoses frames spread over the motion
  PositionMode mode = PositionMode::Add;
  UpAxis up = UpAxis::PosY;
};

Read read_file(const std::string& path, const std::string& name, const MotionChoice& choice,
               const InterpretationOptions& interpretation, bool previews) {
  Read read;
  report::FileEntry& entry = read.entry;
  entry.path = path;
  entry.name = name;
  Result<Clip> loaded = load_motion(path, nullptr, choice);
  if (!loaded) {
    entry.error = format_diagnostic(loaded.error(), Severity::Error);
    return read;
  }
  const Clip& clip = loaded.value();
  const ClipAnalysis analysis = analyse_clip(clip, interpretation.mode, interpretation.up);
  entry.frames = clip.motion.frame_count;
  entry.fps = 1.0 / clip.motion.frame_time;
  entry.duration_s = clip.motion.duration();
  entry.joints = clip.skeleton.joint_count() - clip.skeleton.end_site_count();
  entry.up_axis = std::string(up_axis_name(analysis.up.axis));
  entry.unit = analysis.figure.units.unit;
  entry.height_units = static_cast<double>(analysis.figure.height);
  if (analysis.figure.units.unit != "unknown" && analysis.figure.units.metres_per_unit > 0.0)
    entry.height_m = static_cast<double>(analysis.figure.height) * analysis.figure.units.metres_per_unit;
  entry.position_mode = std::string(position_mode_name(analysis.position.mode));
  entry.weak_guess = analysis.up.automatic && !analysis.up.certain;

  LintOptions lint_options;
  lint_options.position = interpretation.mode;
  lint_options.up = interpretation.up;
  const LintReport lint = lint_clip(clip, lint_options);
  entry.errors = lint.count(LintSeverity::Error);
  entry.warnings = lint.count(LintSeverity::Warning);
  entry.infos = lint.count(LintSeverity::Info);
  const LintNames names{clip.skeleton.names, clip.skeleton.channel_kinds};
  for (const LintFinding& finding : lint.findings)
    entry.findings.push_back({std::string(lint_severity_name(finding.severity)), place_text(names, finding.place),
                              printable(finding.message), finding.code});

  if (clip.motion.frame_count > 1) {
    const MotionMetrics metrics = measure_motion(clip, analysis.position.mode, analysis);
    entry.skating_mps = metrics.skating_speed_mps;
    entry.skating_share = metrics.skating_share;
    entry.contact_share = metrics.contact_share;
    entry.jitter_mps3 = metrics.jitter_mps3;
    entry.bone_drift = metrics.max_bone_drift;
    entry.floating_share = metrics.floating_share;
  }
  if (previews && clip.motion.frame_count > 0) {
    std::vector<std::size_t> frames;
    const std::size_t last = clip.motion.frame_count - 1;
    for (int k = 0; k < kStripPoses; ++k)
      frames.push_back(static_cast<std::size_t>(std::llround(static_cast<double>(last) * k / (kStripPoses - 1))));
    read.poses = pick_frames(clip, frames, clip.motion.frame_time);
    read.mode = analysis.position.mode;
    read.up = analysis.up.axis;
  }
  return read;
}

// The filmstrip of the poses, as PNG bytes (empty when it cannot be drawn: no GL, say).
std::string draw_preview(Clip poses, PositionMode mode, UpAxis up, std::string& error) {
  render::OffscreenOptions options;
  options.width = kPreviewWidth;
  options.height = kPreviewHeight;
  options.strip = static_cast<int>(poses.motion.frame_count);
  options.strip_first = 0;
  options.strip_last = poses.motion.frame_count - 1;
  options.frame = options.strip_last;
  options.labels = 0;
  options.axes = false;
  std::vector<PreparedClip> clips;
  clips.push_back(prepare_clip(std::move(poses),
                               mode == PositionMode::Replace ? PositionModeRequest::Replace : PositionModeRequest::Add,
                               UpAxisRequest{up}));
  const std::optional<render::OffscreenImage> image = render::render_still(std::move(clips), options, error);
  if (!image) return {};
  return video::encode_png(image->width, image->height, image->rgba.data());
}

}  // namespace

int run_report(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(args,
                                      with_motion_options({{"-o", true},
                                                           {"--output", true},
                                                           {"--compare-to", true},
                                                           {"--title", true},
                                                           {"--no-previews", false},
                                                           {"--position-mode", true},
                                                           {"--up", true},
                                                           {"--jobs", true},
                                                           {"--recursive", false},
                                                           {"--align", true},
                                                           {"--joints", true},
                                                           {"--offset", true},
                                                           {"--map", true},
                                                           {"--units", true},
                                                           kNoBudgetOption}),
                                      usage);
  if (!parsed) return usage_error(err, "report: " + usage.message);
  if (parsed->positionals.empty()) return usage_error(err, "report: expected a folder or FILEs");
  std::optional<std::string> output = parsed->value("-o");
  if (!output) output = parsed->value("--output");
  if (!output || output->empty()) return usage_error(err, "report: -o REPORT.html is needed");
  const auto interpretation = interpretation_options(*parsed, "report", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "report", usage);
  if (!choice) return usage_error(err, usage.message);
  const auto jobs = jobs_option(*parsed, "report", usage);
  if (!jobs) return usage_error(err, usage.message);
  const std::optional<std::string> compare_to = parsed->value("--compare-to");
  std::error_code code;
  if (compare_to && !fs::is_directory(*compare_to, code))
    return usage_error(err, "report: --compare-to needs a folder, not '" + printable(*compare_to) + "'");
  int status = kExitOk;
  std::optional<CompareSetup> setup;
  if (compare_to) {
    setup = read_compare_setup(*parsed, err, status);
    if (!setup) return status;
  } else if (parsed->has("--align") || parsed->has("--joints") || parsed->has("--offset") || parsed->has("--map")) {
    return usage_error(err, "report: --align, --joints, --offset and --map are for --compare-to");
  }

  const bool recursive = parsed->has("--recursive");
  const FileList list = expand_file_arguments(parsed->positionals, recursive, "report", err);
  if (list.files.empty()) return kExitBadInput;
  std::vector<std::string> inputs = list.files;
  if (const auto map = parsed->value("--map")) inputs.push_back(*map);
  if (const auto conflict = io::output_conflict(*output, inputs)) {
    err << "bvhscope: report: " << printable(*conflict) << "; nothing was written\n";
    return kExitUsage;
  }
  std::vector<std::string> folders;
  for (const std::string& argument : parsed->positionals)
    if (fs::is_directory(argument, code)) folders.push_back(argument);

  // Every file read, linted and measured, --jobs at a time; nothing printed but the progress.
  const bool previews = !parsed->has("--no-previews");
  std::vector<Read> reads(list.files.size());
  run_files(
      list.files.size(), *jobs, "reading",
      [&](std::size_t i) {
        reads[i] = read_file(list.files[i], shown_name(list.files[i], folders), *choice, *interpretation, previews);
        FileOutcome outcome;
        if (!reads[i].entry.error.empty()) outcome.err = reads[i].entry.error + '\n';
        outcome.status = reads[i].entry.error.empty() ? kExitOk : kExitBadInput;
        return outcome;
      },
      [&](std::size_t i, const std::string& message) {
        reads[i].entry.path = list.files[i];
        reads[i].entry.name = shown_name(list.files[i], folders);
        reads[i].entry.error = format_diagnostic({list.files[i], 0, 0, message}, Severity::Error);
        return FileOutcome{{}, reads[i].entry.error + '\n', kExitBadInput};
      },
      out, err);

  report::Page page;
  if (const auto title = parsed->value("--title")) page.title = *title;
  page.command = command_line(args);
  page.generated_at = utc_now();
  page.version = BVHSCOPE_VERSION;

  // With --compare-to: each file against the file of the same name there.
  if (compare_to) {
    const BvhPaths others = expand_bvh_paths({*compare_to}, recursive);
    for (const std::string& refused : others.refused) err << "bvhscope: report: " << printable(refused) << '\n';
    const std::string base = folders.empty() ? fs::path(list.files.front()).parent_path().string() : folders.front();
    const Pairing pairing = pair_files(list.files, base, others.files, *compare_to, false);
    std::vector<std::optional<PairFigures>> figures(pairing.pairs.size());
    std::vector<std::size_t> file_of_pair(pairing.pairs.size());
    for (std::size_t p = 0; p < pairing.pairs.size(); ++p)
      file_of_pair[p] = static_cast<std::size_t>(
          std::find(list.files.begin(), list.files.end(), pairing.pairs[p].reference) - list.files.begin());
    run_files(
        pairing.pairs.size(), *jobs, "comparing",
        [&](std::size_t p) {
          report::FileEntry& entry = reads[file_of_pair[p]].entry;
          entry.partner = relative_name(pairing.pairs[p].other, *compare_to);
          std::ostringstream messages;
          const std::optional<ComparedPair> pair = compare_files(
              *setup, *parsed, pairing.pairs[p].reference, pairing.pairs[p].other, false, *jobs > 1 ? 1 : 0, messages);
          if (!pair) {
            entry.compare_error = error_in_messages(messages.str(), pairing.pairs[p].other).message;
            return FileOutcome{{}, messages.str(), kExitBadInput};
          }
          figures[p] = figures_of(*pair);
          entry.mpjpe = figures[p]->mpjpe;
          entry.pa_mpjpe = figures[p]->pa_mpjpe;
          return FileOutcome{{}, messages.str(), kExitOk};
        },
        [&](std::size_t p, const std::string& message) {
          reads[file_of_pair[p]].entry.compare_error = message;
          return FileOutcome{
              {}, printable(pairing.pairs[p].reference) + ": error: " + printable(message) + '\n', kExitBadInput};
        },
        out, err);
    const Aggregate set = aggregate(figures);
    page.compare_folder = *compare_to;
    page.compare_in_metres = set.metres;
    for (const Aggregate::Joint& joint : set.joints) page.joint_errors.push_back({joint.name, joint.mean, joint.pairs});
    for (const std::string& file : pairing.unpaired_reference) page.unpaired.push_back(shown_name(file, folders));
    for (const std::string& file : pairing.unpaired_other)
      page.unpaired.push_back(printable(relative_name(file, *compare_to)) + " (in " + printable(*compare_to) + ")");
  }

  // The filmstrips, one GL context at a time on this thread.
  const bool terminal = stderr_is_terminal();
  std::size_t drawn = 0;
  std::string preview_error;
  for (std::size_t i = 0; i < reads.size(); ++i) {
    Read& read = reads[i];
    if (read.poses) {
      if (terminal) draw_progress(err, i, reads.size(), 1, "drawing previews");
      std::string error;
      read.entry.preview_png = draw_preview(std::move(*read.poses), read.mode, read.up, error);
      read.poses.reset();
      if (read.entry.preview_png.empty()) {
        if (preview_error.empty()) preview_error = error;
      } else {
        read.entry.preview_width = kPreviewWidth;
        read.entry.preview_height = kPreviewHeight;
        ++drawn;
      }
    }
    page.files.push_back(std::move(read.entry));
  }
  if (terminal) clear_progress(err);
  if (previews && drawn == 0 && !preview_error.empty())
    err << "bvhscope: report: no previews (" << printable(preview_error) << "); the rest of the page is written\n";

  const std::string html = report::report_html(page);
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(*output, error);
  if (file) file->stream() << html;
  if (!file || !file->commit(error)) {
    err << printable(*output) << ": error: " << printable(error) << '\n';
    return kExitBadInput;
  }
  std::size_t failed = 0;
  for (const report::FileEntry& entry : page.files) failed += entry.error.empty() ? 0 : 1;
  out << "wrote " << printable(*output) << ": " << page.files.size() << (page.files.size() == 1 ? " file" : " files");
  if (failed > 0) out << " (" << failed << " failed to read)";
  out << ", " << drawn << " previews, " << (html.size() + 1023) / 1024 << " KiB\n";
  if (const int written = finish_output(out, err); written != kExitOk) return written;
  return failed > 0 || list.refused ? kExitBadInput : kExitOk;
}

}  // namespace bvhscope::cli
