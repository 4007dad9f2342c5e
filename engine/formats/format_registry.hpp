// The motion file formats bvhscope reads, in one list: each one's name, file name extensions, a
// content test (sniff) and readers. A new format is one entry in format_registry.cpp and its own
// file beside bvh_format.cpp; every reader of motion files (the viewer's loader, every CLI command,
// the file lists of drops and folders) reaches it through read_motions.hpp.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "anim/bvh_parser.hpp"
#include "anim/result.hpp"
#include "formats/motion_file.hpp"

namespace bvhscope {

// How a file is read: progress, cancel and the streaming preview where the format streams (BVH:
// LoadProgress::on_start hands out the clip while its rows arrive), and the BVH parser's threads.
struct ReadOptions {
  LoadProgress* progress = nullptr;
  ParseOptions parse;
};

// What a content test decides from the start of a file.
enum class Sniffed : unsigned char {
  No,        // not this format
  Yes,       // this format
  Undecided  // the start read says nothing yet (only blank space): the file name may decide
};

struct MotionFormat {
  std::string_view name;                         // "BVH"
  std::span<const std::string_view> extensions;  // lower case, with the dot: ".bvh"
  std::string_view signature;                    // for messages: "starts with HIERARCHY"
  // `head`: the file's first bytes (at most kSniffBytes; all of it when `whole`).
  Sniffed (*sniff)(std::string_view head, bool whole);
  Result<MotionFile> (*read_path)(const std::string& path, const ReadOptions& options);
  Result<MotionFile> (*read_bytes)(std::string_view bytes, std::string_view source, const ReadOptions& options);
  // The first motion with at most `max_frames` frames, reading no more of the file than they need
  // (a preview); null when the format cannot stop early (the seam then reads the whole file).
  Result<Clip> (*read_head)(const std::string& path, std::size_t max_frames);
};

// How many bytes of a file the content tests see.
inline constexpr std::size_t kSniffBytes = 4096;

// Every format, in the order their content tests are tried.
std::span<const MotionFormat> motion_formats() noexcept;

// The format whose extension `path` has (any case), or null.
const MotionFormat* format_for_extension(std::string_view path) noexcept;

// "BVH (.bvh, starts with HIERARCHY)", the formats joined by "; ": for messages.
std::string known_formats_text();

// ".bvh, .npy": every format's extensions, for messages.
std::string known_extensions_text();

}  // namespace bvhscope
