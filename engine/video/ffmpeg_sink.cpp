// The video sink: frames piped to an ffmpeg child that encodes into a temporary file beside OUT.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/write_all.hpp"
#include "video/child_process.hpp"
#include "video/frame_queue.hpp"
#include "video/queued_sink.hpp"
#include "video/sinks.hpp"
#include "video/video_check.hpp"
#include "video/yuv420_frames.hpp"

namespace bvhscope::video::detail {
namespace {

// `size` bytes into the pipe to ffmpeg; false with `error` saying why not (a broken pipe: ffmpeg died).
bool pipe_frame(int fd, const std::uint8_t* data, std::size_t size, std::string& error) {
  if (io::write_all(fd, std::string_view(reinterpret_cast<const char*>(data), size))) return true;
  error = errno != 0 ? std::strerror(errno) : "nothing was written";
  return false;
}

class FfmpegSink final : public QueuedSink {
 public:
  // Frames of width x height RGBA, piped as they are or, for an encoder of 4:2:0, converted on
  // the queue's thread (pipes_yuv420, Yuv420Frames).
  FfmpegSink(std::string target, VideoFormat format, io::AtomicFile file, ChildProcess child, int width, int height,
             std::size_t buffers)
      : QueuedSink(std::move(target), static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4),
        format_(format),
        file_(std::move(file)),
        child_(std::move(child)),
        yuv_(pipes_yuv420(format) ? std::optional<Yuv420Frames>(std::in_place, width, height, buffers) : std::nullopt),
        queue_(frame_bytes(), buffers, [this](const std::uint8_t* frame, std::size_t index, std::string& error) {
          if (!yuv_) return pipe_frame(child_.stdin_fd(), frame, frame_bytes(), error);
          return pipe_frame(child_.stdin_fd(), yuv_->convert(frame, index), yuv_->bytes(), error);
        }) {}

  ~FfmpegSink() override {
    // Abandoned (or already finished): the child is killed first, so a blocked pipe write ends.
    child_.kill();
  }

  bool commit(std::string& error) override {
    if (!usable(error)) return false;
    finish_writing();
    std::string reason;
    const bool written = queue_.finish(reason);
    child_.close_stdin();  // end of input: ffmpeg finishes the file
    int signal_number = 0;
    const int code = child_.wait(&signal_number);
    if (!written || code != 0) {
      error = failure(written ? std::string() : reason, code, signal_number);
      return false;  // the destructor removes the temporary file
    }
    if (const std::optional<std::string> unfinished = unfinished_video()) {
      error = target() + ": " + *unfinished + "; nothing was written";
      return false;  // the temporary file goes with the sink; what was at OUT stays
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
    if (yuv_) yuv_->note_changes(slot, changed);
  }

  // A frame could not be piped: ffmpeg's own last lines say why.
  std::string failed_write(const std::string& reason) override {
    child_.close_stdin();
    int signal_number = 0;
    const int code = child_.wait(&signal_number);
    return failure(reason, code, signal_number);
  }

  // ffmpeg exited 0, yet the video may be cut short: ffmpeg 5.1 exits 0 when its last writes (the
  // trailer, an MP4's index) fail on a full disk. Its stderr and the file's structure say so.
  std::optional<std::string> unfinished_video() const {
    if (const std::optional<std::string> line = ffmpeg_write_error(child_.stderr_tail()))
      return "ffmpeg could not finish the video (though it exited 0): " + *line;
    const std::string& written = file_.temporary_path();
    if (written.empty()) return std::nullopt;  // a device or a pipe, written directly: no file to check
    if (const std::optional<std::string> damage = check_video_file(written, format_))
      return "ffmpeg exited 0 but the " + std::string(format_name(format_)) + " it wrote is incomplete: " + *damage;
    return std::nullopt;
  }

  // ffmpeg failed or died (`reason`: why a pipe write failed, if one did). Its own last lines say why.
  std::string failure(const std::string& reason, int code, int signal_number) const {
    const std::string said = child_.stderr_tail();
    std::string how = signal_number != 0 ? "ffmpeg was killed by signal " + std::to_string(signal_number)
                      : code > 0         ? "ffmpeg failed (exit status " + std::to_string(code) + ")"
                                         : "cannot write frames to ffmpeg: " + reason;
    return target() + ": " + how + (said.empty() ? std::string() : ": " + said);
  }

  VideoFormat format_;
  io::AtomicFile file_;
  ChildProcess child_;
  std::optional<Yuv420Frames> yuv_;  // frames piped as 4:2:0 (pipes_yuv420); none: as RGBA
  FrameQueue queue_;                 // last: its thread stops before the child and the file go
};

}  // namespace

OpenedSink open_ffmpeg_sink(const std::string& path, VideoFormat format, const EncodeSettings& settings,
                            const FrameSinkOptions& options) {
  std::string search_path;
  if (options.search_path) {
    search_path = *options.search_path;
  } else if (const char* env = std::getenv("PATH")) {
    search_path = env;
  }
  const std::string name = options.ffmpeg.empty() ? std::string("ffmpeg") : options.ffmpeg;
  const std::optional<std::string> program = find_program(name, search_path);
  if (!program) {
    return OpenedSink{nullptr, path + ": " + format_name(format) + " output needs ffmpeg, which is not " +
                                   (name.find('/') != std::string::npos ? "at " + name : "on PATH") +
                                   " (install Debian's ffmpeg package: apt-get install ffmpeg; a folder "
                                   "OUT/ writes PNG frames without it)"};
  }
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
  if (!file) return OpenedSink{nullptr, path + ": " + error};
  // ffmpeg writes the temporary file (truncating the empty file made above); a device target
  // (no temporary file) it writes directly.
  const std::string encoded = file->temporary_path().empty() ? path : file->temporary_path();
  std::optional<ChildProcess> child = ChildProcess::start(*program, ffmpeg_arguments(format, settings, encoded), error);
  if (!child) return OpenedSink{nullptr, path + ": " + error};
  ::fcntl(child->stdin_fd(), F_SETPIPE_SZ, 1 << 20);  // fewer, larger writes; best effort
  return OpenedSink{std::make_unique<FfmpegSink>(path, format, std::move(*file), std::move(*child), settings.width,
                                                 settings.height, options.queue_frames),
                    {}};
}

}  // namespace bvhscope::video::detail
