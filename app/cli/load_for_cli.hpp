// Loading a clip for a subcommand: errors and warnings printed on stderr in the FILE:LINE:COL form.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "anim/bvh_parser.hpp"
#include "anim/clip.hpp"
#include "anim/result.hpp"
#include "cli/arguments.hpp"

namespace bvhscope::cli {

// The motion of the file at `path` a command works on, through the reader seam (read_motions: any
// format, chosen by content): `choice.motion` (an error naming how many there are when the file
// holds fewer), else its first, with a warning saying how many the file holds when it holds
// several; at `choice.source_fps` when given. Nothing printed.
Result<Clip> load_motion(const std::string& path, LoadProgress* progress = nullptr, const MotionChoice& choice = {});

// The clip, or nullopt after printing the error. Warnings are printed either way. `bytes` (optional)
// receives the bytes read (the file's size; what a pipe held), which set the work budget.
std::optional<Clip> load_clip_reporting(const std::string& path, std::ostream& err, std::uint64_t* bytes = nullptr,
                                        const MotionChoice& choice = {});

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
