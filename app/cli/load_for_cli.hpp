// Loading a clip for a subcommand: errors and warnings printed on stderr in the FILE:LINE:COL form.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/clip.hpp"
#include "anim/result.hpp"
#include "cli/arguments.hpp"
#include "formats/format_registry.hpp"

namespace bvhscope::cli {

// The motions of a file as `info` lists them: its format, and each motion's name, frames and rate.
struct FileListing {
  struct Entry {
    std::string name;  // empty for a file's only motion (BVH); a caption or "motion K" in batches
    std::size_t frames = 0;
    double frame_time = 0.0;  // used for playback (--source-fps applied)
  };
  std::string format;  // "BVH", "NumPy array", "MDM results (NumPy pickle)"
  std::vector<Entry> motions;
  std::size_t chosen = 0;  // the motion the command works on
};

// The reader's options `choice` asks for: its --skeleton file and its --mean and --std read (each
// refused with its own file's located message), its --key. `progress` (optional) sees the reads.
Result<ReadOptions> reader_options(const MotionChoice& choice, LoadProgress* progress = nullptr);

// The motion of the file at `path` a command works on, through the reader seam (read_motions: any
// format, chosen by content): `choice.motion` (an error naming how many there are when the file
// holds fewer), else its first, with a warning saying how many the file holds when it holds
// several; at `choice.source_fps` when given. `listing` (optional) receives every motion of the
// file. Nothing printed.
Result<Clip> load_motion(const std::string& path, LoadProgress* progress = nullptr, const MotionChoice& choice = {},
                         FileListing* listing = nullptr);

// The clip, or nullopt after printing the error. Warnings are printed either way. `bytes` (optional)
// receives the bytes read (the file's size; what a pipe held), which set the work budget.
std::optional<Clip> load_clip_reporting(const std::string& path, std::ostream& err, std::uint64_t* bytes = nullptr,
                                        const MotionChoice& choice = {}, FileListing* listing = nullptr);

// Every motion of the file (at `choice.source_fps` when given) and, in `listing` (optional), its
// listing. Nothing printed.
Result<std::vector<Clip>> load_all_motions(const std::string& path, LoadProgress* progress = nullptr,
                                           const MotionChoice& choice = {}, FileListing* listing = nullptr);
// Whether `path` names a clip in memory (memory_clips.hpp) for the command on this thread: its
// frames are shared with the one who handed it in, so a command that changes frames in place
// makes them its own first.
bool from_memory(const std::string& path);
// Every motion of the file (at `choice.source_fps` when given), or nullopt after printing the
// error; each motion's warnings are printed. For `render --grid` of one file holding a batch.
std::optional<std::vector<Clip>> load_all_motions_reporting(const std::string& path, std::ostream& err,
                                                            std::uint64_t* bytes, const MotionChoice& choice);

// Two clips loaded at the same time (each load is multi-threaded too; together they keep the cores
// busy through each other's serial parts), with the messages and outcome of two load_clip_reporting
// calls in a row: the first's error (and nothing about the second), or its warnings and then the
// second's error or warnings. The second load is cancelled when the first fails. `bytes` (optional)
// receives the bytes of both. A load that runs out of memory throws std::bad_alloc here, on the
// calling thread, after the other load has stopped.
std::optional<std::pair<Clip, Clip>> load_two_clips_reporting(const std::string& first, const std::string& second,
                                                              std::ostream& err, std::uint64_t* bytes = nullptr,
                                                              const MotionChoice& choice = {});

}  // namespace bvhscope::cli
