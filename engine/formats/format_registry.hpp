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

#include "anim/bvh_parser.hpp"
#include "anim/result.hpp"
#include "formats/motion_file.hpp"

namespace bvhscope {

struct JointTree;  // formats/skeleton_file.hpp

// How a file is read: progress, cancel and the streaming preview where the format streams (BVH:
// LoadProgress::on_start hands out the clip while its rows arrive), and the BVH parser's threads.
// The rest is for joint arrays, which do not say everything about themselves.
struct ReadOptions {
  LoadProgress* progress = nullptr;
  ParseOptions parse;
  // The joints' names and tree for arrays of its joint count (--skeleton FILE), in place of the
  // layout their joint count names; an array of another joint count is refused.
  std::shared_ptr<const JointTree> skeleton;
  // HumanML3D/KIT-ML feature vectors as a model outputs them, normalised: each feature is
  // multiplied by its standard deviation and its mean added before decoding (--mean, --std).
  std::vector<double> feature_mean;
  std::vector<double> feature_std;
  // The one array of a NumPy archive (.npz) to read, by its key (--key); empty: every array of
  // joint positions in it.
  std::string array_key;
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
  // Reading a file as it streams; null for a format read whole (the seam reads the file, reports
  // its bytes to `options.progress`, and hands them to read_bytes).
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
