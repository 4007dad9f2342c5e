#include "video/libav_library.hpp"

#include <dlfcn.h>

#include <cstdarg>
#include <cstdio>
#include <deque>
#include <mutex>

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

template <typename Function>
bool find(void* library, const char* name, Function& function, std::string& why_not) {
  void* found = ::dlsym(library, name);
  if (found == nullptr) {
    why_not = std::string(name) + " is missing from FFmpeg's libraries";
    return false;
  }
  function = reinterpret_cast<Function>(found);
  return true;
}

struct Loaded {
  LibavFunctions functions;
  bool ok = false;
  std::string why_not;
};

Loaded load() {
  Loaded loaded;
  std::string& why_not = loaded.why_not;
  void* util = ::dlopen(kAvutil, RTLD_NOW | RTLD_LOCAL);
  void* codec = util != nullptr ? ::dlopen(kAvcodec, RTLD_NOW | RTLD_LOCAL) : nullptr;
  void* format = codec != nullptr ? ::dlopen(kAvformat, RTLD_NOW | RTLD_LOCAL) : nullptr;
  if (format == nullptr) {
    const char* said = ::dlerror();
    why_not = said != nullptr ? said : "FFmpeg's libraries cannot be opened";
    return loaded;  // the libraries stay loaded (if any were): a process tries once
  }
  LibavFunctions& f = loaded.functions;
  loaded.ok =
      find(util, "av_frame_alloc", f.frame_alloc, why_not) && find(util, "av_frame_free", f.frame_free, why_not) &&
      find(util, "av_frame_get_buffer", f.frame_get_buffer, why_not) &&
      find(util, "av_frame_make_writable", f.frame_make_writable, why_not) &&
      find(util, "av_opt_set", f.opt_set, why_not) && find(util, "av_dict_set", f.dict_set, why_not) &&
      find(util, "av_dict_get", f.dict_get, why_not) && find(util, "av_dict_free", f.dict_free, why_not) &&
      find(util, "av_strerror", f.strerror, why_not) &&
      find(util, "av_log_set_callback", f.log_set_callback, why_not) && find(util, "av_d2q", f.d2q, why_not) &&
      find(codec, "avcodec_find_encoder_by_name", f.find_encoder_by_name, why_not) &&
      find(codec, "avcodec_alloc_context3", f.alloc_context3, why_not) &&
      find(codec, "avcodec_free_context", f.free_context, why_not) && find(codec, "avcodec_open2", f.open2, why_not) &&
      find(codec, "avcodec_parameters_from_context", f.parameters_from_context, why_not) &&
      find(codec, "avcodec_send_frame", f.send_frame, why_not) &&
      find(codec, "avcodec_receive_packet", f.receive_packet, why_not) &&
      find(codec, "av_packet_alloc", f.packet_alloc, why_not) &&
      find(codec, "av_packet_free", f.packet_free, why_not) &&
      find(codec, "av_packet_rescale_ts", f.packet_rescale_ts, why_not) &&
      find(format, "avformat_alloc_output_context2", f.alloc_output_context2, why_not) &&
      find(format, "avformat_free_context", f.free_format_context, why_not) &&
      find(format, "avformat_new_stream", f.new_stream, why_not) && find(format, "avio_open", f.io_open, why_not) &&
      find(format, "avio_closep", f.io_closep, why_not) &&
      find(format, "avformat_write_header", f.write_header, why_not) &&
      find(format, "av_interleaved_write_frame", f.interleaved_write_frame, why_not) &&
      find(format, "av_write_trailer", f.write_trailer, why_not);
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
