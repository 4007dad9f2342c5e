// The video sink that encodes in this process (video/libav_encoder): frames converted to 4:2:0
// and encoded on the queue's thread, into a temporary file beside OUT renamed over it at commit.
#include <cstring>
#include <optional>

#include "io/atomic_file.hpp"
#include "video/frame_queue.hpp"
#include "video/libav_encoder.hpp"
#include "video/sinks.hpp"
#include "video/video_check.hpp"
#include "video/yuv420_frames.hpp"

namespace bvhscope::video::detail {
namespace {

class LibavSink final : public FrameSink {
 public:
  LibavSink(std::string target, VideoFormat format, io::AtomicFile file, std::unique_ptr<LibavEncoder> encoder,
            int width, int height, std::size_t buffers)
      : target_(std::move(target)),
        format_(format),
        file_(std::move(file)),
        encoder_(std::move(encoder)),
        frame_bytes_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4),
        yuv_(width, height, buffers),
        queue_(frame_bytes_, buffers, [this](const std::uint8_t* frame, std::size_t index, std::string& error) {
          return encoder_->encode(yuv_.convert(frame, index), static_cast<std::int64_t>(index), error);
        }) {}

  bool write(const std::uint8_t* rgba, std::string& error) override {
    return write_changes([&](std::uint8_t* buffer, std::size_t) { std::memcpy(buffer, rgba, frame_bytes_); }, nullptr,
                         error);
  }

  bool write_filled(const Filler& fill, std::string& error) override { return write_changes(fill, nullptr, error); }

  bool write_changed(const Filler& fill, const std::vector<FrameRegion>& changed, std::string& error) override {
    return write_changes(fill, &changed, error);
  }

  bool commit(std::string& error) override {
    if (!usable(error)) return false;
    finished_ = true;
    std::string reason;
    if (!queue_.finish(reason) || !encoder_->finish(reason)) {
      error = target_ + ": " + reason;
      return false;  // the destructor removes the temporary file
    }
    const std::string& written = file_.temporary_path();
    if (!written.empty()) {
      if (const std::optional<std::string> damage = check_video_file(written, format_)) {
        error = target_ + ": the " + std::string(format_name(format_)) + " written is incomplete: " + *damage +
                "; nothing was written";
        return false;
      }
    }
    if (!file_.commit(error)) {
      error = target_ + ": " + error;
      return false;
    }
    return true;
  }

  [[nodiscard]] std::size_t waits() const noexcept override { return queue_.waits(); }

 private:
  // A frame into the queue, with where it changed since the frame before it (nullptr: anywhere).
  bool write_changes(const Filler& fill, const std::vector<FrameRegion>* changed, std::string& error) {
    if (!usable(error)) return false;
    std::string reason;
    const bool queued = queue_.push_filled(
        [&](std::uint8_t* buffer, std::size_t slot) {
          yuv_.note_changes(slot, changed);
          fill(buffer, slot);
        },
        reason);
    if (queued) return true;
    finished_ = true;
    error = target_ + ": " + reason;
    return false;
  }

  // Not finished, and no deferred SIGINT/SIGTERM/SIGHUP (io::defer_interrupt_signals) came: one
  // that came ends the video (the caller drops the sink, which removes the temporary file).
  bool usable(std::string& error) {
    if (finished_) {
      error = target_ + ": the video is already finished";
      return false;
    }
    const int signal_number = io::interrupt_signal();
    if (signal_number == 0) return true;
    finished_ = true;
    error = target_ + ": interrupted (signal " + std::to_string(signal_number) + ")";
    return false;
  }

  std::string target_;
  VideoFormat format_;
  io::AtomicFile file_;
  std::unique_ptr<LibavEncoder> encoder_;
  std::size_t frame_bytes_;  // width * height * 4
  Yuv420Frames yuv_;
  FrameQueue queue_;  // last: its thread stops before the encoder and the file go
  bool finished_ = false;
};

}  // namespace

std::optional<OpenedSink> open_libav_sink(const std::string& path, VideoFormat format, const EncodeSettings& settings,
                                          const FrameSinkOptions& options) {
  std::string error;
  const LibavFunctions* av = libav_functions(error);
  if (av == nullptr) return std::nullopt;  // the ffmpeg program, then
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
