// bvhscope thumbnail IN.bvh OUT.png [--size N]: a file manager's preview of a BVH file (the
// freedesktop thumbnailer runs it). Quick on a file of any length: only the hierarchy and the first
// frames are read; drawn offscreen (EGL without a display) as `render` draws frame 0.
#include <charconv>
#include <string>
#include <vector>

#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "formats/read_motions.hpp"
#include "io/output_guard.hpp"
#include "render/offscreen_renderer.hpp"
#include "video/png_file.hpp"

namespace bvhscope::cli {

namespace {

// Enough frames for the up axis and position mode to be read from the motion, few enough to read
// in a moment whatever the file's length.
constexpr std::size_t kThumbnailFrames = 120;
constexpr int kDefaultSize = 256;
constexpr int kMinSize = 16;
constexpr int kMaxSize = 4096;

}  // namespace

int run_thumbnail(const std::vector<std::string>& args, std::ostream& /*out*/, std::ostream& err) {
  UsageError usage;
  const std::vector<OptionSpec> specs = {{"--size", true}};
  const auto parsed = parse_arguments(args, specs, usage);
  if (!parsed) return usage_error(err, "thumbnail: " + usage.message);
  if (parsed->positionals.size() != 2) return usage_error(err, "thumbnail: expected IN.bvh OUT.png");
  const std::string& input = parsed->positionals[0];
  const std::string& output = parsed->positionals[1];
  int size = kDefaultSize;
  if (const auto text = parsed->value("--size")) {
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), size);
    if (error != std::errc() || end != text->data() + text->size() || size < kMinSize || size > kMaxSize) {
      return usage_error(err, "thumbnail: --size must be a whole number of pixels from " + std::to_string(kMinSize) +
                                  " to " + std::to_string(kMaxSize) + ", not '" + *text + "'");
    }
  }
  const std::vector<std::string> inputs = {input};
  if (const auto conflict = io::output_conflict(output, inputs)) {
    err << "bvhscope: thumbnail: " << printable(*conflict) << "; nothing was written\n";
    return kExitUsage;
  }

  Result<Clip> clip = read_motion_head(input, kThumbnailFrames);
  if (!clip) {
    err << format_diagnostic(clip.error(), Severity::Error) << '\n';
    return kExitBadInput;
  }
  render::OffscreenOptions options;
  options.width = size;
  options.height = size;
  std::vector<PreparedClip> clips;
  clips.push_back(prepare_clip(std::move(clip).value(), PositionModeRequest::Auto));
  std::string error;
  const std::optional<render::OffscreenImage> image = render::render_still(std::move(clips), options, error);
  if (!image) {
    err << "bvhscope: thumbnail: " << printable(error) << '\n';
    return kExitBadInput;
  }
  if (!video::write_png_file(output, image->width, image->height, image->rgba.data(), error)) {
    err << printable(output) << ": error: " << printable(error) << '\n';
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace bvhscope::cli
