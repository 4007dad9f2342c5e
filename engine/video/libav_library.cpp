#include "video/libav_library.hpp"

#include <cstdarg>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>

#include "io/runtime_library.hpp"

namespace bvhscope::video {
namespace {

#define BVHSCOPE_STRINGIFY_INNER(x) #x
#define BVHSCOPE_STRINGIFY(x) BVHSCOPE_STRINGIFY_INNER(x)

// The sonames of the versions the headers describe: another major version has another ABI.
constexpr const char* kAvutil = "libavutil.so." BVHSCOPE_STRINGIFY(LIBAVUTIL_VERSION_MAJOR);
constexpr const char* kAvcodec = "libavcodec.so." BVHSCOPE_STRINGIFY(LIBAVCODEC_VERSION_MAJOR);
constexpr const char* kAvformat = "libavformat.so." BVHSCOPE_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR);

constexpr std::size_t kKeptErrors = 4;

std::mutex& errors_mutex() {
  static std::mutex mutex;
  return mutex;
}
std::deque<std::string>& kept_errors() {
  static std::deque<std::string> lines;
  return lines;
}

// FFmpeg's log: lines at the error level and worse are kept (the last few), named by what logged
// them ("libx264: ..."); the rest (x264's "using cpu capabilities" and such) is dropped.
void keep_errors(void* context, int level, const char* format, va_list arguments) {
  if ((level & 0xff) > AV_LOG_ERROR) return;  // the bits above are colours
  char text[512];
  std::vsnprintf(text, sizeof text, format, arguments);
  std::string line = text;
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' ')) line.pop_back();
  if (line.empty()) return;
  if (context != nullptr) {
    const AVClass* kind = *static_cast<const AVClass* const*>(context);
    if (kind != nullptr && kind->item_name != nullptr) line = std::string(kind->item_name(context)) + ": " + line;
  }
  const std::lock_guard lock(errors_mutex());
  std::deque<std::string>& lines = kept_errors();
  lines.push_back(std::move(line));
  if (lines.size() > kKeptErrors) lines.pop_front();
}

struct Loaded {
  LibavFunctions functions;
  bool ok = false;
  std::string why_not;
};

Loaded load() {
  Loaded loaded;
  std::string& why_not = loaded.why_not;
  // The libraries stay loaded (those that were) when one is missing: a process tries once.
  const std::optional<io::RuntimeLibrary> util = io::RuntimeLibrary::open(kAvutil, why_not);
  const std::optional<io::RuntimeLibrary> codec = util ? io::RuntimeLibrary::open(kAvcodec, why_not) : std::nullopt;
  const std::optional<io::RuntimeLibrary> format = codec ? io::RuntimeLibrary::open(kAvformat, why_not) : std::nullopt;
  if (!format) return loaded;
  LibavFunctions& f = loaded.functions;
  util->find(f.frame_alloc, "av_frame_alloc", why_not);
  util->find(f.frame_free, "av_frame_free", why_not);
  util->find(f.frame_get_buffer, "av_frame_get_buffer", why_not);
  util->find(f.frame_make_writable, "av_frame_make_writable", why_not);
  util->find(f.opt_set, "av_opt_set", why_not);
  util->find(f.dict_set, "av_dict_set", why_not);
  util->find(f.dict_get, "av_dict_get", why_not);
  util->find(f.dict_free, "av_dict_free", why_not);
  util->find(f.strerror, "av_strerror", why_not);
  util->find(f.log_set_callback, "av_log_set_callback", why_not);
  util->find(f.d2q, "av_d2q", why_not);
  codec->find(f.find_encoder_by_name, "avcodec_find_encoder_by_name", why_not);
  codec->find(f.alloc_context3, "avcodec_alloc_context3", why_not);
  codec->find(f.free_context, "avcodec_free_context", why_not);
  codec->find(f.open2, "avcodec_open2", why_not);
  codec->find(f.parameters_from_context, "avcodec_parameters_from_context", why_not);
  codec->find(f.send_frame, "avcodec_send_frame", why_not);
  codec->find(f.receive_packet, "avcodec_receive_packet", why_not);
  codec->find(f.packet_alloc, "av_packet_alloc", why_not);
  codec->find(f.packet_free, "av_packet_free", why_not);
  codec->find(f.packet_rescale_ts, "av_packet_rescale_ts", why_not);
  format->find(f.alloc_output_context2, "avformat_alloc_output_context2", why_not);
  format->find(f.free_format_context, "avformat_free_context", why_not);
  format->find(f.new_stream, "avformat_new_stream", why_not);
  format->find(f.io_open, "avio_open", why_not);
  format->find(f.io_closep, "avio_closep", why_not);
  format->find(f.write_header, "avformat_write_header", why_not);
  format->find(f.interleaved_write_frame, "av_interleaved_write_frame", why_not);
  format->find(f.write_trailer, "av_write_trailer", why_not);
  loaded.ok = why_not.empty();
  if (loaded.ok) f.log_set_callback(keep_errors);
  return loaded;
}

}  // namespace

const LibavFunctions* libav_functions(std::string& why_not) {
  static const Loaded loaded = load();
  if (!loaded.ok) {
    why_not = loaded.why_not;
    return nullptr;
  }
  return &loaded.functions;
}

std::string libav_error_text(const LibavFunctions& av, int code) {
  char text[256] = {};
  if (av.strerror(code, text, sizeof text) < 0) return "error " + std::to_string(code);
  return text;
}

std::string take_libav_errors() {
  const std::lock_guard lock(errors_mutex());
  std::string joined;
  for (const std::string& line : kept_errors()) joined += (joined.empty() ? "" : "; ") + line;
  kept_errors().clear();
  return joined;
}

}  // namespace bvhscope::video
