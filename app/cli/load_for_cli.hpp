// Loading a clip for a subcommand: errors and warnings printed on stderr in the FILE:LINE:COL form.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "anim/clip.hpp"

namespace bvhscope::cli {

// The clip, or nullopt after printing the error. Warnings are printed either way.
std::optional<Clip> load_clip_reporting(const std::string& path, std::ostream& err);

// Two clips loaded at the same time (each load is multi-threaded too; together they keep the cores
// busy through each other's serial parts), with the messages and outcome of two load_clip_reporting
// calls in a row: the first's error (and nothing about the second), or its warnings and then the
// second's error or warnings. The second load is cancelled when the first fails.
std::optional<std::pair<Clip, Clip>> load_two_clips_reporting(const std::string& first, const std::string& second,
                                                              std::ostream& err);

}  // namespace bvhscope::cli
