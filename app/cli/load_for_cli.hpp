// Loading a clip for a subcommand: errors and warnings printed on stderr in the FILE:LINE:COL form.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "anim/clip.hpp"

namespace bvhscope::cli {

// The clip, or nullopt after printing the error. Warnings are printed either way.
std::optional<Clip> load_clip_reporting(const std::string& path, std::ostream& err);

}  // namespace bvhscope::cli
