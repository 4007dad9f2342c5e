// The motion file formats bvhscope reads, in one list: each one's name, file name extensions, a
// content test (sniff) and readers. A new format is one entry in format_registry.cpp and its own
// file beside bvh_format.cpp; every reader of motion files (the viewer's loader, every CLI command,
// the file lists of drops and folders) reaches it through read_motions.hpp.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/result.hpp"
#include "formats/motion_file.hpp"
#include "formats/read_options.hpp"

namespace bvhscope {

struct MotionFormat {
  std::string_view name;                         // "BVH"
  std::span<const std::string_view> extensions;  // lower case, with the dot: ".bvh"
  std::string_view signature;                    // for messages: "starts with HIERARCHY"
  // `head`: the file's first bytes (at most kSniffBytes; all of it when `whole`).
  Sniffed (*sniff)(std::string_view head, bool whole);
  // Reading a file as it streams; null for a format read whole (the seam reads the file, reports
  // its bytes to `options.progress`, and hands them to read_bytes).
  Result<MotionFile> (*read_path)(const std::string& path, const ReadOptions& options);
  Result<MotionFile> (*read_bytes)(std::string_view bytes, std::string_view source, const ReadOptions& options);
  // The first motion with at most `max_frames` frames, reading no more of the file than they need
  // (a preview); null when the format cannot stop early (the seam then reads the whole file).
  Result<Clip> (*read_head)(const std::string& path, std::size_t max_frames);
};

// Every format, in the order their content tests are tried.
std::span<const MotionFormat> motion_formats() noexcept;

// The format whose extension `path` has (any case), or null.
const MotionFormat* format_for_extension(std::string_view path) noexcept;

// "BVH (.bvh, starts with HIERARCHY)", the formats joined by "; ": for messages.
std::string known_formats_text();

// ".bvh, .npy": every format's extensions, for messages.
std::string known_extensions_text();

}  // namespace bvhscope
