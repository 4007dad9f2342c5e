// The bvhscope command line: picks a subcommand, or tells the caller to open the viewer.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "anim/up_axis.hpp"
#include "model/clip_loader.hpp"
#include "model/compare_start.hpp"

namespace bvhscope::cli {

// Runs the subcommand named by args[0] (info, export, --help, --version) and returns its exit code;
// nullopt when the arguments are files (or nothing) for the viewer to open. Whatever writes to
// `out` checks it at the end (finish_output): an output that could not be written is exit status 1
// with the reason on `err`.
std::optional<int> run_subcommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

struct ViewerArguments {
  std::vector<std::string> files;
  UpAxisRequest up;
  std::optional<CompareStart> compare;  // --compare, --ghost, --align, --error-scale
  FileReading reading;                  // --skeleton, --mean/--std, --key, --source-fps
};

// The viewer's arguments: FILE..., --up AXIS, the comparison's options and how files are read
// (kMotionOptionSpecs but --motion: the viewer opens every motion of a file). Returns 0, or the
// usage error's exit code after printing it (1 with the file's located error when a --skeleton,
// --mean or --std file cannot be read).
int parse_viewer_arguments(const std::vector<std::string>& args, ViewerArguments& viewer, std::ostream& err);

}  // namespace bvhscope::cli
