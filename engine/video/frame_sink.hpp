// Where `render -o OUT` puts its frames: a video (MP4, WebM, GIF) or a PNG sequence, chosen by
// OUT's name (video_format_of). An MP4 or a WebM without audio is encoded in this process through
// FFmpeg's libraries (video/libav_encoder) when they load; a GIF, a video with audio, or any
// video when they do not, by an ffmpeg child process fed through a pipe. Frames are RGBA rows, top
// row first, all of the size given at opening. Nothing appears under OUT before commit(): the
// encoder writes a temporary file beside it (an io::AtomicFile: removed on an error, on
// destruction without commit, or when SIGINT/SIGTERM/SIGHUP ends the process) that commit()
// renames over OUT once the encoding succeeded (ffmpeg exited 0 and said nothing of a failed
// write) and the file is a whole video (check_video_file). A PNG sequence is written into an
// io::TemporaryFolder beside OUT/, put in place as one set by commit().
//
// The caller checks OUT with io::output_conflict first (for a PNG sequence: every
// sequence_frame_path it will write), the audio file counting as an input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "video/video_format.hpp"

namespace bvhscope::video {

// Who encodes an MP4 or a WebM without audio (the rest always goes to the ffmpeg program).
enum class VideoEncoder {
  Automatic,  // FFmpeg's libraries in this process when they load, else the ffmpeg program
  Library,    // FFmpeg's libraries only: opening fails when they do not load (for tests)
  Program,    // the ffmpeg program, fed through a pipe
};

struct FrameSinkOptions {
  std::string audio;      // a sound file (WAV, anything ffmpeg reads) muxed from frame 0; MP4 and WebM only
  double duration = 0.0;  // the video's seconds (frame count / fps): needed with `audio`, which is padded or cut to it
  // Naming a program (ffmpeg or search_path) asks for it: encoder is then taken as Program.
  VideoEncoder encoder = VideoEncoder::Automatic;
  std::string ffmpeg;                      // the ffmpeg program; empty: "ffmpeg" looked up on `search_path`
  std::optional<std::string> search_path;  // a PATH value; nullopt: the environment's PATH
  std::size_t queue_frames = 3;            // frames buffered between write() and the encoder
  VideoQuality quality = VideoQuality::Normal;
  // A PNG sequence into a folder that already holds frames (frame_*.png): refused unless set;
  // set, commit() replaces them all with the new ones (other files in the folder stay).
  bool replace_frames = false;
};

// A rectangle of a frame in pixels: x from the left, y from the top (rows top first).
struct FrameRegion {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
};

class FrameSink {
 public:
  virtual ~FrameSink() = default;  // without commit(): abandoned (ffmpeg killed, temporary files removed)
  // Queues one frame (width * height * 4 bytes, copied); returns at once unless the queue is full.
  // false with `error` when the output failed (ffmpeg died: its last lines; a full disk) or a
  // deferred interrupt came (io::interrupt_signal(): "interrupted (signal 2)"); then drop the sink.
  virtual bool write(const std::uint8_t* rgba_top_first, std::string& error) = 0;
  // The same with the frame written by `fill(buffer, slot)` straight into the queue's buffer,
  // which holds what was last filled into that slot (FrameQueue::push_filled): no copy of a
  // whole frame when only part of it changed.
  using Filler = std::function<void(std::uint8_t* buffer, std::size_t slot)>;
  virtual bool write_filled(const Filler& fill, std::string& error) = 0;
  // write_filled for a frame that differs from the frame written just before it only inside
  // `changed` (the promise is the caller's): a sink that converts each frame (MP4 and WebM, to
  // 4:2:0) then converts only those pixels. Else the same as write_filled.
  virtual bool write_changed(const Filler& fill, const std::vector<FrameRegion>& changed, std::string& error) {
    (void)changed;
    return write_filled(fill, error);
  }
  // Writes what is queued, waits for the encoder and renames the result into place. false with
  // `error` (nothing under OUT; temporary files removed).
  virtual bool commit(std::string& error) = 0;
  // Times write() waited because the queue was full (the encoder was slower than the renderer).
  [[nodiscard]] virtual std::size_t waits() const noexcept = 0;
};

struct OpenedSink {
  std::unique_ptr<FrameSink> sink;  // null on error
  std::string error;
  explicit operator bool() const noexcept { return sink != nullptr; }
};

// Opens the output `path` for frames of width x height at `fps` frames per second. Refused before
// any frame: a name that is no video kind, an odd width or height for MP4 (H.264 in yuv420p needs
// even sizes: pick one), audio with a GIF or a PNG sequence, an unreadable audio file, ffmpeg not
// found ("install Debian's ffmpeg package"), a video's folder that cannot be written, a PNG
// sequence's folder that cannot be made or that holds frames (without replace_frames). One thread writes and commits;
// ffmpeg is killed if the thread that opened the sink ends before it (PR_SET_PDEATHSIG): open it on the thread that
// renders.
OpenedSink open_frame_sink(const std::string& path, int width, int height, double fps,
                           const FrameSinkOptions& options = {});

// The file frame `index` of a PNG sequence in `folder` goes to: FOLDER/frame_00000.png (five
// digits at least).
std::string sequence_frame_path(const std::string& folder, std::size_t index);
// A PNG sequence's frame: "frame_*.png" (any frames, ours or another program's, at any digit count).
bool is_sequence_frame_name(const std::string& name);
// The frames (frame_*.png) `folder` holds; 0 when it does not exist.
std::size_t count_sequence_frames(const std::string& folder);
// "already holds 81 frames (frame_*.png) of an earlier render", for refusals.
std::string sequence_in_use_text(std::size_t frames);

}  // namespace bvhscope::video
