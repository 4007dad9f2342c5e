// The video sink that encodes in this process (video/libav_encoder): frames converted to 4:2:0
// and encoded on the queue's thread, into a temporary file beside OUT renamed over it at commit.
#include <optional>

#include "io/atomic_file.hpp"
#include "video/frame_queue.hpp"
#include "video/libav_encoder.hpp"
#include "video/queued_sink.hpp"
#include "video/sinks.hpp"
#include "video/video_check.hpp"
#include "video/yuv420_frames.hpp"

namespace bvhscope::video::detail {
namespace {

class LibavSink final : public QueuedSink {
 public:
  LibavSink(std::string target, VideoFormat format, io::AtomicFile file, std::unique_ptr<LibavEncoder> encoder,
            int width, int height, std::size_t buffers)
      : QueuedSink(std::move(target), static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4),
        format_(format),
        file_(std::move(file)),
        encoder_(std::move(encoder)),
        yuv_(width, height, buffers),
        queue_(frame_bytes(), buffers, [this](const std::uint8_t* frame, std::size_t index, std::string& error) {
          const std::optional<Yuv420Planes> planes = encoder_->frame_planes(error);
          if (!planes) return false;
          yuv_.convert_into(frame, index, *planes);
          return encoder_->encode_frame(static_cast<std::int64_t>(index), error);
        }) {}

  bool commit(std::string& error) override {
    if (!usable(error)) return false;
    finish_writing();
    std::string reason;
    if (!queue_.finish(reason) || !encoder_->finish(reason)) {
      error = target() + ": " + reason;
      return false;  // the destructor removes the temporary file
    }
    const std::string& written = file_.temporary_path();
    if (!written.empty()) {  // else a device, written directly
      if (const std::optional<std::string> damage = check_video_file(written, format_)) {
        error = target() + ": the " + std::string(format_name(format_)) + " written is incomplete: " + *damage +
                "; nothing was written";
        return false;
      }
    }
    if (!file_.commit(error)) {
      error = target() + ": " + error;
      return false;
    }
    return true;
  }

  [[nodiscard]] std::size_t waits() const noexcept override { return queue_.waits(); }

 private:
  FrameQueue& queue() override { return queue_; }
  void note_changes(std::size_t slot, const std::vector<FrameRegion>* changed) override {
    yuv_.note_changes(slot, changed);
  }
  std::string failed_write(const std::string& reason) override { return target() + ": " + reason; }

  VideoFormat format_;
  io::AtomicFile file_;
  std::unique_ptr<LibavEncoder> encoder_;
  Yuv420Frames yuv_;
  FrameQueue queue_;  // last: its thread stops before the encoder and the file go
};

}  // namespace

std::optional<OpenedSink> open_libav_sink(const std::string& path, VideoFormat format, const EncodeSettings& settings,
                                          const FrameSinkOptions& options, std::string& why_not) {
  const LibavFunctions* av = libav_functions(why_not);
  if (av == nullptr) return std::nullopt;  // the ffmpeg program, then
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
  if (!file) return OpenedSink{nullptr, path + ": " + error};
  // The temporary file, truncated and written by the muxer; a device target (no temporary file)
  // is written directly.
  const std::string encoded = file->temporary_path().empty() ? path : file->temporary_path();
  std::unique_ptr<LibavEncoder> encoder = LibavEncoder::open(*av, encoded, format, settings, error);
  if (!encoder) return OpenedSink{nullptr, path + ": " + error};
  return OpenedSink{std::make_unique<LibavSink>(path, format, std::move(*file), std::move(encoder), settings.width,
                                                settings.height, options.queue_frames),
                    {}};
}

}  // namespace bvhscope::video::detail
