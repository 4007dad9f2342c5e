// The PNG sequence sink: FOLDER/frame_00000.png ..., each written by write_png_file on the queue's
// thread. Abandoned, it removes the frames it wrote (and the folder it made, when
// empty); committed, it leaves them all. Files it did not write are never touched.
#include <filesystem>
#include <vector>

#include "io/atomic_file.hpp"
#include "video/frame_queue.hpp"
#include "video/png_file.hpp"
#include "video/sinks.hpp"

namespace bvhscope::video::detail {
namespace {

class PngSequenceSink final : public FrameSink {
 public:
  PngSequenceSink(std::string folder, bool made_folder, int width, int height, std::size_t buffers)
      : folder_(std::move(folder)),
        made_folder_(made_folder),
        width_(width),
        height_(height),
        queue_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, buffers,
               [this](const std::uint8_t* frame, std::size_t index, std::string& error) {
                 return write_frame(frame, index, error);
               }) {}

  ~PngSequenceSink() override {
    if (committed_) return;
    std::string ignored;
    queue_.finish(ignored);  // the frame being encoded ends before its file is removed
    std::error_code ec;
    for (std::size_t i = 0; i < written_; ++i) std::filesystem::remove(sequence_frame_path(folder_, i), ec);
    if (made_folder_) std::filesystem::remove(folder_, ec);  // only when empty
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
    const std::string path = sequence_frame_path(folder_, index);
    if (!write_png_file(path, width_, height_, frame, error)) {
      error = path + ": " + error;
      return false;
    }
    written_ = index + 1;  // read by the destructor after the queue's thread stopped
    return true;
  }

  std::string folder_;
  bool made_folder_;
  int width_;
  int height_;
  std::size_t written_ = 0;
  bool finished_ = false;
  bool committed_ = false;
  FrameQueue queue_;  // last: its thread stops before the rest goes
};

}  // namespace

OpenedSink open_png_sequence_sink(const std::string& folder, int width, int height, const FrameSinkOptions& options) {
  std::error_code ec;
  const bool existed = std::filesystem::exists(folder, ec);
  if (!existed && !std::filesystem::create_directories(folder, ec)) {
    return OpenedSink{nullptr, folder + ": cannot create the folder: " + ec.message()};
  }
  if (!std::filesystem::is_directory(folder, ec)) return OpenedSink{nullptr, folder + ": is not a folder"};
  return OpenedSink{std::make_unique<PngSequenceSink>(folder, !existed, width, height, options.queue_frames), {}};
}

}  // namespace bvhscope::video::detail
