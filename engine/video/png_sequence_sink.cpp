// The PNG sequence sink: frame_00000.png ... written by write_png_file on the queue's thread into
// an io::TemporaryFolder beside FOLDER, put in place together by commit() (FOLDER made then, or its
// frame_*.png replaced as one set: the new frames in, the old ones the new set lacks removed, other
// files left alone). Abandoned, interrupted or failed, it leaves nothing.
#include <filesystem>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/temporary_folder.hpp"
#include "video/frame_queue.hpp"
#include "video/png_file.hpp"
#include "video/sinks.hpp"

namespace bvhscope::video::detail {
namespace {

class PngSequenceSink final : public FrameSink {
 public:
  PngSequenceSink(std::string folder, io::TemporaryFolder frames, bool replace, int width, int height,
                  std::size_t buffers)
      : folder_(std::move(folder)),
        frames_(std::move(frames)),
        replace_(replace),
        width_(width),
        height_(height),
        queue_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, buffers,
               [this](const std::uint8_t* frame, std::size_t index, std::string& error) {
                 return write_frame(frame, index, error);
               }) {}

  ~PngSequenceSink() override {
    if (committed_) return;
    std::string ignored;
    queue_.finish(ignored);  // the frame being encoded ends before its folder is removed (frames_)
  }

  bool write(const std::uint8_t* rgba, std::string& error) override {
    return writable(error) && queue_.push(rgba, error);
  }

  bool write_filled(const Filler& fill, std::string& error) override {
    return writable(error) && queue_.push_filled(fill, error);
  }

  bool commit(std::string& error) override {
    if (finished_) {
      error = folder_ + ": the sequence is already finished";
      return false;
    }
    finished_ = true;
    if (!queue_.finish(error)) return false;
    if (!frames_.commit(is_sequence_frame_name, replace_, error)) {
      error = folder_ + ": " + error;
      return false;
    }
    committed_ = true;
    return true;
  }

  [[nodiscard]] std::size_t waits() const noexcept override { return queue_.waits(); }

 private:
  // false with `error` once finished or interrupted.
  bool writable(std::string& error) {
    if (finished_) {
      error = folder_ + ": the sequence is already finished";
      return false;
    }
    if (const int signal_number = io::interrupt_signal(); signal_number != 0) {
      finished_ = true;
      error = folder_ + ": interrupted (signal " + std::to_string(signal_number) + ")";
      return false;
    }
    return true;
  }

  bool write_frame(const std::uint8_t* frame, std::size_t index, std::string& error) {
    const std::string path = sequence_frame_path(frames_.path(), index);
    if (!write_png_file(path, width_, height_, frame, error)) {
      error = sequence_frame_path(folder_, index) + ": " + error;
      return false;
    }
    return true;
  }

  std::string folder_;
  io::TemporaryFolder frames_;  // removed with what it holds unless committed
  bool replace_;
  int width_;
  int height_;
  bool finished_ = false;
  bool committed_ = false;
  FrameQueue queue_;  // last: its thread stops before the rest goes
};

}  // namespace

OpenedSink open_png_sequence_sink(const std::string& folder, int width, int height, const FrameSinkOptions& options) {
  std::error_code ec;
  if (std::filesystem::exists(folder, ec) && !std::filesystem::is_directory(folder, ec))
    return OpenedSink{nullptr, folder + ": is not a folder"};
  if (const std::size_t old = count_sequence_frames(folder); old > 0 && !options.replace_frames) {
    return OpenedSink{nullptr, folder + ": " + sequence_in_use_text(old) +
                                   "; replace them (render --force, Overwrite in the viewer's export dialog) or "
                                   "choose another folder"};
  }
  std::string error;
  std::optional<io::TemporaryFolder> frames = io::TemporaryFolder::create(folder, error);
  if (!frames) return OpenedSink{nullptr, folder + ": " + error};
  return OpenedSink{std::make_unique<PngSequenceSink>(folder, std::move(*frames), options.replace_frames, width, height,
                                                      options.queue_frames),
                    {}};
}

}  // namespace bvhscope::video::detail
