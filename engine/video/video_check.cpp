#include "video/video_check.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace bvhscope::video {
namespace {

std::string box_name(const std::array<unsigned char, 4>& type) {
  std::string name;
  for (const unsigned char c : type) name += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  return name;
}

// ISO BMFF: boxes of [size32][type] (size 1: a 64-bit size follows; 0: to the end of the file).
std::optional<std::string> check_mp4(std::ifstream& in, std::uint64_t file_size) {
  std::uint64_t at = 0;
  bool moov = false;
  bool mdat = false;
  while (at < file_size) {
    if (file_size - at < 8) return "the file ends inside a box header";
    std::array<unsigned char, 16> head{};
    in.seekg(static_cast<std::streamoff>(at));
    in.read(reinterpret_cast<char*>(head.data()), 8);
    if (!in) return "cannot read a box header";
    std::uint64_t size = (std::uint64_t{head[0]} << 24) | (std::uint64_t{head[1]} << 16) |
                         (std::uint64_t{head[2]} << 8) | std::uint64_t{head[3]};
    const std::array<unsigned char, 4> type{head[4], head[5], head[6], head[7]};
    if (size == 1) {
      if (file_size - at < 16) return "the file ends inside a box header";
      in.read(reinterpret_cast<char*>(head.data() + 8), 8);
      if (!in) return "cannot read a box header";
      size = 0;
      for (int i = 8; i < 16; ++i) size = (size << 8) | head[static_cast<std::size_t>(i)];
    } else if (size == 0) {
      size = file_size - at;
    }
    if (size < 8) return "a box of " + std::to_string(size) + " bytes at byte " + std::to_string(at);
    if (size > file_size - at)
      return "the file ends inside its '" + box_name(type) + "' box (" + std::to_string(file_size - at) + " of " +
             std::to_string(size) + " bytes)";
    if (box_name(type) == "moov") moov = true;
    if (box_name(type) == "mdat") mdat = true;
    at += size;
  }
  if (!moov) return "it has no 'moov' box (the index ffmpeg writes last)";
  if (!mdat) return "it has no 'mdat' box (no frames)";
  return std::nullopt;
}

// An EBML element's ID (1 to 4 bytes, its length marker kept) or size (1 to 8 bytes, marker removed;
// all value bits set: unknown, as nullopt's twin `unknown`).
bool read_ebml_number(std::ifstream& in, bool keep_marker, std::uint64_t& value, int& length, bool& unknown) {
  const int first = in.get();
  if (first == EOF || first == 0) return false;
  length = 1;
  while ((first & (0x80 >> (length - 1))) == 0) ++length;
  if (length > 8) return false;
  value = keep_marker ? static_cast<std::uint64_t>(first) : static_cast<std::uint64_t>(first & (0xff >> length));
  bool all_ones = (first & (0xff >> length)) == (0xff >> length);
  for (int i = 1; i < length; ++i) {
    const int next = in.get();
    if (next == EOF) return false;
    value = (value << 8) | static_cast<std::uint64_t>(next);
    all_ones = all_ones && next == 0xff;
  }
  unknown = !keep_marker && all_ones;
  return true;
}

std::optional<std::string> check_webm(std::ifstream& in, std::uint64_t file_size) {
  std::uint64_t id = 0;
  std::uint64_t size = 0;
  int length = 0;
  bool unknown = false;
  in.seekg(0);
  if (!read_ebml_number(in, true, id, length, unknown) || id != 0x1A45DFA3) return "it has no EBML header";
  if (!read_ebml_number(in, false, size, length, unknown) || unknown) return "its EBML header is damaged";
  const std::uint64_t header_end = static_cast<std::uint64_t>(in.tellg()) + size;
  if (header_end >= file_size) return "the file ends inside its EBML header";
  in.seekg(static_cast<std::streamoff>(header_end));
  if (!read_ebml_number(in, true, id, length, unknown) || id != 0x18538067) return "it has no Segment after the header";
  if (!read_ebml_number(in, false, size, length, unknown)) return "the file ends in its Segment's header";
  if (unknown) return "its Segment's size was never written (the file was not finished)";
  const std::uint64_t data = static_cast<std::uint64_t>(in.tellg());
  if (data + size > file_size)
    return "the file ends inside its Segment (" + std::to_string(file_size - data) + " of " + std::to_string(size) +
           " bytes)";
  if (data + size < file_size) return "bytes follow its Segment";
  return std::nullopt;
}

// Sub-blocks (a length byte, that many bytes) up to the empty one.
bool skip_sub_blocks(std::ifstream& in) {
  for (;;) {
    const int length = in.get();
    if (length == EOF) return false;
    if (length == 0) return true;
    in.seekg(length, std::ios::cur);
    if (!in) return false;
  }
}

std::optional<std::string> check_gif(std::ifstream& in, std::uint64_t file_size) {
  std::array<char, 13> head{};
  in.seekg(0);
  in.read(head.data(), head.size());
  if (!in || (std::string(head.data(), 6) != "GIF89a" && std::string(head.data(), 6) != "GIF87a"))
    return "it has no GIF header";
  const auto packed = static_cast<unsigned char>(head[10]);
  if ((packed & 0x80) != 0) in.seekg(3 * (2 << (packed & 7)), std::ios::cur);  // the global colour table
  for (;;) {
    const int block = in.get();
    if (block == EOF) return "the file ends before the GIF trailer (0x3B)";
    if (block == 0x3B) {
      if (static_cast<std::uint64_t>(in.tellg()) != file_size) return "bytes follow the GIF trailer";
      return std::nullopt;
    }
    if (block == 0x21) {  // an extension: its label, then sub-blocks
      if (in.get() == EOF || !skip_sub_blocks(in)) return "the file ends inside an extension block";
    } else if (block == 0x2C) {  // an image: its descriptor, a local colour table, LZW data
      std::array<char, 9> descriptor{};
      in.read(descriptor.data(), descriptor.size());
      if (!in) return "the file ends inside an image descriptor";
      const auto image_packed = static_cast<unsigned char>(descriptor[8]);
      if ((image_packed & 0x80) != 0) in.seekg(3 * (2 << (image_packed & 7)), std::ios::cur);
      if (in.get() == EOF || !skip_sub_blocks(in)) return "the file ends inside an image";
    } else {
      return "an unknown block (0x" +
             [&] {
               std::ostringstream hex;
               hex << std::hex << block;
               return hex.str();
             }() +
             ") at byte " + std::to_string(static_cast<std::uint64_t>(in.tellg()) - 1);
    }
  }
}

}  // namespace

std::optional<std::string> ffmpeg_write_error(const std::string& ffmpeg_stderr) {
  static const char* const kSigns[] = {"Error writing trailer",
                                       "No space left on device",
                                       "Disk quota exceeded",
                                       "Input/output error",
                                       "File too large",
                                       "Error closing file",
                                       "av_interleaved_write_frame()",
                                       "Error submitting a packet to the muxer",
                                       "Unable to re-open"};
  std::istringstream lines(ffmpeg_stderr);
  for (std::string line; std::getline(lines, line);) {
    for (const char* sign : kSigns) {
      if (line.find(sign) != std::string::npos) return line;
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_video_file(const std::string& path, VideoFormat format) {
  std::error_code ec;
  const std::uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) return "cannot read it: " + ec.message();
  if (size == 0) return "it is empty";
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot open it";
  switch (format) {
    case VideoFormat::Mp4:
      return check_mp4(in, size);
    case VideoFormat::WebM:
      return check_webm(in, size);
    case VideoFormat::Gif:
      return check_gif(in, size);
    case VideoFormat::PngSequence:
      break;
  }
  return std::nullopt;
}

}  // namespace bvhscope::video
