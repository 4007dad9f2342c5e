#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "anim/frame_range.hpp"
#include "anim/motion_compare.hpp"
#include "anim/position_mode.hpp"
#include "anim/printable.hpp"
#include "anim/up_axis.hpp"
#include "anim/video_timing.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/render_each.hpp"
#include "cli/render_worker.hpp"
#include "cli/ui_rendering.hpp"
#include "cli/work_budget_check.hpp"
#include "io/output_guard.hpp"
#include "render/clip_video.hpp"
#include "render/grid_renderer.hpp"
#include "render/offscreen_renderer.hpp"
#include "render/video_loop.hpp"
#include "video/frame_sink.hpp"
#include "video/png_file.hpp"
#include "video/video_format.hpp"

namespace bvhscope::cli {
namespace {

template <typename T>
bool parse_number(std::string_view text, T& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// "1280x720" → width, height (each between `low` and `high`: 16..8192 for pixels).
bool parse_size(const std::string& text, int& width, int& height, int low = 16, int high = 8192) {
  const std::size_t x = text.find_first_of("xX");
  if (x == std::string::npos) return false;
  const std::string_view view(text);
  return parse_number(view.substr(0, x), width) && parse_number(view.substr(x + 1), height) && width >= low &&
         height >= low && width <= high && height <= high;
}

// "OUT: error: REASON" for a failed output; a reason that starts with the output's path (the video
// code's messages do) is not given the path twice.
std::string output_error(const std::string& path, std::string_view reason) {
  const std::string prefix = path + ": ";
  if (reason.starts_with(prefix)) reason.remove_prefix(prefix.size());
  return printable(path) + ": error: " + printable(reason) + '\n';
}

}  // namespace

namespace {

// `bvhscope render ARGS` but for --each-worker: one output, or --each's batch; with `session`'s
// context when given (a worker's).
int render_files(const std::vector<std::string>& args, std::ostream& err, render::OffscreenSession* session);

}  // namespace

int run_render(const std::vector<std::string>& args, std::ostream& /*out*/, std::ostream& err) {
  if (!args.empty() && args.front() == kEachWorkerFlag)
    return run_render_worker(std::vector<std::string>(args.begin() + 1, args.end()), render_files);
  return render_files(args, err, nullptr);
}

namespace {

int render_files(const std::vector<std::string>& args, std::ostream& err, render::OffscreenSession* session) {
  UsageError usage;
  const std::vector<OptionSpec> specs = with_motion_options({{"-o", true},
                                                             {"--output", true},
                                                             {"--frame", true},
                                                             {"--frames", true},
                                                             {"--fps", true},
                                                             {"--camera", true},
                                                             {"--quality", true},
                                                             {"--audio", true},
                                                             {"--size", true},
                                                             {"--ui", false},
                                                             {"--style", true},
                                                             {"--position-mode", true},
                                                             {"--trajectory", false},
                                                             {"--select", true},
                                                             {"--labels", true},
                                                             {"--no-trail", false},
                                                             {"--up", true},
                                                             {"--grid", true},
                                                             {"--caption", true},
                                                             {"--strip", true},
                                                             {"--each", false},
                                                             {"--format", true},
                                                             {"--jobs", true},
                                                             kCompareOptionSpecs[0],
                                                             kCompareOptionSpecs[1],
                                                             kCompareOptionSpecs[2],
                                                             kCompareOptionSpecs[3],
                                                             {"--force", false},
                                                             kNoBudgetOption});
  const auto parsed = parse_arguments(args, specs, usage);
  if (!parsed) return usage_error(err, "render: " + usage.message);
  if (parsed->positionals.empty()) return usage_error(err, "render: expected a FILE (or several, side by side)");
  std::optional<std::string> output = parsed->value("-o");
  if (const auto long_output = parsed->value("--output")) output = long_output;
  if (!output || output->empty()) return usage_error(err, "render: -o OUT.png is required");
  // --each: one render per FILE into the folder OUT/, each checked below as the first file's is.
  const bool each = parsed->has("--each");
  std::vector<EachJob> each_jobs;
  const std::string each_directory = *output;
  std::size_t each_workers = 0;
  if (each) {
    if (output->back() != '/')
      return usage_error(err, "render: --each writes one file per FILE into a folder: -o OUTDIR/ (ending in '/')");
    if (parsed->has("--grid") || parsed->has("--caption") || parsed->has("--audio"))
      return usage_error(err, "render: --each renders each FILE alone: --grid, --caption and --audio are refused");
    for (const OptionSpec& spec : kCompareOptionSpecs) {
      if (parsed->has(spec.name))
        return usage_error(
            err, "render: --each renders each FILE alone: " + std::string(spec.name) + " needs clips side by side");
    }
    EachFormat format = EachFormat::Mp4;
    if (const auto text = parsed->value("--format")) {
      const std::optional<EachFormat> given = parse_each_format(*text);
      if (!given)
        return usage_error(err, "render: --format must be mp4, webm, gif, png or frames, not '" + *text + "'");
      format = *given;
    }
    each_workers = std::min(available_cores(), parsed->positionals.size());
    if (const auto text = parsed->value("--jobs")) {
      std::size_t jobs = 0;
      if (!parse_number(std::string_view(*text), jobs) || jobs < 1 || jobs > 256)
        return usage_error(err,
                           "render: --jobs must be a number of renders at once from 1 to 256, not '" + *text + "'");
      each_workers = std::min(jobs, parsed->positionals.size());
    }
    std::string clash;
    std::optional<std::vector<EachJob>> planned = plan_each(parsed->positionals, *output, format, clash);
    if (!planned) return usage_error(err, "render: " + clash);
    each_jobs = std::move(*planned);
    output = each_jobs.front().output;
  } else if (parsed->has("--format") || parsed->has("--jobs")) {
    return usage_error(err, "render: --format and --jobs are for --each (one output per FILE)");
  }
  const std::size_t files_per_render = each ? 1 : parsed->positionals.size();
  // The kind of output follows its name: a video (.mp4, .webm, .gif, a folder/ of PNGs), else a PNG still.
  const std::optional<video::VideoFormat> video_format = video::video_format_of(*output);
  std::vector<std::string> inputs = parsed->positionals;
  render::VideoOptions video_options;
  if (const auto audio = parsed->value("--audio")) {
    if (!video_format) return usage_error(err, "render: --audio needs a video output (.mp4 or .webm)");
    video_options.audio = *audio;
    inputs.push_back(*audio);
  }
  if (const auto text = parsed->value("--frames")) {
    const std::optional<FrameRange> range = parse_frame_range(*text);
    if (!range) return usage_error(err, "render: --frames must be A:B with 0 <= A <= B, not '" + *text + "'");
    video_options.frames = ClipFrameRange{range->first, range->last};
  }
  if (const auto text = parsed->value("--fps")) {
    double fps = 0.0;
    if (!parse_number(std::string_view(*text), fps) || !(fps >= 0.1) || fps > 1000.0)
      return usage_error(err,
                         "render: --fps must be a number of frames per second from 0.1 to 1000, not '" + *text + "'");
    video_options.fps = fps;
  }
  if (const auto text = parsed->value("--camera")) {
    const std::optional<render::VideoCamera> camera = render::parse_video_camera(*text);
    if (!camera) return usage_error(err, "render: --camera must be fixed, follow or orbit, not '" + *text + "'");
    video_options.camera = *camera;
  }
  if (const auto text = parsed->value("--quality")) {
    const std::optional<video::VideoQuality> quality = video::parse_video_quality(*text);
    if (!quality) return usage_error(err, "render: --quality must be preview, normal or best, not '" + *text + "'");
    video_options.quality = *quality;
  }
  int strip = 0;
  if (const auto text = parsed->value("--strip")) {
    if (!parse_number(std::string_view(*text), strip) || strip < 2 || strip > 64)
      return usage_error(err, "render: --strip must be a number of poses from 2 to 64, not '" + *text + "'");
    if (video_format || files_per_render != 1 || parsed->has("--grid") || parsed->has("--compare") ||
        parsed->has("--ghost") || parsed->has("--frame"))
      return usage_error(err, "render: --strip draws one FILE into one .png (its range: --frames A:B)");
    if (parsed->has("--ui")) return usage_error(err, "render: --strip draws the poses alone: leave out --ui");
  }
  if (!video_format && (video_options.fps || parsed->has("--camera") || parsed->has("--quality") ||
                        (video_options.frames && strip == 0))) {
    return usage_error(err,
                       "render: --frames, --fps, --camera and --quality are for videos (-o OUT.mp4, .webm, .gif or "
                       "DIR/); "
                       "a .png is one frame (--frame N)");
  }
  std::optional<render::GridLayout> grid;
  if (const auto text = parsed->value("--grid")) {
    render::GridLayout layout;
    if (!parse_size(*text, layout.columns, layout.rows, 1, 64))
      return usage_error(err, "render: --grid must be COLUMNSxROWS (1x1 to 64x64), not '" + *text + "'");
    if (static_cast<std::size_t>(layout.columns) * static_cast<std::size_t>(layout.rows) < parsed->positionals.size())
      return usage_error(err,
                         "render: " + std::to_string(parsed->positionals.size()) + " FILEs do not fit --grid " + *text);
    for (const auto& [name, value] : parsed->options)
      if (name == "--caption") layout.captions.push_back(value);
    if (layout.captions.size() >
        std::max<std::size_t>(parsed->positionals.size(), parsed->positionals.size() == 1
                                                              ? static_cast<std::size_t>(layout.columns * layout.rows)
                                                              : 0))
      return usage_error(err, "render: more --caption than FILEs");
    if (parsed->has("--ui") || parsed->has("--select") || parsed->has("--compare") || parsed->has("--ghost"))
      return usage_error(err,
                         "render: --grid draws each clip in its own tile: --ui, --select, --compare and --ghost "
                         "are for clips side by side");
    grid = std::move(layout);
  } else if (parsed->has("--caption")) {
    return usage_error(err, "render: --caption names the tiles of a --grid");
  }
  if (video_format && parsed->has("--frame"))
    return usage_error(err, "render: --frame is for a .png still; a video takes --frames A:B");
  if (each) each_jobs.front().output = *output;  // checked below with the others
  for (std::size_t i = 0; i < std::max<std::size_t>(each_jobs.size(), 1); ++i) {
    const std::string& target = each ? each_jobs[i].output : *output;
    const std::string checked_output =
        video_format == video::VideoFormat::PngSequence ? video::sequence_frame_path(target, 0) : target;
    if (const auto conflict = io::output_conflict(checked_output, inputs)) {
      err << "bvhscope: render: " << printable(*conflict) << "; nothing was written\n";
      return kExitUsage;
    }
    // A folder of frames is not mixed with an earlier render's: refused, or replaced whole (--force).
    if (video_format == video::VideoFormat::PngSequence && !parsed->has("--force")) {
      if (const std::size_t old = video::count_sequence_frames(target); old > 0)
        return usage_error(err, "render: " + target + " " + video::sequence_in_use_text(old) +
                                    "; --force replaces them, or choose another folder");
    }
  }
  video_options.replace_frames = parsed->has("--force");

  render::OffscreenOptions options;
  options.ui = parsed->has("--ui");
  if (options.ui && ui_rendering().still == nullptr)
    return usage_error(err, "render: --ui draws the viewer's panels, which this build of the commands leaves out");
  options.trajectory = parsed->has("--trajectory");
  options.trail = !parsed->has("--no-trail");
  if (const auto select = parsed->value("--select")) {
    if (select->empty()) return usage_error(err, "render: --select needs a joint name");
    options.select = *select;
  }
  if (const auto labels = parsed->value("--labels")) {
    if (*labels == "none") {
      options.labels = 0;
    } else if (*labels == "chain") {
      options.labels = 1;
    } else if (*labels == "all") {
      options.labels = 2;
    } else {
      return usage_error(err, "render: --labels must be none, chain or all, not '" + *labels + "'");
    }
  }
  long frame = 0;
  if (const auto text = parsed->value("--frame")) {
    if (!parse_number(std::string_view(*text), frame) || frame < 0) {
      return usage_error(err, "render: --frame must be a frame number (0 is the first frame), not '" + *text + "'");
    }
  }
  if (const auto text = parsed->value("--size")) {
    if (!parse_size(*text, options.width, options.height)) {
      return usage_error(err, "render: --size must be WIDTHxHEIGHT between 16x16 and 8192x8192, not '" + *text + "'");
    }
  }
  if (video_format == video::VideoFormat::Mp4 && (options.width % 2 != 0 || options.height % 2 != 0)) {
    return usage_error(err, "render: MP4 (H.264, yuv420p) needs an even width and height, not " +
                                std::to_string(options.width) + "x" + std::to_string(options.height) + " (use " +
                                std::to_string(options.width + options.width % 2) + "x" +
                                std::to_string(options.height + options.height % 2) + ")");
  }
  if (const auto style = parsed->value("--style")) {
    if (*style != "solid" && *style != "lines")
      return usage_error(err, "render: --style must be solid or lines, not '" + *style + "'");
    options.solid = *style == "solid";
  }
  const auto interpretation = interpretation_options(*parsed, "render", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto compare = compare_start_options(*parsed, "render", usage);
  if (!compare) return usage_error(err, usage.message);
  options.compare = *compare;
  const auto choice = motion_choice_options(*parsed, "render", usage);
  if (!choice) return usage_error(err, usage.message);
  if (each) {
    // Every option but the output and the batch's own goes to each worker as given.
    std::vector<std::string> shared;
    for (const auto& [name, value] : parsed->options) {
      if (name == "-o" || name == "--output" || name == "--each" || name == "--format" || name == "--jobs") continue;
      const bool flag = std::any_of(specs.begin(), specs.end(), [&option = name](const OptionSpec& spec) {
        return spec.name == option && !spec.takes_value;
      });
      shared.push_back(flag ? name : name + "=" + value);
    }
    std::error_code made;
    std::filesystem::create_directories(each_directory, made);
    if (made) {
      err << printable(each_directory) << ": error: cannot create the folder: " << made.message() << '\n';
      return kExitBadInput;
    }
    return run_each(each_jobs, shared, each_workers, err);
  }

  std::vector<Clip> loaded;
  std::uint64_t bytes = 0;
  if (grid && parsed->positionals.size() == 1 && !choice->motion) {
    // One file in a grid: every motion it holds, a tile each, captioned by its name (a prompt).
    std::optional<std::vector<Clip>> motions = load_all_motions_reporting(parsed->positionals[0], err, &bytes, *choice);
    if (!motions) return kExitBadInput;
    const auto tiles = static_cast<std::size_t>(grid->columns) * static_cast<std::size_t>(grid->rows);
    if (motions->size() > tiles) {
      err << printable(parsed->positionals[0]) << ": warning: the file holds " << motions->size()
          << " motions; the grid's " << tiles << " tiles show the first " << tiles << '\n';
      motions->resize(tiles);
    }
    for (std::size_t i = grid->captions.size(); i < motions->size(); ++i) grid->captions.push_back((*motions)[i].name);
    loaded = std::move(*motions);
  } else {
    for (const std::string& path : parsed->positionals) {
      std::uint64_t clip_bytes = 0;
      std::optional<Clip> clip = load_clip_reporting(path, err, &clip_bytes, *choice);
      if (!clip) return kExitBadInput;
      loaded.push_back(std::move(*clip));
      bytes += clip_bytes;
    }
  }
  // --frame counts the active (last) clip's frames; in a grid, the longest clip's.
  const Motion* counted = &loaded.back().motion;
  if (grid) {
    for (const Clip& clip : loaded) {
      if (clip.motion.duration() > counted->duration()) counted = &clip.motion;
    }
  }
  const std::size_t frames = counted->frame_count;
  if (video_format) {          // every clip posed at each frame of the video, from the headers' numbers before any is
    std::string timing_error;  // (a plan that fails is reported by the render)
    if (const auto timing =
            plan_video_timing(frames, counted->frame_time, video_options.frames, video_options.fps, timing_error)) {
      PlannedWork work{0, timing->frame_count};
      for (const Clip& clip : loaded) work.per_frame += static_cast<std::uint64_t>(clip.skeleton.joint_count());
      const std::string label = loaded.size() == 1 ? parsed->positionals[0] : std::string("bvhscope: render");
      if (!within_work_budget(*parsed, label, work, bytes, FramesOption::Taken, err)) return kExitBadInput;
    }
  }
  std::vector<PreparedClip> prepared;
  for (Clip& clip : loaded) prepared.push_back(prepare_clip(std::move(clip), interpretation->mode, interpretation->up));
  loaded.clear();
  if (static_cast<std::size_t>(frame) >= std::max<std::size_t>(frames, 1)) {
    return usage_error(err, "render: --frame " + std::to_string(frame) + " is past the last frame (" +
                                std::to_string(frames > 0 ? frames - 1 : 0) + ")");
  }
  options.frame = static_cast<std::size_t>(frame);
  if (video_options.frames) {  // a video's or a filmstrip's range, in the frames counted above
    if (const auto problem = frame_range_problem(video_options.frames->first, video_options.frames->last, frames))
      return usage_error(err, "render: " + *problem);
  }
  if (strip > 0) {  // the poses over --frames A:B (every frame by default); the newest is drawn at B
    const std::size_t last_frame = frames > 0 ? frames - 1 : 0;
    options.strip = strip;
    options.strip_first = video_options.frames ? std::min(video_options.frames->first, last_frame) : 0;
    options.strip_last = video_options.frames ? std::min(video_options.frames->last, last_frame) : last_frame;
    options.frame = options.strip_last;
  }

  if (grid && !video_format) {  // a still grid: --frame counts frames of the longest clip
    std::string error;
    if (!render::render_grid_png(std::move(prepared), options, *grid, static_cast<std::size_t>(frame), *output,
                                 error)) {
      err << output_error(*output, error);
      return kExitBadInput;
    }
    return kExitOk;
  }
  if (video_format) {
    // A progress line on a terminal for long renders (none when stderr is not one).
    if (::isatty(STDERR_FILENO) == 1) {
      video_options.progress = [&err](std::size_t done, std::size_t total) {
        if (done % 10 != 0 && done != total) return;
        err << "\rrendering frame " << done << " of " << total << (done == total ? "\n" : "") << std::flush;
      };
    }
    std::string error;
    const bool rendered =
        grid         ? render::render_grid_video(std::move(prepared), options, *grid, video_options, *output, error)
        : options.ui ? ui_rendering().video(std::move(prepared), options, video_options, *output, error)
                     : render::render_video(std::move(prepared), options, video_options, *output, error, session);
    if (!rendered) {
      err << output_error(*output, error);
      return kExitBadInput;
    }
    return kExitOk;
  }

  std::string error;
  const std::optional<render::OffscreenImage> image =
      options.ui ? ui_rendering().still(std::move(prepared), options, error)
                 : render::render_still(std::move(prepared), options, error, session);
  if (!image) {
    err << "bvhscope: render: " << printable(error) << '\n';
    return kExitBadInput;
  }
  for (const render::OffscreenImage::Notice& notice : image->notices) {
    err << printable(notice.file) << ": warning: drawn with less detail: " << printable(notice.text) << '\n';
  }
  if (!video::write_png_file(*output, image->width, image->height, image->rgba.data(), error)) {
    err << output_error(*output, error);
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace
}  // namespace bvhscope::cli
