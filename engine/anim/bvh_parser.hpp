// BVH text to Clip: the whole format as real files write it, with located errors and warnings.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// Parses BVH text. `source` names the text in messages ("walk.bvh:12:5: error: ...").
//
// Accepted: keywords in any case; LF, CRLF and CR line ends; tabs and spaces anywhere; '{' on the
// ROOT/JOINT line; names with spaces and any bytes; 0 to 6 channels in any order on any joint;
// End Site with or without a name; several ROOTs; "Frames: 0"; a UTF-8 byte-order mark.
//
// Loaded with a located warning (judgement calls):
//  - fewer frame lines than "Frames:" declares, or a last frame line cut short: the complete
//    frames are kept;
//  - more frame lines than declared: the declared count is used;
//  - a root written as JOINT;
//  - "Frame Time: 0": played at 30 frames per second (kDefaultFrameTime);
//  - duplicate joint names.
// Refused with a located error: everything else that is not BVH, including a value that does not
// fit in a 32-bit float (1e39), because the motion table stores floats, and joint names longer
// than 4096 bytes.
//
// Frame rows are parsed in blocks of `block_bytes` at line ends, on `threads` worker threads for
// inputs larger than one block (0: available_threads()); the result does not depend on either.
// `on_worker_start` runs first on each worker thread (the viewer puts them in the background
// there); workers too starved to keep up do not stall the parse (see RowPipeline).
struct ParseOptions {
  std::size_t block_bytes = std::size_t{4} << 20;
  unsigned threads = 0;
  std::function<void()> on_worker_start;
  // Runs on the parsing thread before each block's rows are written into the motion table (the
  // viewer's loader waits there for a frame to be on screen: model/frame_gate).
  std::function<void()> before_commit = {};
  // Runs on the parsing thread after each block's rows are in the table and counted (as
  // LoadProgress::frames_ready when a load watches).
  std::function<void()> after_commit = {};
};
Result<Clip> parse_bvh(std::string_view text, std::string_view source, const ParseOptions& options = {});

// Shared between a load running on one thread and a viewer watching it on another.
struct LoadProgress {
  std::atomic<std::uint64_t> bytes_total{0};
  std::atomic<std::uint64_t> bytes_read{0};
  // Rows of the clip handed to on_start that hold their final values (release/acquire).
  std::atomic<std::size_t> frames_ready{0};
  std::atomic<bool> cancel{false};
  // Called on the loading thread once the hierarchy is read and the motion table is allocated for
  // every row the file can hold (it is never reallocated): the clip's skeleton is final. A reader
  // on another thread takes a handle on the table here, clip.motion.values.share(0), and grows it
  // to the frames_ready rows (loaded with acquire) to read them in place: rows published so hold
  // their final values, and stay readable through that handle for as long as it lives, after the
  // load too, whatever its outcome (FrameValues: the storage goes with its last handle).
  std::function<void(const Clip&)> on_start;
};

}  // namespace bvhscope
