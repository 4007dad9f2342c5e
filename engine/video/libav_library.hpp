// FFmpeg's own libraries (libavformat, libavcodec, libavutil: Debian's libavformat59 and its
// kin, which the ffmpeg program itself runs on), opened at run time the first time a video is
// encoded in the process, so that nothing else bvhscope does pays for loading them (they bring in
// some 200 libraries: tens of milliseconds a start). The functions the in-process encoder calls
// are looked up once; the headers (libavcodec-dev and kin) give their types. Their error messages
// are kept, not printed: the last few lines at the "error" level, for the encoder's own errors.
#pragma once

#include <string>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>
#include <libavutil/opt.h>
}

namespace bvhscope::video {

struct LibavFunctions {
  // libavutil
  decltype(&av_frame_alloc) frame_alloc = nullptr;
  decltype(&av_frame_free) frame_free = nullptr;
  decltype(&av_frame_get_buffer) frame_get_buffer = nullptr;
  decltype(&av_frame_make_writable) frame_make_writable = nullptr;
  decltype(&av_opt_set) opt_set = nullptr;
  decltype(&av_dict_set) dict_set = nullptr;
  decltype(&av_dict_get) dict_get = nullptr;
  decltype(&av_dict_free) dict_free = nullptr;
  decltype(&av_strerror) strerror = nullptr;
  decltype(&av_log_set_callback) log_set_callback = nullptr;
  decltype(&av_d2q) d2q = nullptr;
  // libavcodec
  decltype(&avcodec_find_encoder_by_name) find_encoder_by_name = nullptr;
  decltype(&avcodec_alloc_context3) alloc_context3 = nullptr;
  decltype(&avcodec_free_context) free_context = nullptr;
  decltype(&avcodec_open2) open2 = nullptr;
  decltype(&avcodec_parameters_from_context) parameters_from_context = nullptr;
  decltype(&avcodec_send_frame) send_frame = nullptr;
  decltype(&avcodec_receive_packet) receive_packet = nullptr;
  decltype(&av_packet_alloc) packet_alloc = nullptr;
  decltype(&av_packet_free) packet_free = nullptr;
  decltype(&av_packet_rescale_ts) packet_rescale_ts = nullptr;
  // libavformat
  decltype(&avformat_alloc_output_context2) alloc_output_context2 = nullptr;
  decltype(&avformat_free_context) free_format_context = nullptr;
  decltype(&avformat_new_stream) new_stream = nullptr;
  decltype(&avio_open) io_open = nullptr;
  decltype(&avio_closep) io_closep = nullptr;
  decltype(&avformat_write_header) write_header = nullptr;
  decltype(&av_interleaved_write_frame) interleaved_write_frame = nullptr;
  decltype(&av_write_trailer) write_trailer = nullptr;
};

// The functions, loaded on the first call (thread-safe; later calls return the same table);
// nullptr with `why_not` ("libavcodec.so.59: cannot open shared object file...") when a library
// or a function is missing.
const LibavFunctions* libav_functions(std::string& why_not);

// An FFmpeg error code as text ("No space left on device").
std::string libav_error_text(const LibavFunctions& av, int code);

// The error lines FFmpeg's libraries logged since the last call ("libx264: ..."), joined by "; ",
// and forgotten; empty when there were none.
std::string take_libav_errors();

}  // namespace bvhscope::video
