#include "video/libav_encoder.hpp"

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <functional>
#include <system_error>
#include <thread>

#include "video/yuv420.hpp"

namespace bvhscope::video {
namespace {

// SIGPIPE held off on this thread while it lives (the file may be a pipe whose reader went: a
// failed write is an error then, not the end of the process); one raised meanwhile is taken.
// Frames are written on the queue's thread, which holds it off for good (FrameQueue); the
// header and the end are written on the caller's.
class SigpipeHeld {
 public:
  SigpipeHeld() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &before_);
  }
  ~SigpipeHeld() {
    const timespec zero{};
    while (sigtimedwait(&pipe_, nullptr, &zero) > 0) {
    }
    pthread_sigmask(SIG_SETMASK, &before_, nullptr);
  }
  SigpipeHeld(const SigpipeHeld&) = delete;
  SigpipeHeld& operator=(const SigpipeHeld&) = delete;

 private:
  sigset_t pipe_;
  sigset_t before_;
};

// The encoder's options, as ffmpeg_arguments gives them to the ffmpeg program.
void encoder_options(const LibavFunctions& av, VideoFormat format, VideoQuality quality, AVDictionary** options) {
  const bool preview = quality == VideoQuality::Preview;
  const bool best = quality == VideoQuality::Best;
  if (format == VideoFormat::Mp4) {
    av.dict_set(options, "preset", preview ? "ultrafast" : best ? "slow" : "veryfast", 0);
    av.dict_set(options, "crf", preview ? "23" : best ? "18" : "20", 0);
    return;
  }
  av.dict_set(options, "deadline", best ? "good" : "realtime", 0);
  av.dict_set(options, "cpu-used", best ? "2" : "8", 0);
  av.dict_set(options, "row-mt", "1", 0);
  av.dict_set(options, "b", "0", 0);
  av.dict_set(options, "crf", preview ? "36" : best ? "30" : "32", 0);
}

// How much lower than the caller's the scheduling priority of the encoder's own threads is (nice).
constexpr int kEncoderNiceness = 10;

// `open()` on a thread of its own whose priority is kEncoderNiceness lower than the caller's, so
// that the threads the encoder makes while opening are as low: x264's frame and lookahead threads
// (an MP4; libvpx makes its threads at the first frame, on the queue's thread, so a WebM's stay at
// the caller's priority). x264 fills every core, and at the same priority the drawing of the next
// frames, whose threads (ours and llvmpipe's) often wait on one another, got fewer turns than it
// needed, so that the encoder then ran out of frames and a core stood idle (about 15 % of a 720p
// video's second half). Below it, the encoder takes whatever time the drawing leaves and the
// video is done sooner (1916 -> 1867 ms, median of 14). On Linux a thread's nice value is its own
// and a new thread takes its maker's; a nice value that cannot be raised, or a thread that cannot
// be made, leaves the encoder at the caller's priority.
int open_below_the_drawing(const std::function<int()>& open) {
  int code = 0;
  try {
    std::thread opener([&] {
      errno = 0;
      const int nice_now = getpriority(PRIO_PROCESS, 0);
      if (errno == 0) setpriority(PRIO_PROCESS, 0, std::min(nice_now + kEncoderNiceness, 19));
      code = open();
    });
    opener.join();
  } catch (const std::system_error&) {  // no thread to be had: opened here
    code = open();
  }
  return code;
}

// The first option left in `options` after opening (one the encoder did not take), if any.
std::string unused_option(const LibavFunctions& av, const AVDictionary* options) {
  const AVDictionaryEntry* entry = av.dict_get(options, "", nullptr, AV_DICT_IGNORE_SUFFIX);
  return entry != nullptr ? entry->key : std::string();
}

}  // namespace

std::unique_ptr<LibavEncoder> LibavEncoder::open(const LibavFunctions& av, const std::string& path, VideoFormat format,
                                                 const EncodeSettings& settings, std::string& error) {
  take_libav_errors();  // an earlier video's lines are not this one's
  std::unique_ptr<LibavEncoder> made(new LibavEncoder(av));
  LibavEncoder& e = *made;
  const char* muxer = format == VideoFormat::Mp4 ? "mp4" : "webm";
  const char* encoder = format == VideoFormat::Mp4 ? "libx264" : "libvpx-vp9";
  // "file:" so that a name with a colon is a file, as for the ffmpeg program.
  const std::string url = "file:" + path;
  int code = av.alloc_output_context2(&e.format_, nullptr, muxer, url.c_str());
  if (code < 0 || e.format_ == nullptr) {
    error = e.failed(std::string("cannot make the ") + muxer + " muxer", code);
    return nullptr;
  }
  const AVCodec* codec = av.find_encoder_by_name(encoder);
  if (codec == nullptr) {
    error = std::string("this FFmpeg has no ") + encoder + " encoder";
    return nullptr;
  }
  e.stream_ = av.new_stream(e.format_, nullptr);
  e.codec_ = av.alloc_context3(codec);
  e.frame_ = av.frame_alloc();
  e.packet_ = av.packet_alloc();
  if (e.stream_ == nullptr || e.codec_ == nullptr || e.frame_ == nullptr || e.packet_ == nullptr) {
    error = "out of memory opening the encoder";
    return nullptr;
  }
  AVCodecContext& c = *e.codec_;
  c.width = settings.width;
  c.height = settings.height;
  c.pix_fmt = AV_PIX_FMT_YUV420P;
  // The rate as the ffmpeg program gets it: its text (six decimals), made a fraction as it does.
  c.framerate = av.d2q(std::strtod(fps_text(settings.fps).c_str(), nullptr), 1001000);
  c.time_base = AVRational{c.framerate.den, c.framerate.num};
  c.thread_count = 0;  // as many as the machine has, as the ffmpeg program's "threads auto"
  c.color_primaries = AVCOL_PRI_BT709;
  c.color_trc = AVCOL_TRC_BT709;
  c.colorspace = AVCOL_SPC_BT709;
  c.color_range = AVCOL_RANGE_MPEG;
  c.field_order = AV_FIELD_PROGRESSIVE;  // as the program marks frames of rawvideo
  if ((e.format_->oformat->flags & AVFMT_GLOBALHEADER) != 0) c.flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  AVDictionary* options = nullptr;
  encoder_options(av, format, settings.quality, &options);
  code = open_below_the_drawing([&] { return av.open2(e.codec_, codec, &options); });
  const std::string unused = unused_option(av, options);
  av.dict_free(&options);
  if (code < 0) {
    error = e.failed(std::string("cannot open the ") + encoder + " encoder", code);
    return nullptr;
  }
  if (!unused.empty()) {
    error = std::string("the ") + encoder + " encoder has no option '" + unused + "'";
    return nullptr;
  }
  code = av.parameters_from_context(e.stream_->codecpar, e.codec_);
  if (code < 0) {
    error = e.failed("cannot describe the video stream", code);
    return nullptr;
  }
  e.stream_->time_base = c.time_base;
  e.stream_->avg_frame_rate = c.framerate;
  // The stream's encoder tag, as the program writes it ("Lavc59.37.100 libx264").
  av.dict_set(&e.stream_->metadata, "encoder", (std::string(LIBAVCODEC_IDENT) + " " + encoder).c_str(), 0);
  e.frame_->format = AV_PIX_FMT_YUV420P;
  e.frame_->width = settings.width;
  e.frame_->height = settings.height;
  code = av.frame_get_buffer(e.frame_, 0);
  if (code < 0) {
    error = e.failed("cannot make a frame", code);
    return nullptr;
  }
  code = av.io_open(&e.format_->pb, url.c_str(), AVIO_FLAG_WRITE);
  if (code < 0) {
    error = e.failed("cannot write " + path, code);
    return nullptr;
  }
  e.file_open_ = true;
  AVDictionary* muxing = nullptr;
  if (format == VideoFormat::Mp4) av.dict_set(&muxing, "movflags", "+faststart", 0);
  {
    const SigpipeHeld held;
    code = av.write_header(e.format_, &muxing);
  }
  av.dict_free(&muxing);
  if (code < 0) {
    error = e.failed("cannot write the video's header", code);
    return nullptr;
  }
  return made;
}

LibavEncoder::~LibavEncoder() {
  if (file_open_) av_.io_closep(&format_->pb);
  av_.packet_free(&packet_);
  av_.frame_free(&frame_);
  av_.free_context(&codec_);
  if (format_ != nullptr) av_.free_format_context(format_);
}

std::optional<Yuv420Planes> LibavEncoder::frame_planes(std::string& error) {
  // The encoder may still hold the last frame's planes: then they are copied into new ones, so
  // that the frame's planes always hold the last frame.
  const int code = av_.frame_make_writable(frame_);
  if (code < 0) {
    error = failed("cannot make a frame", code);
    return std::nullopt;
  }
  Yuv420Planes planes;
  planes.y = frame_->data[0];
  planes.cb = frame_->data[1];
  planes.cr = frame_->data[2];
  planes.y_stride = static_cast<std::size_t>(frame_->linesize[0]);
  planes.cb_stride = static_cast<std::size_t>(frame_->linesize[1]);
  planes.cr_stride = static_cast<std::size_t>(frame_->linesize[2]);
  return planes;
}

bool LibavEncoder::encode_frame(std::int64_t index, std::string& error) {
  frame_->pts = index;
  const int code = av_.send_frame(codec_, frame_);
  if (code < 0) {
    error = failed("cannot encode frame " + std::to_string(index), code);
    return false;
  }
  return write_packets(error);
}

bool LibavEncoder::finish(std::string& error) {
  const SigpipeHeld held;
  int code = av_.send_frame(codec_, nullptr);  // the end: the encoder hands over what it holds
  if (code < 0) {
    error = failed("cannot finish encoding", code);
    return false;
  }
  if (!write_packets(error)) return false;
  code = av_.write_trailer(format_);
  if (code < 0) {
    error = failed("cannot write the end of the video", code);
    return false;
  }
  const int write_error = format_->pb->error;
  file_open_ = false;
  code = av_.io_closep(&format_->pb);
  if (write_error < 0 || code < 0) {
    error = failed("cannot write the video", write_error < 0 ? write_error : code);
    return false;
  }
  return true;
}

// Every packet the encoder has ready, into the file.
bool LibavEncoder::write_packets(std::string& error) {
  for (;;) {
    int code = av_.receive_packet(codec_, packet_);
    if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return true;
    if (code < 0) {
      error = failed("cannot encode", code);
      return false;
    }
    av_.packet_rescale_ts(packet_, codec_->time_base, stream_->time_base);
    packet_->stream_index = stream_->index;
    code = av_.interleaved_write_frame(format_, packet_);  // takes the packet's data
    if (code < 0) {
      error = failed("cannot write the video", code);
      return false;
    }
  }
}

// "WHAT: REASON", with what FFmpeg's libraries logged meanwhile ("libx264: ...").
std::string LibavEncoder::failed(const std::string& what, int code) const {
  std::string text = what + ": " + libav_error_text(av_, code);
  const std::string logged = take_libav_errors();
  if (!logged.empty()) text += " (" + logged + ")";
  return text;
}

}  // namespace bvhscope::video
