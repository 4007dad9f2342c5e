// bvhscope compare DIR_A DIR_B: every file of the reference folder against its partner in the
// other (the same stem, or --pair-by index: the same place in natural order), each pair compared
// as `compare A B` does, in parallel; a line (or JSON object) per pair, the files left unpaired,
// and the set's figures: mean and median MPJPE and PA-MPJPE, each joint's mean, the worst pairs.
// --csv writes one row per pair.
#pragma once

#include <ostream>
#include <string>

#include "cli/arguments.hpp"
#include "cli/compare_pair.hpp"

namespace bvhscope::cli {

int compare_folders(const CompareSetup& setup, const ParsedArguments& parsed, const std::string& reference_folder,
                    const std::string& other_folder, std::ostream& out, std::ostream& err);

}  // namespace bvhscope::cli
