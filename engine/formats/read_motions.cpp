#include "formats/read_motions.hpp"

#include "anim/file_loader.hpp"
#include "formats/sniff.hpp"

namespace bvhscope {
namespace {

// The file at `path` read by `format`: streamed by its own reader, or read whole and handed to its
// bytes reader (the bytes all read before anything is parsed).
Result<MotionFile> read_with(const MotionFormat& format, const std::string& path, const ReadOptions& options) {
  if (format.read_path != nullptr) return format.read_path(path, options);
  Result<FileBytes> bytes = read_file_bytes(path);
  if (!bytes) return bytes.error();
  const std::string_view view = bytes.value().view();
  if (options.progress != nullptr) {
    options.progress->bytes_total.store(view.size(), std::memory_order_relaxed);
    options.progress->bytes_read.store(view.size(), std::memory_order_relaxed);
  }
  return format.read_bytes(view, path, options);
}

// The format that reads the file at `path`: by its content when it can be read here, else the one
// its name says, else BVH, whose reader then says why the file cannot be read (a folder, a FIFO,
// a missing file: the messages a load has always given).
Result<const MotionFormat*> format_of_file(const std::string& path) {
  if (const std::optional<FileHead> head = read_file_head(path)) return sniff_format(head->bytes, head->whole, path);
  if (const MotionFormat* named = format_for_extension(path)) return named;
  return &motion_formats().front();
}

}  // namespace

Result<MotionFile> read_motions(const std::string& path, const ReadOptions& options) {
  Result<const MotionFormat*> format = format_of_file(path);
  if (!format) return format.error();
  return read_with(*format.value(), path, options);
}

Result<MotionFile> read_motions_from_bytes(std::string_view bytes, std::string_view source,
                                           const ReadOptions& options) {
  const bool whole = bytes.size() <= kSniffBytes;
  Result<const MotionFormat*> format = sniff_format(bytes.substr(0, kSniffBytes), whole, source);
  if (!format) return format.error();
  return format.value()->read_bytes(bytes, source, options);
}

Result<Clip> read_motion_head(const std::string& path, std::size_t max_frames) {
  Result<const MotionFormat*> format = format_of_file(path);
  if (!format) return format.error();
  if (format.value()->read_head != nullptr) return format.value()->read_head(path, max_frames);
  Result<MotionFile> file = read_with(*format.value(), path, {});
  if (!file) return file.error();
  Clip clip = std::move(file.value().motions.front());
  if (clip.motion.frame_count > max_frames) {  // the first frames of the first motion
    clip.motion.frame_count = max_frames;
    clip.motion.values.resize(max_frames * static_cast<std::size_t>(clip.motion.channel_count));
    clip.motion.positions.resize(max_frames * static_cast<std::size_t>(clip.motion.position_joints) * 3);
  }
  return clip;
}

bool has_motion_file_extension(std::string_view path) noexcept { return format_for_extension(path) != nullptr; }

bool is_motion_file(const std::string& path) {
  if (has_motion_file_extension(path)) return true;
  const std::optional<FileHead> head = read_file_head(path);
  if (!head) return false;
  for (const MotionFormat& format : motion_formats()) {
    if (format.sniff(head->bytes, head->whole) == Sniffed::Yes) return true;
  }
  return false;
}

}  // namespace bvhscope
